import Foundation
import TraceSuite

// `make run STEP=04`: the reference step's demo. MINE=1 runs the participant's workspace
// instead, built as step NN in the workshop's build folder. Either is built first, then run
// under watch: a demo that prints nothing new for `demoQuietLimit` seconds, or prints without
// end, is stopped and named, with where its threads stood.
let demoQuietLimit = 10.0

func runDemo(_ workspace: Workspace, mine: Bool) throws -> Int32 {
    let product = "RxDemo\(workspace.number)"
    if mine && !isDirectory(workspace.path) {
        throw WorkshopError(
            description: tr(
                "there is no \(workspace.path) to run; 'make start STEP=\(workspace.number)' creates it, 'make run STEP=\(workspace.number)' runs the reference",
                "没有可运行的 \(workspace.path)；make start STEP=\(workspace.number) 会创建它，make run STEP=\(workspace.number) 运行参考实现"
            ))
    }
    let scratch = mine ? ["--scratch-path", ".build-workshop"] : []
    let environment = mine ? ["RXDEMO_STEP": workspace.number, "RXDEMO_WORKSPACE": workspace.path] : [:]
    print("swift run \(product)")  // both languages
    let build = try run(["swift", "build", "-q"] + scratch + ["--product", product], environment: environment)
    guard build.status == 0 else {
        print(build.output)
        return build.status
    }
    let folder = try run(["swift", "build"] + scratch + ["--show-bin-path"], environment: environment).output
        .trimmingCharacters(in: .whitespacesAndNewlines)
    return try runWatched(
        "\(folder)/\(product)", name: mine ? workspace.path : product,
        sources: mine ? workspace.path : "Steps/\(product)")
}

// Runs `binary`, its output straight to the terminal; stops it when it goes quiet for too long
// or prints too much, after asking the Swift runtime for every thread's stack (SIGILL: on Linux
// the backtracer answers it, as it answers a trap, and printed nothing for SIGQUIT when tried).
func runWatched(_ binary: String, name: String, sources: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    // Every frame of every thread, a blocked one's down to the demo's own line, as the checks'
    // watchdog asks for them.
    process.environment = ProcessInfo.processInfo.environment.merging([
        "SWIFT_BACKTRACE": "enable=yes,preset=full,registers=none,images=none,interactive=no,color=no,unwind=precise"
    ]) { $1 }
    // Its standard output a terminal of our own, where `print` writes each line at once: into a
    // pipe it would keep what the demo printed in a buffer that is lost when the demo is stopped.
    let terminal = DemoTerminal()
    let errors = Pipe()
    let output = terminal == nil ? Pipe() : nil
    process.standardOutput = terminal?.demoSide ?? output
    process.standardError = errors
    try process.run()
    terminal?.closeDemoSide()
    let seen = DemoActivity()
    let copying = DispatchGroup()
    let (outputHandle, errorHandle) = (output?.fileHandleForReading, errors.fileHandleForReading)
    let readers: [(read: @Sendable () -> Data, isError: Bool)] = [
        ({ terminal?.read() ?? outputHandle!.availableData }, false),
        ({ errorHandle.availableData }, true),
    ]
    for (read, isError) in readers {
        copying.enter()
        DispatchQueue.global().async {
            while case let chunk = read(), !chunk.isEmpty {
                seen.saw(chunk, isError: isError)
                if !isError || !seen.stopping { FileHandle.standardOutput.write(chunk) }
            }
            copying.leave()
        }
    }
    var why: String? = nil
    while process.isRunning {
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.1)
        if seen.quietFor > demoQuietLimit {
            why = tr(
                "\(name) printed nothing new for \(Int(demoQuietLimit)) seconds: an endless loop or a deadlock, most likely",
                "\(name) 已经 \(Int(demoQuietLimit)) 秒没有新的输出：很可能是死循环或死锁")
        } else if seen.bytes > outputCap {
            why = tr(
                "\(name) printed more than \(outputCap >> 20) MB: a loop that prints without end, most likely",
                "\(name) 打印了超过 \(outputCap >> 20) MB：很可能是一个不停打印的循环")
        }
        guard let why else { continue }
        seen.stopping = true
        // Read before the signal: a thread that waits shows its whole stack only while it waits.
        let stacks = ThreadStacks.sample(of: process.processIdentifier)
        kill(process.processIdentifier, SIGILL)
        for _ in 0..<50 where process.isRunning { _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.1) }
        stopTree(of: process.processIdentifier)
        _ = copying.wait(timeout: .now() + 2)
        print()
        print(tr("Stopped: ", "已停止：") + why + tr(".", "。"))
        let places =
            stuckReport(Watchdog.marker + " " + why + "\n" + seen.errorText + "\n" + stacks, sources: sources)?.where
            ?? []
        if !places.isEmpty {
            print(tr("Where it stood:", "停在哪里："))
            places.forEach { print("  - " + $0) }
        } else {
            // Every thread idle: what waits is a task, which no thread's stack shows.
            print(
                tr(
                    "No thread stood in your code: the demo waits in a task, most likely an `await` whose continuation"
                        + " is never resumed, or a loop over a stream that is never finished.",
                    "没有线程停在你的代码里：演示程序在一个任务里等待，最可能是某个 `await` 的 continuation 从未被恢复，"
                        + "或者在遍历一个从未结束的流。"))
            if let waiting = awaitAfter(seen.lastLine, in: sources + "/main.swift") {
                print(tr("The await after the last line it printed: ", "它打印的最后一行之后的 await：") + waiting)
            }
        }
        return 1
    }
    process.waitUntilExit()
    _ = copying.wait(timeout: .now() + 2)
    return process.terminationStatus
}

