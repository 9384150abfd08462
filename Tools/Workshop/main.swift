import Foundation
import TraceSuite

// The workshop loop: participants write each step themselves in Workshop/RxDemoNN (git
// ignores it), and the trace suite tells them how far they are. The Makefile calls this
// from the repository root; `make` lists the commands.

let usage = """
    usage: Workshop COMMAND [STEP]   (run from the repository root; `make` wraps each command)
      start NN      create Workshop/RxDemoNN from step NN-1's code (yours when it is done, else the
                    reference; FROM=mine or FROM=reference chooses) and step NN's demo
      exercise NN   copy the reference step NN into Workshop/RxDemoNN, for the page's exercises
      check NN      compile Workshop/RxDemoNN as step NN and report (VERBOSE=1: every failure)
      hint NN       the next of three hints
      reset NN      move Workshop/RxDemoNN aside (nothing is deleted)
      restore NN    move the workspace that the last reset moved aside back
      progress      every step: not started, k of m, done
      compare NN    your workspace beside the reference step (git diff --no-index)
      watch NN      check again whenever a workspace file changes, until Ctrl-C
      scenarios [TEXT]   list the scenarios (those whose name contains TEXT)
      selftest [NN ...]  for each step: the starter is not done, the reference is
      check-translation  the Chinese edition against the English one (pages, headings, code, links)
      doctor        every step has what it needs (folder, tests, golden file, page, diff, tutorial)
      audit [NN ...]     names of the step's API the adapter uses that no "What the checks call" lists
      test [NN [TEXT]]   the suite (NN: one step's; TEXT: the scenarios whose name has it), a line per step
      summary DIR   one line per step, from the records a test run wrote to DIR
      threads NN    the thread scenarios of step NN under ThreadSanitizer, with the races named
                    (MINE=1: your Workshop/RxDemoNN; RXDEMO_THREAD_ROUNDS: rounds per scenario)
    """

func parseStep(_ text: String?) throws -> Step {
    let valid = Step.allCases.map(\.number).joined(separator: " ")
    guard let text, !text.isEmpty else {
        throw WorkshopError(description: "say which step, e.g. STEP=04; valid steps: \(valid)")
    }
    guard let step = Step(number: text) else {
        throw WorkshopError(description: "STEP=\(text) is not a step; valid steps: \(valid)")
    }
    return step
}

// Files a starter takes from the reference as they are: step 14's app around the view model
// the participant writes (its controls, its network agent, its screen); the side step's text
// field, which stands in for UIKit's.
func givenFiles(_ step: Step) -> [String] {
    switch step {
    case .rxDemo14: ["Controls.swift", "NetworkAgent.swift", "SearchScreen.swift"]
    case .rxDemoSignal: ["TextField.swift"]
    default: []
    }
}

// What a step with no step before it starts from: step 01 from its Event; the side step from
// nothing but its given files.
func startingFiles(_ step: Step) -> [String] {
    step == .rxDemo01 ? ["Event.swift"] : []
}

// The reference files a step adds or changes, compared with the step before.
func changedFiles(_ step: Step) -> [String] {
    let current = listFiles(in: "Steps/\(step)").filter { $0 != "main.swift" && !givenFiles(step).contains($0) }
    guard let previous = step.previous else { return current.filter { !startingFiles(step).contains($0) } }
    return current.compactMap { file in
        let before = read("Steps/\(previous)/\(file)")
        if before == nil { return "\(file) (new)" }
        return before == read("Steps/\(step)/\(file)") ? nil : "\(file) (changes)"
    }
}

func copy(_ files: [String], from source: String, to target: String) throws {
    for file in files {
        try FileManager.default.copyItem(atPath: "\(source)/\(file)", toPath: "\(target)/\(file)")
    }
}

func refuseExisting(_ workspace: Workspace) throws {
    if exists(workspace.path) {
        throw WorkshopError(
            description: """
                \(workspace.path) exists already, and it is never overwritten. Go on with it \
                ('make check STEP=\(workspace.number)'), or move it aside and begin again with \
                'make reset STEP=\(workspace.number)'.
                """)
    }
}

