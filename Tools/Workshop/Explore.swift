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

// The step's primitives the explorer can replace with its instrumented ones (Tools/Explorer
// has a file of each name), tried in this order: RxSwift's API, each operation reported at
// its caller's line; then the step's own, explored through the NSLock and NSRecursiveLock
// they are built on, so that any correct form (another integer width, a rethrowing helper,
// helpers of its own) is explored rather than refused. The first choice that builds is kept
// for the next check while the files it replaces stay the same (`primitives` in the scratch folder).
let explorerReplacements: [Set<String>] = [["AtomicInt.swift", "Lock.swift"], ["Lock.swift"], ["AtomicInt.swift"], []]
// The demo, which the explorer does not need.
let filesTheExplorerLeavesOut: Set<String> = ["main.swift"]
let explorerSharedLanguage = "Tests/TraceSuite/Language.swift"

// Builds `folder` (a step or a workspace) with the explorer in `scratch` and explores each
// scenario.
func exploreInterleavings(_ step: Step, folder: String, scratch: String, scenarios: [InterleavingScenario]) throws
    -> [ExplorationOutcome]
{
    let explorer = try buildExplorer(step, folder: folder, scratch: scratch)
    return try explore(step, with: explorer, scratch: scratch, scenarios: scenarios)
}

// The explorer built with `folder`'s files; its path. The sources are synchronised file by
// file, so an edit recompiles little.
func buildExplorer(_ step: Step, folder: String, scratch: String) throws -> String {
    let sources = "\(scratch)/Sources"
    try files.createDirectory(atPath: sources, withIntermediateDirectories: true)
    // Each act's scenarios are written in its own API: a step compiles only its act's.
    let otherActsScenarios = step.isDemandAct ? "ExplorerScenarios.swift" : "DemandExplorerScenarios.swift"
    let instrumented = Set(
        listFiles(in: "Tools/Explorer").filter { $0.hasSuffix(".swift") && $0 != otherActsScenarios })
    let replaceable = explorerReplacements[0]
    let stepFiles = listFiles(in: folder).filter { $0.hasSuffix(".swift") && !filesTheExplorerLeavesOut.contains($0) }
    // One module: the step's files, then the explorer's (those named like a step file only
    // when that choice replaces it), and the course's language and display widths from TraceSuite.
    func sourcesReplacing(_ replaced: Set<String>) -> [String: String] {
        var wanted: [String: String] = [:]
        for file in stepFiles where !replaced.contains((file as NSString).lastPathComponent) {
            wanted[(file as NSString).lastPathComponent] = read("\(folder)/\(file)") ?? ""
        }
        for file in instrumented where !replaceable.contains(file) || replaced.contains(file) {
            wanted[file] = read("Tools/Explorer/\(file)") ?? ""
        }
        wanted["Language.swift"] = read(explorerSharedLanguage) ?? ""
        return wanted
    }
    func synchronise(_ wanted: [String: String]) throws {
        for file in listFiles(in: sources) where wanted[file] == nil {
            try files.removeItem(atPath: "\(sources)/\(file)")
        }
        for (file, text) in wanted where read("\(sources)/\(file)") != text {
            try write(text, to: "\(sources)/\(file)")
        }
    }
    // The step's number decides which scenarios the explorer compiles (sharing from step 11).
    let environment = [
        "RXDEMO_EXPLORE": sources, "RXDEMO_EXPLORE_STEP": step.number, "RXDEMO_STEP": "", "RXDEMO_WORKSPACE": "",
    ]
    // Kept with the text of the files it replaces: once they change, the first choice is tried again.
    let remembered = "\(scratch)/primitives"
    let replaceableText = replaceable.sorted().map { file in
        stepFiles.first { ($0 as NSString).lastPathComponent == file }.flatMap { read("\(folder)/\($0)") } ?? ""
    }.joined(separator: "\n")
    func memo(_ choice: Set<String>) -> String {
        choice.sorted().joined(separator: " ") + "\n" + fnv1a(replaceableText)
    }
    // The demand act's steps have neither RxSwift's AtomicInt nor its RecursiveLock: their own
    // locks (NSLock and NSRecursiveLock, as OpenCombine's are) are explored as they are.
    let choices: [Set<String>] = step.isDemandAct ? [[]] : explorerReplacements
    let last = choices.first { memo($0) == read(remembered) }
    var failure = ""
    var built = false
    for replaced in (last.map { [$0] } ?? []) + choices.filter({ $0 != last }) {
        try synchronise(sourcesReplacing(replaced))
        let build = try quickBuild(
            ["swift", "build", "-q", "--scratch-path", "\(scratch)/build", "--product", "RxDemoExplorer"],
            scratch: "\(scratch)/build", changing: sources, environment: environment)
        if build.status == 0 {
            try write(memo(replaced), to: remembered)
            built = true
            break
        }
        failure = build.output
    }
    guard built else { throw explorerBuildFailure(folder: folder, sources: sources, output: failure) }
    return "\(scratch)/build/debug/RxDemoExplorer"
}