// What a watched demo has printed, and when it last printed anything.
final class DemoActivity: @unchecked Sendable {
    private let lock = NSLock()
    private var last = Date()
    private var count = 0
    private var errors = Data()
    private var output = Data()
    private var stop = false

    func saw(_ chunk: Data, isError: Bool) {
        lock.withLock {
            if !stop { last = Date() }
            count += chunk.count
            if isError && errors.count < outputCap { errors.append(chunk) }
            if !isError { output = (output + chunk).suffix(4096) }
        }
    }

    // The last line the demo printed.
    var lastLine: String {
        lock.withLock {
            String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
                .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
        }
    }

    var quietFor: Double { lock.withLock { Date().timeIntervalSince(last) } }
    var bytes: Int { lock.withLock { count } }
    var errorText: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }
    var stopping: Bool {
        get { lock.withLock { stop } }
        set { lock.withLock { stop = newValue } }
    }
}

// Swift's own words, not a message.
private let swiftLoopKeywords = ["for try await", "for await"]  // both languages

// "main.swift:163: print(\"  answer: \\(try await answer.value)\")": the first line with an
// `await` at or after the `print` whose fixed text begins the demo's last line.
func awaitAfter(_ lastLine: String, in file: String) -> String? {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
    let lines = text.components(separatedBy: "\n")
    let printed = lastLine.trimmingCharacters(in: .whitespaces)
    let printing = lines.indices.last { index in
        guard let open = lines[index].range(of: "print(\"") else { return false }
        let literal = lines[index][open.upperBound...].prefix { $0 != "\"" && $0 != "\\" }
            .trimmingCharacters(in: .whitespaces)
        return !literal.isEmpty && printed.hasPrefix(literal)
    }
    guard let printing else { return nil }
    // Inside a `for await` loop, the loop's next element is what it waits for.
    let indent = { (line: String) in line.prefix { $0 == " " }.count }
    if let enclosing = lines[..<printing].lastIndex(where: {
        !$0.trimmingCharacters(in: .whitespaces).isEmpty && indent($0) < indent(lines[printing])
    }), swiftLoopKeywords.contains(where: { lines[enclosing].contains($0) }) {
        return "\(file):\(enclosing + 1): " + lines[enclosing].trimmingCharacters(in: .whitespaces)
    }
    guard
        let at = lines[printing...].firstIndex(where: {
            $0.contains("await ") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        })
    else { return nil }
    return "\(file):\(at + 1): " + lines[at].trimmingCharacters(in: .whitespaces)
}

extension Command {
    static let run = Command(name: "run", takes: "NN", help: "the step's demo (MINE=1: your Workshop/RxDemoNN's)") {
        try runDemo($0.workspace(), mine: $0.isOn("MINE"))
    }
}

// A pseudo-terminal (POSIX, on macOS and Linux alike): the demo writes to its one side as to a
// terminal, line by line, and the tool reads the other. Output post-processing is off, so a
// line ends in "\n" as printed. nil where none can be had: the demo then writes into a pipe.
final class DemoTerminal: @unchecked Sendable {
    private let reading: Int32
    let demoSide: FileHandle

    init?() {
        // Looked up at run time: Swift's Glibc module leaves these XSI functions out.
        guard let openTerminal = cFunction("posix_openpt", as: (@convention(c) (Int32) -> Int32).self),
            let grant = cFunction("grantpt", as: (@convention(c) (Int32) -> Int32).self),
            let unlock = cFunction("unlockpt", as: (@convention(c) (Int32) -> Int32).self),
            let nameOf = cFunction("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        else { return nil }
        let reading = openTerminal(O_RDWR | O_NOCTTY)
        guard reading >= 0 else { return nil }
        guard grant(reading) == 0, unlock(reading) == 0, let name = nameOf(reading) else {
            close(reading)
            return nil
        }
        let demo = open(name, O_RDWR | O_NOCTTY)
        guard demo >= 0 else {
            close(reading)
            return nil
        }
        var settings = termios()
        if tcgetattr(demo, &settings) == 0 {
            settings.c_oflag &= ~tcflag_t(OPOST)
            _ = tcsetattr(demo, TCSANOW, &settings)
        }
        self.reading = reading
        demoSide = FileHandle(fileDescriptor: demo, closeOnDealloc: true)
    }

    // Once the demo has it: the reading side then ends when the demo's copy closes.
    func closeDemoSide() { try? demoSide.close() }

    // What the demo wrote since the last read; empty once it has exited (Linux says so with EIO).
    func read() -> Data {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = readDescriptor(reading, &buffer, buffer.count)
            if count > 0 { return Data(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return Data()
        }
    }

    deinit { close(reading) }
}

private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

// A C function of the process by name (RTLD_DEFAULT: every library loaded).
private func cFunction<T>(_ name: String, as type: T.Type) -> T? {
    #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
    #else
        let everywhere: UnsafeMutableRawPointer? = nil
    #endif
    return dlsym(everywhere, name).map { unsafeBitCast($0, to: type) }
}