// Where a new workspace's code comes from: the step before, yours or the reference.
struct Starter {
    // The folder the files come from; nil for step 01, which starts from Event.swift only.
    let folder: String?
    // In words, for the first line of `make start` and for the defect report later.
    let origin: String
    // Why this one, when the participant did not choose.
    let reason: String?
}

func chooseStarter(for workspace: Workspace, from choice: String?) throws -> Starter {
    guard let previous = workspace.step.previous else {
        let given = (startingFiles(workspace.step) + givenFiles(workspace.step)).joined(separator: ", ")
        return Starter(folder: nil, origin: "\(given) and this step's demo", reason: nil)
    }
    let mine = Workspace(step: previous, root: workspace.root)
    let number = mine.number
    let reference = Starter(
        folder: mine.reference, origin: "the reference step \(number) (\(mine.reference))", reason: nil)
    let yours = Starter(folder: mine.path, origin: "your own step \(number) (\(mine.path))", reason: nil)
    // Yours counts as done only if its last check said so and nothing changed since.
    var notDone: String? = nil
    if !isDirectory(mine.path) {
        notDone = "there is no \(mine.path)"
    } else if let last = LastCheck(of: mine) {
        if !last.isCurrent(for: mine) {
            notDone = "\(mine.path) changed since its last check ('make check STEP=\(number)')"
        } else if !last.done {
            notDone = "\(mine.path) is not done yet (\(last.summary))"
        }
    } else {
        notDone = "\(mine.path) has not been checked yet ('make check STEP=\(number)')"
    }
    switch choice ?? "" {
    case "reference":
        return reference
    case "mine":
        if let notDone {
            throw WorkshopError(
                description: """
                    FROM=mine needs your step \(number) done, but \(notDone). Finish it with \
                    'make check STEP=\(number)', or start from the reference: make start STEP=\(workspace.number) FROM=reference
                    """)
        }
        return yours
    case "":
        if let notDone {
            return Starter(folder: reference.folder, origin: reference.origin, reason: notDone)
        }
        return Starter(folder: yours.folder, origin: yours.origin, reason: "it is done")
    default:
        throw WorkshopError(
            description:
                "FROM=\(choice ?? "") is not a starting point; say FROM=mine (your step \(number), once it is done) or FROM=reference"
        )
    }
}

// A new workspace: the starter's files but its demo, and this step's demo.
func createStarter(_ workspace: Workspace, from starter: Starter) throws {
    try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
    if let folder = starter.folder {
        try copy(listFiles(in: folder).filter { $0 != "main.swift" }, from: folder, to: workspace.path)
    } else {
        try copy(startingFiles(workspace.step), from: workspace.reference, to: workspace.path)
    }
    try copy(["main.swift"] + givenFiles(workspace.step), from: workspace.reference, to: workspace.path)
    try files.createDirectory(atPath: workspace.stateFolder, withIntermediateDirectories: true)
    try write(starter.origin + "\n", to: workspace.originFile)
    try? files.removeItem(atPath: workspace.lastCheck)
}

