import Foundation
import TraceSuite

// The reference step in a workspace, with each edit's `changes` made to its file. Only the files
// whose text differs from what the workspace holds are written, and files the reference lacks
// removed: the self-test checks one mistake after another in one workspace, and a build then
// compiles the changed files, not all of them (a fresh copy costs step 15 about 3 s a check).
func referenceCopy(
    _ workspace: Workspace, edits: [(file: String, changes: KeyValuePairs<String, String>)], what: String
) throws {
    var wanted: [String: String] = [:]
    for file in listFiles(in: workspace.reference) {
        guard let text = read("\(workspace.reference)/\(file)") else {
            throw WorkshopError(description: "cannot read \(workspace.reference)/\(file)")
        }
        wanted[file] = text
    }
    for edit in edits where !edit.changes.isEmpty {
        guard var text = wanted[edit.file], edit.changes.allSatisfy({ text.contains($0.key) }) else {
            throw WorkshopError(description: "\(what) no longer applies to \(workspace.reference)/\(edit.file)")
        }
        for (original, replacement) in edit.changes {
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        wanted[edit.file] = text
    }
    if !isDirectory(workspace.path) {
        try? files.removeItem(atPath: workspace.path)
        try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
    }
    for file in listFiles(in: workspace.path) where wanted[file] == nil {
        try files.removeItem(atPath: "\(workspace.path)/\(file)")
    }
    for (file, text) in wanted where read("\(workspace.path)/\(file)") != text {
        let folder = ("\(workspace.path)/\(file)" as NSString).deletingLastPathComponent
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write(text, to: "\(workspace.path)/\(file)")
    }
}

// The reference step with a mutant's mistake made in it.
func mutantCopy(_ workspace: Workspace, _ mutant: Mutant) throws {
    try referenceCopy(
        workspace, edits: [(mutant.file, mutant.changes)] + (mutant.alsoIn.map { [($0.file, $0.changes)] } ?? []),
        what: "the mutant \"\(mutant.mistake)\"")
}

// An alternative solution as a participant would get there; nil when it is not done.
func build(_ alternative: Alternative, root: String) throws -> CheckResult {
    let workspace = Workspace(step: alternative.step, root: root)
    let what = "the alternative \"\(alternative.design)\""
    guard let previous = alternative.carriedFrom else {
        try referenceCopy(
            workspace,
            edits: [(alternative.file, alternative.changes)] + alternative.alsoIn.map { ($0.file, $0.changes) },
            what: what)
        return try check(workspace, verbose: false, quiet: true)
    }
    // The step before, done the participant's way, then `make start` and this step's files.
    guard try build(previous, root: root).status == .done else {
        return CheckResult(status: .notDone, summary: "its step before is not done")
    }
    try? files.removeItem(atPath: workspace.path)
    let starter = try chooseStarter(for: workspace, from: nil)
    guard starter.origin.hasPrefix("your own") else {
        return CheckResult(status: .notDone, summary: "make start took \(starter.origin)")
    }
    try createStarter(workspace, from: starter)
    let changed = changedFiles(alternative.step).map { String($0.prefix { $0 != " " }) }
    for file in changed {
        try? files.removeItem(atPath: "\(workspace.path)/\(file)")
    }
    try copy(changed, from: workspace.reference, to: workspace.path)
    return try check(workspace, verbose: false, quiet: true)
}

// The names of the scenarios that this step is the first to require: trace scenarios the step
// before does not run, and the thread scenarios once the step is meant to be thread-safe.
// From step 07 on, each has a hint of its own on the page.
func scenariosFirstRequired(by step: Step) -> [String] {
    guard let previous = step.previous else { return step.scenarios.map(\.name) }
    let trace = step.scenarios.filter { scenario in !previous.scenarios.contains { $0.id == scenario.id } }
    let threads = step.threadScenarios.filter { scenario in
        step.isThreadSafe && !(previous.isThreadSafe && previous.threadScenarios.contains { $0.id == scenario.id })
    }
    let interleavings = step.interleavingScenarios.filter { scenario in
        !previous.interleavingScenarios.contains { $0.id == scenario.id }
    }
    return trace.map(\.name) + threads.map(\.name) + interleavings.map(\.name)
}

// For every step: `make start` and `make hint` work, the untouched starter is not done, and
// the reference copied into the workspace is; correct alternatives are done too, and known mistakes are not. Run by CI
// in a folder of its own, never in the participant's Workshop/.
func selftest(_ steps: [Step], record: Bool = false, root: String = selftestRoot, interrupting: Bool = true) throws
    -> Int32
{
    // What each mistake prints for the scenarios it fails, per step (Tests/Mistakes).
    var printed: [Step: [RecordedMistakes.Failure]] = [:]
    try? files.removeItem(atPath: "\(root)/.state")
    var passed = 0
    var failed = 0
    func count(_ ok: Bool) { if ok { passed += 1 } else { failed += 1 } }
    print("Step      starter                      reference")
    // Each line ends with its seconds, so that the budget is watched where it is spent.
    func took(_ start: Date) -> String { " [\(Int(Date().timeIntervalSince(start))) s]" }
    for step in steps {
        let stepBegan = Date()
        let workspace = Workspace(step: step, root: root)
        try? files.removeItem(atPath: workspace.path)
        try? files.removeItem(atPath: "\(root)/.hints/\(workspace.name)")
        // A participant's first three commands, through the same code as `make start`, `make
        // check` and `make hint`: each reads the step's page, so a page they cannot use fails here.
        var said: [String] = []
        var problems: [String] = []
        do { try start(workspace, from: "reference", out: { said.append($0) }) } catch {
            problems.append("make start: \(error)")
            try createStarter(workspace, from: chooseStarter(for: workspace, from: "reference"))
        }
        let starter = try check(workspace, verbose: false, quiet: true)
        said = []
        do { try hint(workspace, out: { said.append($0) }) } catch { problems.append("make hint: \(error)") }
        if problems.isEmpty
            && !said.contains(where: { $0 == hintTitle(1, of: 3, for: workspace.name) || $0 == hintForScenarioTitle })
        {
            problems.append("make hint printed no hint: " + said.joined(separator: " / "))
        }
        if step.isSecondAct || step.isSideStep, let page = try? BuildItYourself(step: step) {
            let missing = scenariosFirstRequired(by: step).filter { page.scenarioHints[$0] == nil }
            if !missing.isEmpty {
                problems.append(
                    "\(page.page) needs a '### Hint: «…»' for " + missing.map { "«\($0)»" }.joined(separator: ", "))
            }
        }
        let unlisted = try namesTheChecksCallLeaveOut(for: step)
        if !unlisted.isEmpty {
            problems.append(
                "Tests/RxSwiftAdapter uses \(unlisted.map { "`\($0)`" }.joined(separator: ", ")) for \(step), and no "
                    + "'What the checks call' up to its page names them")
        }
        try referenceCopy(workspace, edits: [], what: "the reference")
        let reference = try check(workspace, verbose: false, quiet: true)
        let ok = starter.status != .done && reference.status == .done && problems.isEmpty
        count(ok)
        let left = "not done (\(starter.summary))".padding(toLength: 29, withPad: " ", startingAt: 0)
        print(
            "\(step)  \(left)\(reference.summary)\(ok ? "" : "   ✘ expected: starter not done, reference done")"
                + took(stepBegan))
        problems.forEach { print("          ✘ \($0)") }
    }
    let wantedAlternatives = alternatives.filter { steps.contains($0.step) }
    if !wantedAlternatives.isEmpty {
        print()
        print("Other correct solutions the suite must call done:")
    }
    for alternative in wantedAlternatives {
        let began = Date()
        let result = try build(alternative, root: root)
        count(result.status == .done)
        print(
            "\(alternative.step)  \(alternative.design): \(result.status == .done ? "done" : "✘ \(result.summary)")"
                + took(began))
    }
    print()
    print("Mistakes the suite must catch (each a reference step with one change):")
    var net: [Step: (caught: Int, traceable: Int, other: Int)] = [:]
    for mutant in mutants where steps.contains(mutant.step) {
        let workspace = Workspace(step: mutant.step, root: root)
        try mutantCopy(workspace, mutant)
        let began = Date()
        // A mistake that hangs gets the whole check: where it hangs may be named only in a
        // thread round (step 15's tasks: the traces show that the programs fail, not where).
        let rounds: ThreadRounds = mutant.hangs ? .always : mutant.onlyTheExplorer == nil ? .whenTracesPass : .never
        var result = try check(
            workspace, verbose: false, quiet: true, sanitizer: mutant.onlyTheExplorer == nil, rounds: rounds,
            exploring: mutant.onlyTheExplorer)
        if mutant.hangs {
            let seconds = Date().timeIntervalSince(began)
            let left = descendants(of: getpid())
            // Where it loops, or, for a lock that is not recursive, where a thread waits for it.
            let named = result.stuck.contains {
                $0.contains("/\(mutant.file):") || (mutant.file == "Lock.swift" && $0.contains("waiting for a lock"))
            }
            let ok = result.status != .done && named && seconds < 60 && left.isEmpty
            count(ok)
            print(
                "\(mutant.step)  \(mutant.mistake): "
                    + (ok
                        ? "stopped in \(Int(seconds)) s at \(result.stuck.first ?? ""), nothing left running"
                        : "✘ expected a report of where it stuck in \(mutant.file) within 60 s and no process left;"
                            + " \(result.summary), \(Int(seconds)) s, stuck at \(result.stuck), \(left.count) left"))
            continue
        }
        // Known gap: ThreadSanitizer names a race only when no lock happened to order the two
        // accesses, so a thread-safe step's mistake can pass one run under load. Until the
        // thread verdicts are deterministic, such a mistake gets up to three runs, and the line
        // says when it needed more than one.
        var runs = 1
        while result.status == .done && mutant.step.isThreadSafe && mutant.onlyTheExplorer == nil && runs < 3 {
            runs += 1
            result = try check(workspace, verbose: false, quiet: true, rounds: rounds)
        }
        let retried = runs > 1 && result.status != .done ? "; not in every run: caught in run \(runs) of 3" : ""
        if let explored = mutant.onlyTheExplorer {
            let ok = result.tracesAndShapePass && result.brokenInterleavings.contains(explored)
            count(ok)
            print(
                "\(mutant.step)  \(mutant.mistake): "
                    + (ok
                        ? "caught by the explorer («\(explored)»), every trace scenario passing"
                        : "✘ expected only the explorer's «\(explored)» to catch it; \(result.summary)") + took(began))
            continue
        }
        // A scenario whose reference shows a known defect only in some runs fails or passes by
        // chance under a mistake too: not recorded.
        printed[mutant.step, default: []] += result.failingRecords.filter { record in
            !(Scenario.all.first { $0.id == record.id }.map { mutant.step.knownDefects(of: $0) } ?? [])
                .contains(where: \.isIntermittent)
        }.map { recordedFailure($0, of: mutant) }
        // The net: a mistake a trace can show must be caught by the generated programs alone.
        let traceShows = result.scenariosFail || result.generatedCatch
        let netMisses = traceShows && !result.generatedCatch
        net[mutant.step, default: (0, 0, 0)].caught += result.generatedCatch ? 1 : 0
        net[mutant.step, default: (0, 0, 0)].traceable += traceShows ? 1 : 0
        net[mutant.step, default: (0, 0, 0)].other += traceShows ? 0 : 1
        count(result.status != .done && !netMisses)
        let alone =
            result.generatedCatch
            ? "; the generated programs alone catch it"
                + (result.generatedLines.map { " (the smallest program: \($0) lines)" } ?? "")
            : netMisses
                ? "; ✘ a trace shows it, but the generated programs alone miss it"
                : result.shapeFails ? "; shape only" : "; threads only"
        print(
            "\(mutant.step)  \(mutant.mistake): "
                + (result.status == .done ? "✘ called done" : "caught (\(result.summary)\(retried))\(alone)")
                + took(began))
    }
    if !net.isEmpty {
        print()
        print("What the generated programs alone catch, per step (hand-written scenarios aside):")
        for step in Step.allCases where net[step] != nil {
            let (caught, traceable, other) = net[step]!
            print(
                "\(step)  \(caught) of \(traceable) mistakes a trace can show"
                    + (other > 0 ? " (\(other) more that only threads, the explorer or the shape can show)" : ""))
        }
    }
    if interrupting, let hanging = mutants.first(where: { $0.hangs && steps.contains($0.step) }) {
        print()
        print("Interrupted in the middle of a check of a step that hangs, nothing may be left running:")
        let workspace = Workspace(step: hanging.step, root: root)
        try mutantCopy(workspace, hanging)
        for stop in [SIGINT, SIGTERM] {
            let outcome = try interruptedCheck(workspace, with: stop)
            count(outcome.hasPrefix("nothing left"))
            print("\(hanging.step)  \(stop == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM"): \(outcome)")
        }
    }
    // The mistakes' output, which the tutorial's wrong answers quote: the same as recorded.
    print()
    print("What each mistake prints (Tests/Mistakes), against this run:")
    // Not for a step whose reference orders its subscribers differently from run to run (the
    // side step): under a mistake, which scenarios fail is then a matter of chance.
    for step in steps
    where mutants.contains(where: { $0.step == step && !$0.hangs && $0.onlyTheExplorer == nil })
        && !step.defects.contains(where: \.isIntermittent)
    {
        let run = RecordedMistakes(failures: printed[step] ?? [])
        if record {
            try files.createDirectory(atPath: RecordedMistakes.folder, withIntermediateDirectories: true)
            try write(run.text(of: step), to: RecordedMistakes.path(of: step))
            print("\(step)  recorded \(run.failures.count) failing scenarios in \(RecordedMistakes.path(of: step))")
            continue
        }
        let recorded = RecordedMistakes.load(step)
        count(recorded == run)
        print(
            "\(step)  "
                + (recorded == run
                    ? "as recorded (\(run.failures.count) failing scenarios)"
                    : "✘ differs from \(RecordedMistakes.path(of: step)) (\(recorded?.failures.count ?? 0) recorded, \(run.failures.count)"
                        + " in this run): if the mistakes or the steps changed on purpose, make selftest STEP=\(step.number) RECORD=1")
        )
    }
    print()
    print("\(passed) passed, \(failed) failed")
    return failed == 0 ? 0 : 1
}

// A failing scenario's output under a mistake, as recorded: its first 40 entries (a step that
// disposes without end prints thousands), and in label order where the reference's own order
// of subscribers changes from run to run.
func recordedFailure(_ record: ScenarioRecord, of mutant: Mutant) -> RecordedMistakes.Failure {
    let crashed = if case .crashed = record.outcome { true } else { false }
    var trace =
        mutant.step.defects.contains(where: \.isIntermittent) ? ReportFolder.inLabelOrder(record.trace) : record.trace
    if trace.count > 40 { trace = Array(trace.prefix(40)) + ["…"] }
    return RecordedMistakes.Failure(mistake: mutant.mistake, id: record.id, crashed: crashed, trace: trace)
}

// Starts `Workshop check` on `workspace`, waits until its test processes run, sends `stop` to
// the tool, and says what was left: the processes whose command line names its build folder.
func interruptedCheck(_ workspace: Workspace, with stop: Int32) throws -> String {
    let tool = Process()
    tool.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    tool.arguments = ["check", workspace.number]
    tool.environment = ProcessInfo.processInfo.environment.merging(["RXDEMO_WORKSHOP_ROOT": workspace.root]) { $1 }
    tool.standardOutput = FileHandle.nullDevice
    tool.standardError = FileHandle.nullDevice
    try tool.run()
    // The processes of this check's build folder: its test process and the scenarios' children.
    // By its absolute path: another clone's self-test on the machine has a folder of that name too.
    let folder =
        (workspace.scratch.hasPrefix("/") ? "" : files.currentDirectoryPath + "/") + workspace.scratch + "/"
    func ofThisCheck() throws -> [Substring] {
        try run(["ps", "-A", "-o", "pid=,args="]).output.split(separator: "\n").filter { $0.contains(folder) }
    }
    // The check builds first; the scenarios' processes come after (a minute at most).
    var waited = 0.0
    while try tool.isRunning && ofThisCheck().filter({ $0.contains("swift-testing") }).count < 2 && waited < 120 {
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.2)
        waited += 0.2
    }
    guard tool.isRunning else { return "✘ the check ended before its test processes ran" }
    let running = try ofThisCheck().count
    kill(tool.processIdentifier, stop)
    tool.waitUntilExit()
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 1)
    let left = try ofThisCheck()
    return left.isEmpty
        ? "nothing left running (\(running) processes were, exit status \(tool.terminationStatus))"
        : "✘ \(left.count) processes left running: \(left.prefix(3).joined(separator: "; "))"
}

