import Foundation
import TraceSuite

// Files, folders and child processes: the little the workshop needs, on macOS and Linux.

struct WorkshopError: Error, CustomStringConvertible {
    let description: String
    // 2: the command was wrong (bad step, no workspace); 1: the work is not done yet.
    var status: Int32 = 2
}

let files = FileManager.default

func exists(_ path: String) -> Bool { files.fileExists(atPath: path) }

func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return files.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
}

// The visible files below `folder`, as paths relative to it, sorted.
func listFiles(in folder: String) -> [String] {
    guard let enumerator = files.enumerator(atPath: folder) else { return [] }
    var found: [String] = []
    while let path = enumerator.nextObject() as? String {
        let name = (path as NSString).lastPathComponent
        if name.hasPrefix(".") {
            if isDirectory("\(folder)/\(path)") { enumerator.skipDescendants() }
            continue
        }
        if !isDirectory("\(folder)/\(path)") { found.append(path) }
    }
    return found.sorted()
}

func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

// The tests built in `scratch`, run as `swift test --skip-build` runs them. Where the test
// product is an executable (Linux), it is run directly: SwiftPM's own start, which loads the
// manifest, costs more than a second of every check. Elsewhere (a bundle on macOS), through
// SwiftPM. By its absolute path, as SwiftPM runs it (a check's processes are found by it).
func builtTests(in scratch: String, sanitizer: Bool = false, filter: String? = nil, skip: String? = nil) -> [String] {
    let folder = (scratch.hasPrefix("/") ? "" : files.currentDirectoryPath + "/") + scratch
    let product = "\(folder)/debug/RxDemoPackageTests.xctest"
    let filtered = (filter.map { ["--filter", $0] } ?? []) + (skip.map { ["--skip", $0] } ?? [])
    if files.isExecutableFile(atPath: product) && !isDirectory(product) {
        return [product, "--testing-library", "swift-testing"] + filtered
    }
    return ["swift", "test", "--skip-build", "--disable-xctest", "--scratch-path", scratch]
        + (sanitizer ? ["--sanitize=thread"] : []) + filtered
}

// Runs a command; its output is captured (standard error too), or passed straight to the
// terminal with `passThrough`. With `timeout`, a command still running after that many
// seconds is stopped with everything it started, and its output ends with a line that says
// so (status 124, as `timeout(1)` has it). Captured output keeps its first `outputCap` bytes.
@discardableResult
func run(
    _ arguments: [String], environment: [String: String] = [:], passThrough: Bool = false,
    timeout: Double? = nil
) throws -> (status: Int32, output: String) {
    fflush(nil)  // what this tool printed comes before what the command prints
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    if !passThrough {
        process.standardOutput = pipe
        process.standardError = pipe
    }
    do {
        try process.run()
    } catch {
        let command = arguments.joined(separator: " ")
        throw WorkshopError(description: tr("cannot run \(command): \(error)", "无法运行 \(command)：\(error)"))
    }
    let stopped = Flag()
    if let timeout {
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            guard process.isRunning else { return }
            stopped.set()
            stopTree(of: process.processIdentifier)
        }
    }
    var data = Data()
    var cut = false
    if !passThrough {
        let handle = pipe.fileHandleForReading
        while case let chunk = handle.availableData, !chunk.isEmpty {
            if data.count < outputCap { data.append(chunk.prefix(outputCap - data.count)) } else { cut = true }
        }
    }
    process.waitUntilExit()
    var output = String(decoding: data, as: UTF8.self)
    if cut { output += tr("\n[output cut at \(outputCap >> 20) MB]\n", "\n[输出在 \(outputCap >> 20) MB 处截断]\n") }
    if stopped.isSet {
        let command = arguments.prefix(3).joined(separator: " ")
        output += tr(
            "\nRxDemo: stopped after \(Int(timeout ?? 0)) seconds: \(command) did not finish\n",
            "\nRxDemo：\(Int(timeout ?? 0)) 秒后停止：\(command) 没有结束\n")
        return (124, output)
    }
    return (process.terminationStatus, output)
}

let outputCap = 16 << 20

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

// MARK: Nothing left running

// Every process below `root`, children after their parents (`ps`, on macOS and Linux).
func descendants(of root: pid_t) -> [pid_t] {
    let ps = Process()
    ps.executableURL = URL(fileURLWithPath: "/bin/ps")
    ps.arguments = ["-A", "-o", "pid=", "-o", "ppid="]
    let pipe = Pipe()
    ps.standardOutput = pipe
    guard (try? ps.run()) != nil else { return [] }
    let table = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    ps.waitUntilExit()
    let itself = ps.processIdentifier
    var children: [pid_t: [pid_t]] = [:]
    for line in table.split(separator: "\n") {
        let fields = line.split(separator: " ").compactMap { pid_t($0) }
        if fields.count == 2 && fields[0] != itself { children[fields[1], default: []].append(fields[0]) }
    }
    var found: [pid_t] = []
    var queue = children[root] ?? []
    while let next = queue.first {
        queue.removeFirst()
        found.append(next)
        queue += children[next] ?? []
    }
    return found
}