func start(_ workspace: Workspace, from choice: String?, out: (String) -> Void = { print($0) }) throws {
    try refuseExisting(workspace)
    let starter = try chooseStarter(for: workspace, from: choice)
    let page = try BuildItYourself.forParticipant(workspace.step)
    try createStarter(workspace, from: starter)
    let why = starter.reason.map { tr(", because \($0)", "，因为 \($0)") } ?? ""
    let demo =
        starter.folder == nil ? "" : tr(" and step \(workspace.number)'s demo", " 和第 \(workspace.number) 步的 demo")
    out(
        tr(
            "Created \(workspace.path)/ from \(starter.origin)\(demo)\(why).",
            "已创建 \(workspace.path)/，来自 \(starter.origin)\(demo)\(why)。"))
    if starter.folder != nil {
        out(
            tr(
                "(FROM=mine or FROM=reference chooses; 'make reset STEP=\(workspace.number)' first to start over.)",
                "（用 FROM=mine 或 FROM=reference 选择起点；想重来，先运行 make reset STEP=\(workspace.number)。）"))
    }
    // Your own previous step exists, yet this one starts from the reference: say it loudly,
    // or a participant's lineage of code is lost without their noticing.
    if let previous = workspace.step.previous.map({ Workspace(step: $0, root: workspace.root) }), choice == nil,
        starter.folder == previous.reference, isDirectory(previous.path)
    {
        let number = previous.number
        out("")
        out(
            tr(
                "WARNING: your own step \(number) is NOT carried on: this step starts from the reference step \(number).",
                "警告：你自己的第 \(number) 步没有被带过来，这一步从参考实现的第 \(number) 步开始。"))
        out(
            tr(
                "  To carry yours on instead: make check STEP=\(number) until it says done, then"
                    + " make reset STEP=\(workspace.number) and make start STEP=\(workspace.number) FROM=mine.",
                "  想接着用自己的代码：先 make check STEP=\(number) 直到通过，再 make reset STEP=\(workspace.number)，"
                    + "然后 make start STEP=\(workspace.number) FROM=mine。"))
    }
    out("")
    page.goal.forEach(out)
    out("")
    out(tr("Read: ", "阅读：") + page.page)
    if !givenFiles(workspace.step).isEmpty {
        out(
            tr("Given, as the reference has them: ", "已给出（与参考实现相同）：")
                + givenFiles(workspace.step).joined(separator: ", "))
    }
    out(tr("Write: ", "要写的：") + changedFiles(workspace.step).joined(separator: ", "))
    out(
        tr("Check: ", "检查：") + "make check STEP=\(workspace.number)    "
            + tr("(or make watch STEP=\(workspace.number))", "（或 make watch STEP=\(workspace.number)）"))
    out(tr("Run your demo: ", "运行你的 demo：") + "make run STEP=\(workspace.number) MINE=1")
    out(tr("Stuck: ", "卡住了：") + "make hint STEP=\(workspace.number)")
}

func exercise(_ workspace: Workspace) throws {
    try refuseExisting(workspace)
    try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
    try copy(listFiles(in: workspace.reference), from: workspace.reference, to: workspace.path)
    try files.createDirectory(atPath: workspace.stateFolder, withIntermediateDirectories: true)
    try write("a copy of the reference step \(workspace.number) (make exercise)\n", to: workspace.originFile)
    try? files.removeItem(atPath: workspace.lastCheck)
    print("Copied the reference \(workspace.step) into \(workspace.path)/ for the exercises on its page.")
    print("Change it there; 'make check STEP=\(workspace.number)' reports which known defects your change fixes.")
}

// Hints follow the failure: for the scenario that failed first at the last check, the page's
// hint for it, then the page's three general hints, one more each time; when the first
// failing scenario changes, the hints start again from its own.
func hint(_ workspace: Workspace, out: (String) -> Void = { print($0) }) throws {
    let page = try BuildItYourself.forParticipant(workspace.step)
    let state = "\(workspace.root)/.hints/\(workspace.name)"
    let last = LastCheck(of: workspace)
    let failing = last?.firstFailing
    // "scenario name<TAB>how many of its hints were shown"; the last line counts.
    let key = failing ?? ""
    let remembered = (read(state) ?? "").split(separator: "\n").last.map { $0.split(separator: "\t") }
    let shown = remembered.flatMap { $0.count == 2 && String($0[0]) == key ? Int($0[1]) : nil } ?? 0
    var sequence: [[String]] = []
    if let failing {
        out(tr("Your last check failed first at «\(failing)».", "你上一次检查最先失败在 «\(failing)»。"))
        if let own = page.scenarioHints[failing] {
            let note =
                page.untranslatedHints.contains(failing) ? ["（这条提示还没有中文版，以下是英文原文。）"] : []
            sequence.append([hintForScenarioTitle] + note + own)
        }
        out("")
    } else if last == nil {
        out(
            tr(
                "(No check yet: 'make check STEP=\(workspace.number)' first lets the hint start from what fails.)",
                "（还没有检查过：先运行 make check STEP=\(workspace.number)，提示会从失败的地方讲起。）"))
        out("")
    }
    sequence += page.hints.enumerated().map { index, hint in
        [hintTitle(index + 1, of: page.hints.count, for: workspace.name)] + hint.dropFirst()
    }
    let next = min(shown, sequence.count - 1)
    sequence[next].forEach(out)
    try files.createDirectory(atPath: "\(workspace.root)/.hints", withIntermediateDirectories: true)
    try write("\(key)\t\(next + 1)\n", to: state)
    out("")
    if next + 1 < sequence.count {
        out(tr("Again for the next hint: ", "下一条提示：") + "make hint STEP=\(workspace.number)")
    } else {
        out(
            tr("That was the last hint. The reference beside your code: ", "这是最后一条提示。对照参考实现看你的代码：")
                + "make compare STEP=\(workspace.number)")
    }
}

