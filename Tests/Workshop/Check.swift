import Foundation
import TraceSuite

// `make check STEP=NN`: compiles a workspace as step NN, runs step NN's scenarios and shape
// test against it, and turns what they recorded into a short report.

struct Workspace {
    let step: Step
    // Where workspaces live: Workshop/ for participants, another folder for the self-test.
    let root: String

    var name: String { step.description }
    var path: String { "\(root)/\(name)" }
    var number: String { "0\(step.rawValue)" }
    var scratch: String { root == defaultRoot ? ".build-workshop\(number)" : ".build-selftest" }
    var lastCheck: String { "\(scratch)/last-check.txt" }
    var reference: String { "Steps/\(name)" }
}

let defaultRoot = "Workshop"

enum ScenarioResult {
    case passes
    // Fails the way a known defect of the reference step does: allowed.
    case showsDefects([Defect])
    case fails(trace: [String])
    case crashed(trace: [String], message: String)
    case didNotRun
}

struct CheckResult {
    enum Status { case doesNotCompile, notDone, done }
    let status: Status
    // One line for `make progress` and the self-test table.
    let summary: String
}

func check(_ workspace: Workspace, verbose: Bool, quiet: Bool = false) throws -> CheckResult {
    let step = workspace.step
    guard isDirectory(workspace.path) else {
        throw WorkshopError(
            description:
                "there is no workspace \(workspace.path) yet: run 'make start STEP=\(workspace.number)' to begin step \(workspace.number)"
        )
    }
    let strays = listFiles(in: workspace.path).filter { !$0.hasSuffix(".swift") }
    guard strays.isEmpty else {
        throw WorkshopError(
            description: """
                \(workspace.path) may hold only Swift files (SwiftPM compiles everything in it), but it has: \
                \(strays.joined(separator: ", ")).
                Move them out, e.g. to \(workspace.root)/notes/; nothing else needs to change.
                """)
    }
    func say(_ line: String = "") { if !quiet { print(line) } }
    let environment = ["RXDEMO_STEP": workspace.number, "RXDEMO_WORKSPACE": workspace.path]
    let build = try run(
        ["swift", "build", "--build-tests", "--scratch-path", workspace.scratch], environment: environment)
    try? files.createDirectory(atPath: workspace.scratch, withIntermediateDirectories: true)
    try? write(build.output, to: "\(workspace.scratch)/last-build.log")
    guard build.status == 0 else {
        let summary = "does not compile"
        if !quiet { try explainBuildFailure(build.output, workspace) }
        try? write(summary, to: workspace.lastCheck)
        return CheckResult(status: .doesNotCompile, summary: summary)
    }

    let reportFolder = "\(workspace.scratch)/report"
    try? files.removeItem(atPath: reportFolder)
    try files.createDirectory(atPath: reportFolder, withIntermediateDirectories: true)
    let test = try run(
        ["swift", "test", "--skip-build", "--disable-xctest", "--scratch-path", workspace.scratch],
        environment: environment.merging(["RXDEMO_REPORT_DIR": reportFolder, "RXDEMO_SCENARIO": ""]) { $1 })
    try? write(test.output, to: "\(workspace.scratch)/last-test.log")
    let records = ReportFolder.readRecords(of: step, in: reportFolder)

    let scenarios = step.scenarios
    let results = scenarios.map { scenario -> ScenarioResult in
        guard let record = records[scenario.id] else { return .didNotRun }
        switch record.outcome {
        case .running: return .crashed(trace: [], message: "")
        case .crashed(let message):
            let verdict = step.verdict(for: scenario)
            if verdict.crashes, case .knownIssue(let defects) = verdict { return .showsDefects(defects) }
            return .crashed(trace: record.trace, message: message)
        case .finished:
            if record.trace == scenario.expected { return .passes }
            if case .knownIssue(let defects) = step.verdict(for: scenario), scenario.shows(defects, in: record.trace) {
                return .showsDefects(defects)
            }
            return .fails(trace: record.trace)
        }
    }
    let passing = results.filter { if case .passes = $0 { true } else { false } }.count
    let failing = zip(scenarios, results).filter { _, result in
        switch result {
        case .passes, .showsDefects: false
        case .fails, .crashed, .didNotRun: true
        }
    }
    let shape = ReportFolder.readShape(of: step, in: reportFolder)
    let shapeMissing = shape?.checks.filter { !$0.holds } ?? []
    let shapeOK = shape?.finished == true && shapeMissing.isEmpty
    let done = failing.isEmpty && shapeOK

    let showing = results.filter { if case .showsDefects = $0 { true } else { false } }.count
    say(
        "\(step): \(passing) of \(scenarios.count) scenarios pass"
            + (showing == 0 ? "" : "; \(showing) more fail only as the reference step's known defects do (allowed)"))
    for (index, (scenario, result)) in failing.enumerated() where index == 0 || verbose {
        say()
        say(
            (index == 0 ? "Next to fix: " : "Also failing: ")
                + "«\(scenario.name)»  (Tests/TraceSuite/\(scenario.location.short))")
        switch result {
        case .fails(let trace):
            sideBySide(expected: scenario.expected, actual: trace).forEach { say($0) }
        case .crashed(let trace, let message):
            say(crashAdvice(trace: trace, message: message))
        case .didNotRun:
            say("It did not run: the test process stopped before it. The log: \(workspace.scratch)/last-test.log")
        case .passes, .showsDefects: break
        }
    }
    if failing.count > 1 && !verbose {
        say()
        let names = failing.dropFirst().map { "«\($0.0.name)»" }
        let listed = names.prefix(4).joined(separator: ", ") + (names.count > 4 ? " and \(names.count - 4) others" : "")
        say("\(failing.count - 1) more failing: \(listed).")
        say("Each with its traces: make check STEP=\(workspace.number) VERBOSE=1")
    }

    // The reference step's defects: allowed either way, but worth knowing about.
    let defects = step.defects
    if !defects.isEmpty {
        say()
        say("Known defects of the reference \(step) (allowed either way):")
        let shown = shownDefects(of: step, Array(zip(scenarios, results)))
        for defect in defects {
            say("  - \(defect.title): " + (shown.contains(defect) ? "your code still shows it" : "fixed in your code"))
        }
    }

    say()
    switch shape {
    case nil: say("Shape: the shape test did not run (\(workspace.scratch)/last-test.log says why).")
    case .some(let shape) where !shape.finished:
        say("Shape: the shape test crashed (\(workspace.scratch)/last-test.log).")
    case .some(let shape):
        say(shapeOK ? "Shape: as the article has it." : "Shape: not yet the article's:")
        for check in shape.checks where !check.holds || verbose {
            say("  \(check.holds ? "✔" : "✘") \(check.requirement)")
        }
    }

    let summary = done ? "done" : "\(passing) of \(scenarios.count) pass"
    try? write(summary, to: workspace.lastCheck)
    say()
    if done {
        say("Done: \(step) passes every scenario the reference step passes, and has the article's shape.")
        if let next = Step(rawValue: step.rawValue + 1) {
            say("Next: make start STEP=0\(next.rawValue)")
        } else {
            say("That was the last step. Beyond it: Docs/beyond-06.md")
        }
    } else {
        say(
            "Not done yet. A hint: make hint STEP=\(workspace.number). Your code beside the reference: make compare STEP=\(workspace.number)."
        )
    }
    return CheckResult(status: done ? .done : .notDone, summary: summary)
}

