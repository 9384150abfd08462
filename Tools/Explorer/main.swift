import Foundation

// The interleaving explorer: `RxDemoExplorer list` prints the scenario ids;
// `RxDemoExplorer explore ID…` explores each and prints, for the first interleaving that breaks
// one, its two threads side by side; `RxDemoExplorer replay ID DECISIONS` runs one interleaving
// and prints it as it goes (what the workshop tool runs after a crash, from the file that
// RXDEMO_EXPLORE_SCHEDULE names, where `explore` writes each run's decisions before it starts).
// Exit status: 0 when nothing breaks, 1 when something does, 2 for bad arguments.

// The report in the course's language, decided as the workshop decides: TraceSuite's
// Language.swift is compiled in beside these files (`tr`, `displayWidth`).

let preemptionBound = 2
let runLimit = 200_000

// The report goes to the original standard output; the step's own prints (the
// synchronization tracker's warnings, which overlapping deliveries in a broken interleaving
// set off) go to /dev/null, so they cannot split the side-by-side lines.
let report = FileHandle(fileDescriptor: dup(1), closeOnDealloc: false)
_ = dup2(open("/dev/null", O_WRONLY), 1)

func emit(_ text: String) {
    report.write(Data((text + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
}

func scenario(_ id: String) -> ExplorerScenario {
    guard let found = explorerScenarios.first(where: { $0.id == id }) else {
        fail("no interleaving scenario '\(id)'; they are: \(explorerScenarios.map(\.id).joined(separator: ", "))")
    }
    return found
}

// A call-out under a lock made in one of these files is the reference step's own, as its
// RxSwift makes it (RXDEMO_EXPLORE_KNOWN_CALL_OUT, comma-separated, from TraceSuite's table): it
// is reported once, and the exploration goes on, so that it hides no other fault of the scenario.
let knownCallOutFiles = Set(
    (ProcessInfo.processInfo.environment["RXDEMO_EXPLORE_KNOWN_CALL_OUT"] ?? "").split(separator: ",").map(String.init))

func breakage(of explorer: Interleavings, _ check: () -> String?) -> String? {
    if let deadlock = explorer.deadlock { return tr("deadlock: ", "死锁：") + deadlock }
    if let callOut = explorer.callOutUnderLock, !explorer.callOutLockFiles.contains(where: knownCallOutFiles.contains) {
        return callOut
    }
    return check()
}

// Explores one scenario; true when no interleaving breaks it.
func explore(_ scenario: ExplorerScenario, scheduleFile: String?) -> Bool {
    let explorer = Interleavings.shared
    var decisions: [Int] = []
    var runs = 0
    var knownCallOut: String? = nil
    while true {
        if let scheduleFile {
            try? "\(scenario.id) \(decisions.map(String.init).joined(separator: ","))"
                .write(toFile: scheduleFile, atomically: false, encoding: .utf8)
        }
        let (threads, problem) = scenario.make()
        explorer.run(threads, following: decisions)
        runs += 1
        knownCallOut = knownCallOut ?? explorer.callOutUnderLock
        if let broken = breakage(of: explorer, problem) {
            emit("\(scenario.id)" + tr(": breaks in interleaving \(runs):", "：在第 \(runs) 种交错中失败："))
            emit(explorer.header())
            explorer.entries.forEach { emit(explorer.line(for: $0)) }
            emit("    ✘ " + broken)
            return false
        }
        guard runs < runLimit, let next = explorer.nextDecisions(preemptionBound: preemptionBound) else {
            // ⚑ marks the step's known call-out, in both languages (the workshop looks for it).
            emit(
                "\(scenario.id)"
                    + tr(": \(runs) interleavings, none breaks it", "：\(runs) 种交错，没有一种让它失败")
                    + (runs < runLimit ? "" : tr(" (stopped at \(runLimit); more exist)", "（在 \(runLimit) 种处停下；还有更多）"))
                    + (knownCallOut.map { tr("; ⚑ the step's known ", "；⚑ 这一步已知的") + $0 } ?? ""))
            return true
        }
        decisions = next
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "list":
    explorerScenarios.forEach { emit($0.id) }
case "explore":
    let ids = arguments.dropFirst()
    let scheduleFile = ProcessInfo.processInfo.environment["RXDEMO_EXPLORE_SCHEDULE"]
    let results = (ids.isEmpty ? explorerScenarios.map(\.id) : Array(ids)).map {
        explore(scenario($0), scheduleFile: scheduleFile)
    }
    exit(results.allSatisfy { $0 } ? 0 : 1)
case "replay":
    guard arguments.count >= 2 else {
        fail("replay needs a scenario id and its decisions, e.g. 'replay disposeTwice 0,1'")
    }
    let decisions = arguments.count > 2 ? arguments[2].split(separator: ",").compactMap { Int($0) } : []
    let explorer = Interleavings.shared
    explorer.echo = true
    emit(explorer.header())
    let (threads, problem) = scenario(arguments[1]).make()
    explorer.run(threads, following: decisions)
    if let broken = breakage(of: explorer, problem) {
        emit("    ✘ " + broken)
        exit(1)
    }
default:
    fail("say 'list', 'explore [ID…]' or 'replay ID DECISIONS'")
}