// The first line of a hint, in the course's language: what the self-test looks for too.
let hintForScenarioTitle = tr("A hint for that scenario:", "针对这个场景的提示：")

func hintTitle(_ number: Int, of count: Int, for step: String) -> String {
    tr("Hint \(number) of \(count) for \(step)", "\(step) 的提示 \(number)/\(count)")
}

func reset(_ workspace: Workspace) throws {
    guard exists(workspace.path) else {
        throw WorkshopError(
            description: "there is no \(workspace.path) to reset; 'make start STEP=\(workspace.number)' creates it")
    }
    let aside = "\(workspace.path).reset-\(timestamp(format: "yyyyMMdd-HHmmss"))"
    try files.moveItem(atPath: workspace.path, toPath: aside)
    print("Moved your code to \(aside)/ (nothing was deleted).")
    print("Begin again with: make start STEP=\(workspace.number)")
    print("Changed your mind? make restore STEP=\(workspace.number) moves it back.")
}

// Undoes the last `make reset`: the newest folder it moved aside comes back.
func restore(_ workspace: Workspace) throws {
    let prefix = "\(workspace.name).reset-"
    let asides = ((try? files.contentsOfDirectory(atPath: workspace.root)) ?? []).filter { $0.hasPrefix(prefix) }
    guard let newest = asides.sorted().last else {
        throw WorkshopError(
            description:
                "nothing to restore: 'make reset STEP=\(workspace.number)' has moved no \(workspace.path) aside")
    }
    guard !exists(workspace.path) else {
        throw WorkshopError(
            description: """
                \(workspace.path) exists, and it is never overwritten: move it aside first with \
                'make reset STEP=\(workspace.number)', then 'make restore STEP=\(workspace.number)' brings back \
                \(workspace.root)/\(newest) (the one before it stays aside under its own name)
                """)
    }
    try files.moveItem(atPath: "\(workspace.root)/\(newest)", toPath: workspace.path)
    print("Moved \(workspace.root)/\(newest)/ back to \(workspace.path)/.")
    print("Go on with: make check STEP=\(workspace.number)")
}

// The course's acts, for `make progress`: which is done, under way, or not started.
let acts: [(name: String, steps: [Step])] = [
    ("The core", [.rxDemo01, .rxDemo02, .rxDemo03, .rxDemo04, .rxDemo05, .rxDemo06]),
    ("The second act", [.rxDemo07, .rxDemo08, .rxDemo09, .rxDemo10]),
    ("The side step", [.rxDemoSignal]),
    ("The third act", [.rxDemo11, .rxDemo12, .rxDemo13, .rxDemo14]),
]