// A build failure: what the step's checks call, in words, then the first compiler error.
func explainBuildFailure(_ output: String, _ workspace: Workspace) throws {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(where: { $0.contains(": error: ") && $0.hasPrefix("/") }) else {
        print("\(workspace.name) does not build, and the compiler gave no error line. The log:")
        print(output)
        return
    }
    let root = files.currentDirectoryPath + "/"
    let location = lines[first].replacingOccurrences(of: root, with: "")
    let errors = lines.filter { $0.contains(": error: ") && $0.hasPrefix("/") }
    if output.contains("no such module 'Testing'") {
        print(
            """
            The checks need Swift Testing, and this toolchain has none. On macOS it comes with \
            Xcode 16.2 or later: install Xcode and select it with
              sudo xcode-select -s /Applications/Xcode.app/Contents/Developer
            (the Command Line Tools alone may lack it). On Linux, use a Swift 6 toolchain from swift.org.

            """)
    }
    print("\(workspace.name) does not compile yet. Step \(workspace.number)'s checks call:")
    try BuildItYourself(step: workspace.step).checksCall.forEach { print("  " + $0) }
    print()
    print("The first error:")
    print(location)
    // The compiler's own picture of the line, as far as it goes.
    for line in lines[(first + 1)...].prefix(8) {
        if line.contains(": error: ") || line.contains(": warning: ") || line.hasPrefix("[") || line.isEmpty { break }
        print(line)
    }
    let count = Set(errors).count
    if count > 1 { print("(\(count) errors in all; the whole log: \(workspace.scratch)/last-build.log)") }
}

// The defects a participant's code still shows. A scenario that two defects share fails
// while either is left, so it blames only those not proven fixed: a defect is proven fixed
// when every scenario that it alone causes passes.
func shownDefects(of step: Step, _ results: [(Scenario, ScenarioResult)]) -> Set<Defect> {
    func passes(_ result: ScenarioResult) -> Bool { if case .passes = result { true } else { false } }
    func defects(_ scenario: Scenario) -> [Defect] { step.defects.filter { $0.scenarios.contains(scenario.id) } }
    let provenFixed = Set(step.defects).filter { defect in
        let alone = results.filter { defects($0.0) == [defect] }
        return !alone.isEmpty && alone.allSatisfy { passes($0.1) }
    }
    var shown: Set<Defect> = []
    for (_, result) in results {
        guard case .showsDefects(let defects) = result else { continue }
        let blamed = Set(defects).subtracting(provenFixed)
        shown.formUnion(blamed.isEmpty ? Set(defects) : blamed)
    }
    return shown
}