// Stops a process and everything it started. The tree is frozen first and read again until
// no new process appears (one may have been starting while it was read), then killed: a
// child started after one reading would otherwise outlive its killed parent.
func stopTree(of root: pid_t) {
    var frozen: [pid_t] = []
    for round in 0..<8 {
        let tree = (round == 0 ? [root] : []) + descendants(of: root).filter { !frozen.contains($0) }
        if tree.isEmpty && round > 0 { break }
        for pid in tree { kill(pid, SIGSTOP) }
        frozen += tree
    }
    for pid in frozen { kill(pid, SIGKILL) }
}

// Everything this tool started, the same way.
func stopEverythingStarted() {
    var frozen: [pid_t] = []
    for _ in 0..<8 {
        let tree = descendants(of: getpid()).filter { !frozen.contains($0) }
        if tree.isEmpty { break }
        for pid in tree { kill(pid, SIGSTOP) }
        frozen += tree
    }
    for pid in frozen { kill(pid, SIGKILL) }
}

// Ctrl-C, a SIGTERM or SIGHUP to this tool, or the end of the `make` that ran it: whatever
// this tool started ends with it, with a word to say so.
nonisolated(unsafe) private var signalSources: [DispatchSourceSignal] = []

// What to say when a signal ends this tool, and the exit status (128 + the signal unless set).
nonisolated(unsafe) var onInterrupt: (words: String, status: Int32?) = ("", nil)

func endWithEverythingStarted() {
    for stop in [SIGINT, SIGTERM, SIGHUP] {
        signal(stop, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: stop, queue: .global())
        source.setEventHandler {
            stopEverythingStarted()
            if !onInterrupt.words.isEmpty { print(onInterrupt.words) }
            fflush(nil)
            exit(onInterrupt.status ?? 128 + stop)
        }
        source.resume()
        signalSources.append(source)
    }
    let parent = getppid()
    let watcher = Thread {
        while true {
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 1)
            if getppid() != parent {
                stopEverythingStarted()
                exit(129)
            }
        }
    }
    watcher.start()
}

func timestamp(_ date: Date = Date(), format: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = format
    return formatter.string(from: date)
}

// MARK: Two at a time

// `body` for each element, two at once (the course's machines have two cores, and each of
// these is one process's work); the results in the elements' order, or the first error.
func inPairs<Element, Result>(_ elements: [Element], _ body: (Element) throws -> Result) throws -> [Result] {
    let lock = NSLock()
    var next = 0
    var results = [Swift.Result<Result, any Error>?](repeating: nil, count: elements.count)
    withoutActuallyEscaping(body) { body in
        let shared = UncheckedSendable(value: (body: body, elements: elements))
        let slots = UncheckedSendable(value: { (index: Int, result: Swift.Result<Result, any Error>) in
            lock.withLock { results[index] = result }
        })
        let take = UncheckedSendable(value: { () -> Int? in
            lock.withLock {
                defer { next += 1 }
                return next < elements.count ? next : nil
            }
        })
        DispatchQueue.concurrentPerform(iterations: min(2, elements.count)) { _ in
            while let index = take.value() {
                slots.value(index, Swift.Result { try shared.value.body(shared.value.elements[index]) })
            }
        }
    }
    return try results.map { try $0!.get() }
}

// Each on a thread of its own, all at once (each waits on a process of its own); the first
// error any of them throws is thrown once all have ended. The threads keep the closures for a
// moment after: escaping ones only.
func allAtOnce(_ bodies: [() throws -> Void]) throws {
    let done = DispatchGroup()
    let lock = NSLock()
    var firstError: (any Error)? = nil
    let fail = UncheckedSendable(value: { (error: any Error) in lock.withLock { firstError = firstError ?? error } })
    for body in bodies {
        let work = UncheckedSendable(value: body)
        done.enter()
        Thread.detachNewThread {
            do { try work.value() } catch { fail.value(error) }
            done.leave()
        }
    }
    done.wait()
    if let firstError { throw firstError }
}

// Both at once; the first error either throws. (Not through `allAtOnce`: a thread may hold
// its closure a moment after it ends, and these closures must not escape.)
func bothAtOnce<A, B>(_ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
    var a: Swift.Result<A, any Error>? = nil
    var b: Swift.Result<B, any Error>? = nil
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let work = UncheckedSendable(value: (first, second))
            let store = UncheckedSendable(value: { (i: Int) in
                if i == 0 { a = Swift.Result { try work.value.0() } } else { b = Swift.Result { try work.value.1() } }
            })
            DispatchQueue.concurrentPerform(iterations: 2) { store.value($0) }
        }
    }
    return (try a!.get(), try b!.get())
}