// Explores each scenario, two at a time (each is one thread's work, and deterministic), each
// with a schedule file of its own; the outcomes in the scenarios' order.
func explore(_ step: Step, with explorer: String, scratch: String, scenarios: [InterleavingScenario]) throws
    -> [ExplorationOutcome]
{
    let known = try run([explorer, "list"]).output.split(separator: "\n").map(String.init)
    let expected = step.interleavingScenarios.map(\.key)
    guard Set(known) == Set(expected) else {
        throw WorkshopError(
            description: tr(
                "Tools/Explorer has scenarios \(known.sorted()) for \(step), TraceSuite's InterleavingScenarioID \(expected.sorted()); make them the same",
                "Tools/Explorer 为 \(step) 提供的场景是 \(known.sorted())，TraceSuite 的 InterleavingScenarioID 是 \(expected.sorted())；两者要一致"
            ))
    }
    return try inPairs(scenarios) { scenario in
        let schedule = "\(scratch)/schedule-\(scenario.key)"
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

// Every choice of primitives failed: the step's own files could not be compiled beside the
// explorer's. Not the compiler's output again (the step's own build passed): the first error,
// where it is in the participant's terms, and what the explorer needs.
func explorerBuildFailure(folder: String, sources: String, output: String) -> WorkshopError {
    let firstError =
        output.split(separator: "\n").first { $0.contains(": error: ") }.map {  // both languages
            $0.replacingOccurrences(of: files.currentDirectoryPath + "/" + sources + "/", with: "")
                .replacingOccurrences(of: sources + "/", with: "")
        } ?? ""
    if let verbose = ProcessInfo.processInfo.environment["VERBOSE"], !verbose.isEmpty, verbose != "0" { print(output) }
    return WorkshopError(
        description: tr(
            "the interleaving explorer could not compile \(folder) beside its own files (Tools/Explorer), with its"
                + " instrumented AtomicInt.swift and Lock.swift nor with yours. Its first error: \(firstError)\n"
                + "It compiles your files (all but main.swift) and its own as one module, and schedules every NSLock and"
                + " NSRecursiveLock your code makes, so your locks must be those (or built on them, as RxSwift's AtomicInt"
                + " and RecursiveLock are), and no top-level name of yours may be one of the explorer's (the error names it:"
                + " rename yours). VERBOSE=1 shows the compiler's whole output.",
            "交错探索器没能把 \(folder) 和它自己的文件（Tools/Explorer）一起编译：用它插桩的 AtomicInt.swift 和"
                + " Lock.swift 不行，用你的也不行。第一个错误：\(firstError)\n"
                + "它把你的文件（main.swift 除外）和它自己的文件编译成一个模块，并调度你的代码创建的每一把 NSLock 和"
                + " NSRecursiveLock，所以你的锁必须是这两种（或者像 RxSwift 的 AtomicInt 和 RecursiveLock 那样建在它们之上），"
                + "而且你的顶层名字不能和探索器的重名（错误里会指出是哪个：请改你的名字）。VERBOSE=1 显示编译器的全部输出。"),
        status: 1)
}