// JOBS=2: two workers, each with its own workspaces and build folders, take the steps one at a
// time, the heaviest first, each step a self-test of its own in a child process: most of a
// check is one core's work (a module compiled, a test process, a program at a time), and these
// machines have two. A worker that finishes early takes the next step, so neither waits for the
// other; a child per step keeps "nothing left running" after a hang to that step's processes.
func selftestOnTwoWorkers(_ steps: [Step], record: Bool) throws -> Int32 {
    // The order to take them in: a thread-safe step's mistakes cost about twice as much
    // (ThreadSanitizer and the explorer), and more the later the step.
    func weight(_ step: Step) -> Int {
        let solutions =
            mutants.filter { $0.step == step }.count + alternatives.filter { $0.step == step }.count + 3
        return solutions * (step.isThreadSafe ? 10 + step.rawValue : 5)
    }
    var queue = steps.sorted { weight($0) > weight($1) }
    // The interrupted check of a step that hangs runs once, in the first such step's self-test.
    let interrupted = mutants.first { $0.hangs && steps.contains($0.step) }?.step
    let lock = NSLock()
    var failed: [Step] = []
    print(
        tr(
            "Two workers at once (JOBS=2), the heaviest steps first; each step's report as it ends:",
            "两个工作者同时进行（JOBS=2），先做最重的步骤；每一步结束时打印它的报告："))
    func work(_ worker: Int) throws {
        while let step = lock.withLock({ queue.isEmpty ? nil : queue.removeFirst() }) {
            let began = Date()
            let result = try run(
                [CommandLine.arguments[0], "selftest", step.number],
                environment: [
                    "JOBS": "1", "RECORD": record ? "1" : "",
                    "RXDEMO_SELFTEST_ROOT": selftestRoot + (worker == 0 ? "" : "-2"),
                    "RXDEMO_SELFTEST_INTERRUPT": step == interrupted ? "1" : "0",
                ])
            lock.withLock {
                if result.status != 0 { failed.append(step) }
                print()
                print(
                    tr(
                        "── \(step), worker \(worker + 1), \(Int(Date().timeIntervalSince(began))) s ──",
                        "── \(step)，工作者 \(worker + 1)，\(Int(Date().timeIntervalSince(began))) 秒 ──"))
                print(result.output, terminator: "")
                fflush(nil)
            }
        }
    }
    _ = try bothAtOnce({ try work(0) }, { try work(1) })
    print()
    let order = failed.sorted { $0.rawValue < $1.rawValue }.map(\.description)
    print(
        order.isEmpty
            ? tr("Every step's self-test passed.", "每一步的自检都通过了。")
            : tr("Failed: ", "失败：") + order.joined(separator: ", "))
    return order.isEmpty ? 0 : 1
}

extension Command {
    static let selftest = Command(
        name: "selftest", takes: "[NN ...]",
        help:
            "for each step: the starter is not done, the reference is, mistakes are not (JOBS=2: two workers at once;"
            + " WARM=1: only warm their builds)"
    ) {
        // WARM=1 only builds what each worker's first check would build from nothing (CI starts
        // it early, beside the checks that leave a core idle).
        if $0.isOn("WARM") {
            let roots = $0.value("JOBS") == "2" ? [selftestRoot, selftestRoot + "-2"] : [selftestRoot]
            let missing = try roots.flatMap { try warmChecksBuilds(root: $0) }
            missing.forEach { print("error: \($0)") }
            return missing.isEmpty ? 0 : 1
        }
        let steps = try $0.steps()
        if $0.value("JOBS") == "2" && steps.count > 1 {
            return try selftestOnTwoWorkers(steps, record: $0.isOn("RECORD"))
        }
        // A worker's child runs the interrupted check only when told to (once per self-test).
        return try Workshop.selftest(
            steps, record: $0.isOn("RECORD"), root: $0.value("RXDEMO_SELFTEST_ROOT") ?? selftestRoot,
            interrupting: $0.value("RXDEMO_SELFTEST_INTERRUPT") != "0")
    }
}
