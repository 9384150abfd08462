import Foundation
import TraceSuite

// The interleaving explorer (Tools/Explorer) run on a step or a workspace: what each of its
// scenarios showed.
struct ExplorationOutcome {
    let scenario: InterleavingScenario
    let holds: Bool
    // One line when it holds; else the interleaving that breaks it, side by side, and why.
    let lines: [String]

    var verdict: String { lines.last { $0.contains("✘") }?.trimmingCharacters(in: .whitespaces) ?? "" }

    // For the reference step: it calls out under a lock exactly where the table says (the
    // explorer names it in its summary), or deadlocks there; and nowhere else.
    func asExpected(for step: Step) -> Bool {
        guard let known = scenario.knownCallOut(in: step) else { return holds }
        return holds
            ? lines.first?.contains("⚑") == true
                && known.lockFiles.contains { lines.first?.contains(" \($0):") == true }
            : scenario.showsKnownCallOut(in: step, verdict: verdict)
    }
}

// Far above what exploring a scenario takes (well under a second each).
let explorerTimeout = 120.0

// The step's files the explorer replaces with instrumented ones, and the demo it does not need.
let filesTheExplorerReplaces: Set<String> = ["main.swift", "AtomicInt.swift", "Lock.swift"]
let explorerSharedLanguage = "Tests/TraceSuite/Language.swift"

// Builds `folder` (a step or a workspace) with the explorer in `scratch` and explores each
// scenario. The sources are synchronised file by file, so an edit recompiles little.
func exploreInterleavings(_ step: Step, folder: String, scratch: String, scenarios: [InterleavingScenario]) throws
    -> [ExplorationOutcome]
{
    let sources = "\(scratch)/Sources"
    try files.createDirectory(atPath: sources, withIntermediateDirectories: true)
    var wanted: [String: String] = [:]
    for file in listFiles(in: folder) where file.hasSuffix(".swift") && !filesTheExplorerReplaces.contains(file) {
        wanted[(file as NSString).lastPathComponent] = read("\(folder)/\(file)") ?? ""
    }
    for file in listFiles(in: "Tools/Explorer") where file.hasSuffix(".swift") {
        wanted[file] = read("Tools/Explorer/\(file)") ?? ""
    }
    // The course's language and display widths, written once in TraceSuite.
    wanted["Language.swift"] = read(explorerSharedLanguage) ?? ""
    for file in listFiles(in: sources) where wanted[file] == nil {
        try files.removeItem(atPath: "\(sources)/\(file)")
    }
    for (file, text) in wanted where read("\(sources)/\(file)") != text {
        try write(text, to: "\(sources)/\(file)")
    }
    // The step's number decides which scenarios the explorer compiles (sharing from step 11).
    let environment = [
        "RXDEMO_EXPLORE": sources, "RXDEMO_EXPLORE_STEP": step.number, "RXDEMO_STEP": "", "RXDEMO_WORKSPACE": "",
    ]
    let build = try run(
        ["swift", "build", "-q", "--scratch-path", "\(scratch)/build", "--product", "RxDemoExplorer"],
        environment: environment)
    guard build.status == 0 else {
        print(build.output)
        throw WorkshopError(
            description: tr(
                "the explorer's build of \(folder) failed (output above). It compiles your files with"
                    + " instrumented AtomicInt.swift and Lock.swift instead of yours: RxSwift's AtomicInt with"
                    + " add, sub, fetchOr, load, increment, decrement and isFlagSet, and RecursiveLock with"
                    + " performLocked; your other files may use only those.",
                "探索器构建 \(folder) 失败（输出见上）。它用插桩的 AtomicInt.swift 和 Lock.swift 代替你的这两个文件来编译"
                    + "你的代码：RxSwift 的 AtomicInt 只有 add、sub、fetchOr、load、increment、decrement 和 isFlagSet，"
                    + "RecursiveLock 只有 performLocked；你的其他文件只能用这些。"),
            status: 1)
    }
    let explorer = "\(scratch)/build/debug/RxDemoExplorer"
    let known = try run([explorer, "list"]).output.split(separator: "\n").map(String.init)
    let expected = step.interleavingScenarios.map(\.key)
    guard Set(known) == Set(expected) else {
        throw WorkshopError(
            description: tr(
                "Tools/Explorer has scenarios \(known.sorted()) for \(step), TraceSuite's InterleavingScenarioID \(expected.sorted()); make them the same",
                "Tools/Explorer 为 \(step) 提供的场景是 \(known.sorted())，TraceSuite 的 InterleavingScenarioID 是 \(expected.sorted())；两者要一致"
            ))
    }
    let schedule = "\(scratch)/schedule"
    return try scenarios.map { scenario in
        let quiet = [
            "RXDEMO_EXPLORE_SCHEDULE": schedule, "SWIFT_BACKTRACE": "enable=no",
            "RXDEMO_EXPLORE_KNOWN_CALL_OUT": scenario.knownCallOut(in: step)?.lockFiles.joined(separator: ",") ?? "",
        ]
        let explored = try run([explorer, "explore", scenario.key], environment: quiet, timeout: explorerTimeout)
        let lines = explored.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.isEmpty }
        if explored.status == 0 || explored.status == 1 {
            return ExplorationOutcome(scenario: scenario, holds: explored.status == 0, lines: lines)
        }
        // An endless loop between two lock operations: the explorer cannot switch away from it.
        if explored.status == 124 {
            let decisions = (read(schedule) ?? "").split(separator: " ").dropFirst().first.map(String.init) ?? ""
            return ExplorationOutcome(
                scenario: scenario, holds: false,
                lines: [
                    "\(scenario.key)"
                        + tr(
                            ": did not finish in \(Int(explorerTimeout)) seconds:", "：\(Int(explorerTimeout)) 秒内没有结束："),
                    tr(
                        "    ✘ did not finish: an endless loop in the step's code, in the interleaving with decisions \(decisions)"
                            + " (replay it: the explorer's replay command prints each step as it goes)",
                        "    ✘ 没有结束：这一步的代码里有一个无尽循环，出现在决策为 \(decisions) 的交错中"
                            + "（重放它：探索器的 replay 命令会边运行边打印每一步）"),
                ])
        }
        // It crashed: run the interleaving it was in once more, printed as it goes.
        let decisions = (read(schedule) ?? "").split(separator: " ").dropFirst().first.map(String.init) ?? ""
        let replayed = try run([explorer, "replay", scenario.key, decisions], environment: quiet)
        var shown = replayed.output.split(separator: "\n").map(String.init)
        let fatal = shown.firstIndex { $0.contains("Fatal error") }  // both languages
        let message = fatal.map { shown[$0].components(separatedBy: "Fatal error: ").last ?? "" }  // both languages
        if let fatal { shown.removeSubrange(fatal...) }
        return ExplorationOutcome(
            scenario: scenario, holds: false,
            lines: ["\(scenario.key)" + tr(": crashes in this interleaving:", "：在这个交错中崩溃：")] + shown + [
                "    ✘ " + tr("crashed", "崩溃了") + (message.map { tr(": ", "：") + $0 } ?? tr(" (signal)", "（信号）"))
            ])
    }
}
