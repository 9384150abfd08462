import Foundation
import TraceSuite

// The workshop loop: participants write each step themselves in Workshop/RxDemoNN (git
// ignores it), and the trace suite tells them how far they are. The Makefile calls this
// from the repository root; `make` lists the commands.

let usage = """
    usage: Workshop COMMAND [STEP]   (run from the repository root; `make` wraps each command)
      start NN      create Workshop/RxDemoNN from step NN-1's code and step NN's demo
      exercise NN   copy the reference step NN into Workshop/RxDemoNN, for the page's exercises
      check NN      compile Workshop/RxDemoNN as step NN and report (VERBOSE=1: every failure)
      hint NN       the next of three hints
      reset NN      move Workshop/RxDemoNN aside (nothing is deleted)
      progress      every step: not started, k of m, done
      compare NN    your workspace beside the reference step (git diff --no-index)
      watch NN      check again whenever a workspace file changes, until Ctrl-C
      scenarios [TEXT]   list the scenarios (those whose name contains TEXT)
      selftest [NN ...]  for each step: the starter is not done, the reference is
    """

func parseStep(_ text: String?) throws -> Step {
    let valid = Step.allCases.map { "0\($0.rawValue)" }.joined(separator: " ")
    guard let text, !text.isEmpty else {
        throw WorkshopError(description: "say which step, e.g. STEP=04; valid steps: \(valid)")
    }
    guard let number = Int(text), let step = Step(rawValue: number), text.count <= 2 else {
        throw WorkshopError(description: "STEP=\(text) is not a step; valid steps: \(valid)")
    }
    return step
}