func progress(root: String) {
    print("Workshop progress (\(root)/):")
    var done: Set<Step> = []
    var started: Set<Step> = []
    for step in Step.allCases {
        let workspace = Workspace(step: step, root: root)
        var state = "not started"
        if isDirectory(workspace.path) {
            started.insert(step)
            state = "started, not checked yet"
            if let last = LastCheck(of: workspace) {
                state = last.summary
                if last.done && last.isCurrent(for: workspace) { done.insert(step) }
                if !last.isCurrent(for: workspace) { state += " (changed since the last check)" }
            }
            if let origin = workspace.origin { state += "; started from \(origin)" }
        }
        let aside = ((try? files.contentsOfDirectory(atPath: root)) ?? []).filter {
            $0.hasPrefix("\(workspace.name).reset-")
        }
        if !aside.isEmpty {
            state += "; moved aside by make reset: " + aside.sorted().map { "\(root)/\($0)" }.joined(separator: ", ")
        }
        print("  \(step)  \(state)")
    }
    guard done.count < Step.allCases.count else {
        print("All \(Step.allCases.count) steps are done. What real RxSwift adds beyond them: Docs/beyond-06.md")
        return
    }
    // Each act on its own: a participant may take the second act first, from the reference.
    var next: String? = nil
    for act in acts {
        let steps = act.steps
        let range = steps.count == 1 ? steps[0].number : "\(steps.first!.number)-\(steps.last!.number)"
        let doneHere = steps.filter(done.contains)
        let underWay = steps.first { started.contains($0) && !done.contains($0) }
        let notStarted = steps.first { !started.contains($0) }
        if doneHere.count == steps.count {
            print("\(act.name) (\(range)): done.")
        } else if let underWay {
            print(
                "\(act.name) (\(range)): \(doneHere.count) of \(steps.count) done, \(underWay) under way."
            )
            next = next ?? "make check STEP=\(underWay.number)"
        } else if let notStarted {
            let what = doneHere.isEmpty ? "not started" : "\(doneHere.count) of \(steps.count) done"
            print("\(act.name) (\(range)): \(what).")
            next = next ?? "make start STEP=\(notStarted.number)"
        }
    }
    if let next { print("Next: \(next)") }
}

func compare(_ workspace: Workspace, all: Bool) throws {
    guard isDirectory(workspace.path) else {
        throw WorkshopError(
            description: "there is no \(workspace.path) yet: run 'make start STEP=\(workspace.number)' first")
    }
    guard !all else {
        let result = try run(["git", "diff", "--no-index", workspace.reference, workspace.path], passThrough: true)
        if result.status == 0 { print("\(workspace.path) is the same as \(workspace.reference).") }
        return
    }
    // The files this step adds or changes first, in full; code carried from earlier steps (a
    // participant's own comments and names in every file) only as a list, or it buries them.
    // Written unbuffered, between git's own output.
    func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    let stepFiles = changedFiles(workspace.step).map { String($0.prefix { $0 != " " }) }
    say("The files step \(workspace.number) adds or changes, the reference (---) beside yours (+++):")
    var same: [String] = []
    for file in stepFiles {
        guard exists("\(workspace.path)/\(file)") else {
            say("  \(file): not in \(workspace.path) yet")
            continue
        }
        let result = try run(
            ["git", "diff", "--no-index", "\(workspace.reference)/\(file)", "\(workspace.path)/\(file)"],
            passThrough: true)
        if result.status == 0 { same.append(file) }
    }
    if !same.isEmpty { say("Same as the reference: " + same.joined(separator: ", ")) }
    // "{Steps => Workshop}/RxDemo11/Bag.swift | 3 ++-" → "Bag.swift (3 lines)"
    let carried = try run(["git", "diff", "--no-index", "--stat=200", workspace.reference, workspace.path]).output
        .split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: "|")
            guard parts.count == 2,
                let name = parts[0].split(separator: "/").last?.trimmingCharacters(in: .whitespaces),
                !stepFiles.contains(name)
            else { return nil }
            let count = parts[1].trimmingCharacters(in: .whitespaces).prefix { $0 != " " }
            return "\(name) (\(count) line\(count == "1" ? "" : "s"))"
        }
    if !carried.isEmpty {
        say("")
        say("Also different, carried from your earlier steps rather than this step's lesson:")
        reflowed([carried.joined(separator: ", ")]).forEach { say("  " + $0) }
        say("Every difference: make compare STEP=\(workspace.number) VERBOSE=1")
    }
}

