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
    return try runWatched("\(folder)/\(product)", name: mine ? workspace.path : product)
}

// Runs `binary`, its output straight to the terminal; stops it when it goes quiet for too long
// or prints too much, after asking the Swift runtime for every thread's stack (SIGQUIT).
func runWatched(_ binary: String, name: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.environment = ProcessInfo.processInfo.environment.merging([
        "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"
    ]) { $1 }
    let (output, errors) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let seen = DemoActivity()
    let copying = DispatchGroup()
    for (pipe, isError) in [(output, false), (errors, true)] {
        copying.enter()
        DispatchQueue.global().async {
            while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
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
        kill(process.processIdentifier, SIGQUIT)
        for _ in 0..<50 where process.isRunning { _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.1) }
        stopTree(of: process.processIdentifier)
        _ = copying.wait(timeout: .now() + 2)
        print()
        print(tr("Stopped: ", "已停止：") + why + tr(".", "。"))
        let places = stuckReport(Watchdog.marker + " " + why + "\n" + seen.errorText)?.where ?? []
        if !places.isEmpty {
            print(tr("Where it stood:", "停在哪里："))
            places.forEach { print("  - " + $0) }
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
    private var stop = false

    func saw(_ chunk: Data, isError: Bool) {
        lock.withLock {
            if !stop { last = Date() }
            count += chunk.count
            if isError && errors.count < outputCap { errors.append(chunk) }
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

extension Command {
    static let run = Command(name: "run", takes: "NN", help: "the step's demo (MINE=1: your Workshop/RxDemoNN's)") {
        try runDemo($0.workspace(), mine: $0.isOn("MINE"))
    }
}