// The reference files a step adds or changes, compared with the step before.
func changedFiles(_ step: Step) -> [String] {
    let current = listFiles(in: "Steps/\(step)").filter { $0 != "main.swift" }
    guard let previous = Step(rawValue: step.rawValue - 1) else { return current.filter { $0 != "Event.swift" } }
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

// Step 01 starts from Event.swift and the demo; every other step from the step before,
// with this step's demo.
func createStarter(_ workspace: Workspace) throws {
    try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
    let step = workspace.step
    if let previous = Step(rawValue: step.rawValue - 1) {
        try copy(
            listFiles(in: "Steps/\(previous)").filter { $0 != "main.swift" }, from: "Steps/\(previous)",
            to: workspace.path)
    } else {
        try copy(["Event.swift"], from: workspace.reference, to: workspace.path)
    }
    try copy(["main.swift"], from: workspace.reference, to: workspace.path)
}

func start(_ workspace: Workspace) throws {
    try refuseExisting(workspace)
    try createStarter(workspace)
    let page = try BuildItYourself(step: workspace.step)
    let origin =
        workspace.step == .rxDemo01
        ? "Event.swift and the demo" : "step 0\(workspace.step.rawValue - 1)'s code and this step's demo"
    print("Created \(workspace.path)/ from \(origin).")
    print()
    page.goal.forEach { print($0) }
    print()
    print("Read: \(page.page)")
    print("Write: " + changedFiles(workspace.step).joined(separator: ", "))
    print("Check: make check STEP=\(workspace.number)    (or make watch STEP=\(workspace.number))")
    print("Stuck: make hint STEP=\(workspace.number)")
}

func exercise(_ workspace: Workspace) throws {
    try refuseExisting(workspace)
    try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
    try copy(listFiles(in: workspace.reference), from: workspace.reference, to: workspace.path)
    print("Copied the reference \(workspace.step) into \(workspace.path)/ for the exercises on its page.")
    print("Change it there; 'make check STEP=\(workspace.number)' reports which known defects your change fixes.")
}

func hint(_ workspace: Workspace) throws {
    let hints = try BuildItYourself(step: workspace.step).hints
    let state = "\(workspace.root)/.hints/\(workspace.name)"
    let shown = read(state).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
    let next = min(shown, hints.count - 1)
    print("Hint \(next + 1) of \(hints.count) for \(workspace.name)")
    hints[next].dropFirst().forEach { print($0) }
    if next + 1 < hints.count {
        try files.createDirectory(atPath: "\(workspace.root)/.hints", withIntermediateDirectories: true)
        try write("\(next + 1)\n", to: state)
        print()
        print("Again for the next hint: make hint STEP=\(workspace.number)")
    } else {
        print()
        print("That was the last hint. The reference beside your code: make compare STEP=\(workspace.number)")
    }
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
}

func progress(root: String) {
    print("Workshop progress (\(root)/):")
    for step in Step.allCases {
        let workspace = Workspace(step: step, root: root)
        var state = "not started"
        if isDirectory(workspace.path) {
            state = "started, not checked yet"
            if let last = read(workspace.lastCheck), let checked = modificationDate(workspace.lastCheck) {
                state = last
                let changed = listFiles(in: workspace.path).contains {
                    (modificationDate("\(workspace.path)/\($0)") ?? .distantPast) > checked
                }
                if changed { state += " (changed since the last check)" }
            }
        }
        print("  \(step)  \(state)")
    }
    print("Next: make start STEP=NN, make check STEP=NN")
}

func compare(_ workspace: Workspace) throws {
    guard isDirectory(workspace.path) else {
        throw WorkshopError(
            description: "there is no \(workspace.path) yet: run 'make start STEP=\(workspace.number)' first")
    }
    let result = try run(["git", "diff", "--no-index", workspace.reference, workspace.path], passThrough: true)
    if result.status == 0 { print("\(workspace.path) is the same as \(workspace.reference).") }
}

func watch(_ workspace: Workspace, verbose: Bool) throws {
    func snapshot() -> [String: Date] {
        var state: [String: Date] = [:]
        for file in listFiles(in: workspace.path) { state[file] = modificationDate("\(workspace.path)/\(file)") }
        return state
    }
    var last: [String: Date]? = nil
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

func listScenarios(_ pattern: String?) throws {
    let matching = Scenario.all.filter { $0.matches(pattern) }
    guard !matching.isEmpty else {
        throw WorkshopError(
            description: "no scenario matches \"\(pattern ?? "")\"; the scenarios are:\n"
                + Scenario.all.map { "  \($0.name)" }.joined(separator: "\n"))
    }
    for scenario in matching {
        let steps = Step.allCases.filter { $0.scenarios.contains { $0.id == scenario.id } }.map { "0\($0.rawValue)" }
        print("\(scenario.name)  [\(scenario.id); steps \(steps.joined(separator: " "))]")
    }
}

// For every step: the untouched starter is not done, and the reference copied into the
// workspace is. Run by CI in a folder of its own, never in the participant's Workshop/.
func selftest(_ steps: [Step]) throws -> Int32 {
    let root = ".build-selftest-src"
    var failures = 0
    print("Step      starter                      reference")
    for step in steps {
        let workspace = Workspace(step: step, root: root)
        try? files.removeItem(atPath: workspace.path)
        try createStarter(workspace)
        let starter = try check(workspace, verbose: false, quiet: true)
        try files.removeItem(atPath: workspace.path)
        try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
        try copy(listFiles(in: workspace.reference), from: workspace.reference, to: workspace.path)
        let reference = try check(workspace, verbose: false, quiet: true)
        let ok = starter.status != .done && reference.status == .done
        if !ok { failures += 1 }
        let left = "not done (\(starter.summary))".padding(toLength: 29, withPad: " ", startingAt: 0)
        print("\(step)  \(left)\(reference.summary)\(ok ? "" : "   ✘ expected: starter not done, reference done")")
    }
    print()
    print("Mistakes the suite must catch (each a reference step with one change):")
    let pairFailures = failures
    var caught = 0
    let wanted = mutants.filter { steps.contains($0.step) }
    for mutant in wanted {
        let workspace = Workspace(step: mutant.step, root: root)
        try? files.removeItem(atPath: workspace.path)
        try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
        try copy(listFiles(in: workspace.reference), from: workspace.reference, to: workspace.path)
        let path = "\(workspace.path)/\(mutant.file)"
        guard var text = read(path), mutant.changes.allSatisfy({ text.contains($0.key) }) else {
            throw WorkshopError(
                description:
                    "the mutant \"\(mutant.mistake)\" no longer applies to \(workspace.reference)/\(mutant.file)")
        }
        for (original, replacement) in mutant.changes {
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        try write(text, to: path)
        let result = try check(workspace, verbose: false, quiet: true)
        if result.status == .done { failures += 1 } else { caught += 1 }
        print(
            "\(mutant.step)  \(mutant.mistake): \(result.status == .done ? "✘ called done" : "caught (\(result.summary))")"
        )
    }
    print()
    print("\(steps.count - pairFailures + caught) passed, \(failures) failed")
    return failures == 0 ? 0 : 1
}

func main() throws -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let environment = ProcessInfo.processInfo.environment
    let verbose = !(environment["VERBOSE"] ?? "").isEmpty && environment["VERBOSE"] != "0"
    let root = defaultRoot
    func workspace() throws -> Workspace { Workspace(step: try parseStep(arguments.dropFirst().first), root: root) }
    switch arguments.first {
    case "start": try start(workspace())
    case "exercise": try exercise(workspace())
    case "check":
        let result = try check(workspace(), verbose: verbose)
        return result.status == .done ? 0 : 1
    case "hint": try hint(workspace())
    case "reset": try reset(workspace())
    case "progress": progress(root: root)
    case "compare": try compare(workspace())
    case "watch": try watch(workspace(), verbose: verbose)
    case "scenarios": try listScenarios(arguments.dropFirst().first)
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