func watch(_ workspace: Workspace, verbose: Bool) throws {
    // Contents, not times: saving a file unchanged starts no check.
    func snapshot() -> String { workspace.fingerprint }
    // Ctrl-C or a SIGTERM ends the watch with a word, not with a stack of errors.
    onInterrupt = ("\nStopped watching \(workspace.path)/.", 0)
    var last: String? = nil
    while true {
        let now = snapshot()
        if now != last {
            last = now
            print("──── \(timestamp(format: "HH:mm:ss")) make check STEP=\(workspace.number) ────")
            do { _ = try check(workspace, verbose: verbose) } catch let error as WorkshopError {
                print("error: \(error)")
            }
            print("(watching \(workspace.path)/ for changes; Ctrl-C stops)")
            fflush(nil)
        }
        Thread.sleep(forTimeInterval: 1)
    }
}

// The trace scenarios and the thread scenarios whose name contains `pattern`: both are what
// SCENARIO= picks for `make test`.
func listScenarios(_ pattern: String?) throws {
    let matching = Scenario.all.filter { $0.matches(pattern) }
    let threads = ThreadScenario.all.filter { $0.matches(pattern) }
    let interleavings = InterleavingScenario.all.filter { $0.matches(pattern) }
    guard !matching.isEmpty || !threads.isEmpty || !interleavings.isEmpty else {
        throw WorkshopError(
            description: "no scenario matches \"\(pattern ?? "")\"; the scenarios are:\n"
                + (Scenario.all.map(\.name) + ThreadScenario.all.map { "\($0.name) (on two threads)" }
                + InterleavingScenario.all.map { "\($0.name) (explored)" })
                .map { "  \($0)" }.joined(separator: "\n"))
    }
    for scenario in matching {
        let steps = Step.allCases.filter { $0.scenarios.contains { $0.id == scenario.id } }.map(\.number)
        print("\(scenario.name)  [\(scenario.id); steps \(steps.joined(separator: " "))]")
    }
    for scenario in threads {
        let steps = Step.allCases.filter { $0.threadScenarios.contains { $0.id == scenario.id } }.map(\.number)
        print("\(scenario.name)  [on two threads, \(scenario.id); steps \(steps.joined(separator: " "))]")
    }
    for scenario in interleavings {
        let steps = Step.allCases.filter { $0.interleavingScenarios.contains { $0.id == scenario.id } }.map(\.number)
        print("\(scenario.name)  [explored, \(scenario.key); steps \(steps.joined(separator: " ")), make test-threads]")
    }
}

// The reference step copied into a fresh workspace, with `changes` made to `file`.
func referenceCopy(_ workspace: Workspace, file: String, changes: KeyValuePairs<String, String>, what: String) throws {
    try? files.removeItem(atPath: workspace.path)
    try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
    try copy(listFiles(in: workspace.reference), from: workspace.reference, to: workspace.path)
    guard !changes.isEmpty else { return }
    let path = "\(workspace.path)/\(file)"
    guard var text = read(path), changes.allSatisfy({ text.contains($0.key) }) else {
        throw WorkshopError(description: "\(what) no longer applies to \(workspace.reference)/\(file)")
    }
    for (original, replacement) in changes {
        text = text.replacingOccurrences(of: original, with: replacement)
    }
    try write(text, to: path)
}

// An alternative solution as a participant would get there; nil when it is not done.
func build(_ alternative: Alternative, root: String) throws -> CheckResult {
    let workspace = Workspace(step: alternative.step, root: root)
    let what = "the alternative \"\(alternative.design)\""
    guard let previous = alternative.carriedFrom else {
        try referenceCopy(workspace, file: alternative.file, changes: alternative.changes, what: what)
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
func selftest(_ steps: [Step]) throws -> Int32 {
    let root = ".build-selftest-src"
    try? files.removeItem(atPath: "\(root)/.state")
    var passed = 0
    var failed = 0
    func count(_ ok: Bool) { if ok { passed += 1 } else { failed += 1 } }
    print("Step      starter                      reference")
    for step in steps {
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
        try referenceCopy(workspace, file: "", changes: [:], what: "")
        let reference = try check(workspace, verbose: false, quiet: true)
        let ok = starter.status != .done && reference.status == .done && problems.isEmpty
        count(ok)
        let left = "not done (\(starter.summary))".padding(toLength: 29, withPad: " ", startingAt: 0)
        print("\(step)  \(left)\(reference.summary)\(ok ? "" : "   ✘ expected: starter not done, reference done")")
        problems.forEach { print("          ✘ \($0)") }
    }
    let wantedAlternatives = alternatives.filter { steps.contains($0.step) }
    if !wantedAlternatives.isEmpty {
        print()
        print("Other correct solutions the suite must call done:")
    }
    for alternative in wantedAlternatives {
        let result = try build(alternative, root: root)
        count(result.status == .done)
        print("\(alternative.step)  \(alternative.design): \(result.status == .done ? "done" : "✘ \(result.summary)")")
    }
    print()
    print("Mistakes the suite must catch (each a reference step with one change):")
    for mutant in mutants where steps.contains(mutant.step) {
        let workspace = Workspace(step: mutant.step, root: root)
        try referenceCopy(
            workspace, file: mutant.file, changes: mutant.changes, what: "the mutant \"\(mutant.mistake)\"")
        let began = Date()
        var result = try check(workspace, verbose: false, quiet: true, sanitizer: mutant.onlyTheExplorer == nil)
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
            result = try check(workspace, verbose: false, quiet: true)
        }
        let retried = runs > 1 && result.status != .done ? "; not in every run: caught in run \(runs) of 3" : ""
        if let explored = mutant.onlyTheExplorer {
            let ok = result.tracesAndShapePass && result.brokenInterleavings.contains(explored)
            count(ok)
            print(
                "\(mutant.step)  \(mutant.mistake): "
                    + (ok
                        ? "caught by the explorer («\(explored)»), every trace scenario passing"
                        : "✘ expected only the explorer's «\(explored)» to catch it; \(result.summary)"))
            continue
        }
        count(result.status != .done)
        print(
            "\(mutant.step)  \(mutant.mistake): "
                + (result.status == .done ? "✘ called done" : "caught (\(result.summary)\(retried))"))
    }
    if let hanging = mutants.first(where: { $0.hangs && steps.contains($0.step) }) {
        print()
        print("Interrupted in the middle of a check of a step that hangs, nothing may be left running:")
        let workspace = Workspace(step: hanging.step, root: root)
        try referenceCopy(
            workspace, file: hanging.file, changes: hanging.changes, what: "the mutant \"\(hanging.mistake)\"")
        for stop in [SIGINT, SIGTERM] {
            let outcome = try interruptedCheck(workspace, with: stop)
            count(outcome.hasPrefix("nothing left"))
            print("\(hanging.step)  \(stop == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM"): \(outcome)")
        }
    }
    print()
    print("\(passed) passed, \(failed) failed")
    return failed == 0 ? 0 : 1
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
    func ofThisCheck() throws -> [Substring] {
        try run(["ps", "-A", "-o", "pid=,args="]).output.split(separator: "\n").filter {
            $0.contains(workspace.scratch + "/")
        }
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

// `make test`: one line per step and one per known defect, from the records a test run
// wrote, instead of one line per test case.
func summary(reportFolder: String) throws {
    for step in Step.allCases {
        let records = ReportFolder.readRecords(of: step, in: reportFolder)
        let threads = ReportFolder.readThreads(of: step, in: reportFolder)
        // SCENARIO= may pick only thread scenarios: then there is no trace line to print.
        guard !records.isEmpty || !threads.isEmpty else { continue }
        let results = step.scenarios.compactMap { scenario in
            records[scenario.id].map { (scenario, $0.result(of: scenario)) }
        }
        let passing = results.filter { if case .passes = $0.1 { true } else { false } }.count
        let failing = results.filter { $0.1.isFailure }.count
        var shown: [Defect: Int] = [:]
        for (_, result) in results {
            if case .showsDefects(let defects) = result { defects.forEach { shown[$0, default: 0] += 1 } }
        }
        let known = results.count - passing - failing
        var line = "\(step)  \(results.count) scenarios: \(passing) pass"
        if known > 0 { line += ", \(known) show the step's known defects, as expected" }
        if failing > 0 { line += ", \(failing) FAIL" }
        if !records.isEmpty { print(line) } else { print(step) }
        for defect in step.defects where shown[defect] != nil {
            print(
                "          known defect: \(defect.title) (\(shown[defect]!) scenario\(shown[defect]! == 1 ? "" : "s"))")
        }
        if !threads.isEmpty {
            let clean = threads.values.filter { $0.hasPrefix("no anomaly") }.count
            let scenarios = "\(threads.count) thread scenario\(threads.count == 1 ? "" : "s")"
            print(
                step.isThreadSafe
                    ? "          \(scenarios): \(clean == threads.count ? "every round holds" : "\(threads.count - clean) FAIL")"
                    : "          \(scenarios): not thread-safe, a known defect (this run saw it in \(threads.count - clean));"
                        + " make test-threads STEP=\(step.number) names the races")
        }
    }
}

func main() throws -> Int32 {
    endWithEverythingStarted()
    if case .failure(let invalid) = CourseLanguage.fromEnvironment() {
        throw WorkshopError(description: invalid.description)
    }
    onInterrupt.words = tr(
        "\nInterrupted: everything this command started has been stopped.", "\n已中断：这条命令启动的一切都已停止。")
    let arguments = Array(CommandLine.arguments.dropFirst())
    let environment = ProcessInfo.processInfo.environment
    let verbose = !(environment["VERBOSE"] ?? "").isEmpty && environment["VERBOSE"] != "0"
    // The self-test checks its own workspaces through this tool too (the interrupt test).
    let root = environment["RXDEMO_WORKSHOP_ROOT"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultRoot
    func workspace() throws -> Workspace { Workspace(step: try parseStep(arguments.dropFirst().first), root: root) }
    switch arguments.first {
    case "start": try start(workspace(), from: environment["FROM"])
    case "exercise": try exercise(workspace())
    case "check":
        let result = try check(workspace(), verbose: verbose)
        return result.status == .done ? 0 : 1
    case "hint": try hint(workspace())
    case "reset": try reset(workspace())
    case "restore": try restore(workspace())
    case "progress": progress(root: root)
    case "compare": try compare(workspace(), all: verbose)
    case "watch": try watch(workspace(), verbose: verbose)
    case "scenarios": try listScenarios(arguments.dropFirst().first)
    case "threads":
        let mine = !(environment["MINE"] ?? "").isEmpty && environment["MINE"] != "0"
        let chosen = try workspace()
        return try testThreads(chosen.step, workspace: mine ? chosen : nil)
    case "test":
        let chosen = arguments.count > 1 ? arguments[1] : ""
        return try runSuite(
            step: chosen.isEmpty ? nil : parseStep(chosen), scenario: arguments.count > 2 ? arguments[2] : "")
    case "summary":
        guard let folder = arguments.dropFirst().first else {
            throw WorkshopError(description: "summary needs a folder")
        }
        try summary(reportFolder: folder)
    case "doctor": return try doctor()
    case "check-translation": return try checkTranslation()
    case "audit":
        let steps = arguments.count > 1 ? try arguments.dropFirst().map(parseStep) : Step.allCases
        var complete = true
        for step in steps {
            let unlisted = try namesTheChecksCallLeaveOut(for: step)
            complete = complete && unlisted.isEmpty
            print(
                "\(step): "
                    + (unlisted.isEmpty ? "every name the adapter uses is listed" : unlisted.joined(separator: ", ")))
        }
        return complete ? 0 : 1
    case "selftest":
        let steps = arguments.count > 1 ? try arguments.dropFirst().map(parseStep) : Step.allCases
        return try selftest(steps)
    default:
        print(usage)
        return 2
    }
    return 0
}

do {
    exit(try main())
} catch let error as WorkshopError {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(error.status)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
