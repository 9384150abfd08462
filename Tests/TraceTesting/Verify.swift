import Foundation
import Testing
import TraceSuite

// The Swift Testing side of the suite. A plain target, not a test target, so that all six
// steps' test targets share it; SwiftPM lets a library that imports Testing be used by
// test targets only, so no executable may ever depend on it.

extension Scenario: CustomTestStringConvertible {
    public var testDescription: String { name }

    // Failures point at the scenario's line in Scenarios.swift, not at the adapter.
    public var sourceLocation: SourceLocation {
        SourceLocation(
            fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
    }
}

// Judges one trace of a scenario. A known issue must still fail, and fail the way its
// defect makes it fail: `withKnownIssue` reports a step that stops showing its defect, and
// the symptom check reports one that fails for some other reason.
public func verify<Adapter: StepAdapter>(_ scenario: Scenario, on adapter: Adapter.Type, trace: [String]) {
    let location = scenario.sourceLocation
    let matches = trace == scenario.expected
    let mismatch = Comment(
        rawValue: (["\(Adapter.step), «\(scenario.name)»:"]
            + sideBySide(expected: scenario.expected, actual: trace)).joined(separator: "\n"))
    let verdict = Adapter.step.verdict(for: scenario)
    switch verdict {
    case .passes:
        if !matches { Issue.record(mismatch, sourceLocation: location) }
    case .knownIssue(let defects):
        withKnownIssue(Comment(rawValue: verdict.reason ?? ""), sourceLocation: location) {
            if !matches { Issue.record(mismatch, sourceLocation: location) }
        }
        if !matches && !scenario.shows(defects, in: trace) {
            Issue.record(
                Comment(rawValue: "this fails, but not only the way its known issue says. " + mismatch.rawValue),
                sourceLocation: location)
        }
    case .notApplicable(let missing):
        Issue.record("\(Adapter.step) lacks \(missing.map(\.rawValue).sorted()); this case should not run")
    }
}

// Runs the scenario in this process and judges it: for toolchains without exit tests.
public func verify<Adapter: StepAdapter>(_ scenario: Scenario, on adapter: Adapter.Type) {
    ReportFolder.write(ScenarioRecord(id: scenario.id, outcome: .running))
    let trace = scenario.run(on: adapter)
    ReportFolder.write(ScenarioRecord(id: scenario.id, outcome: .finished, trace: trace))
    verify(scenario, on: adapter, trace: trace)
}

// Checks the step's shape (see `StepAdapter.shape`).
public func verifyShape<Adapter: StepAdapter>(of adapter: Adapter.Type) {
    ReportFolder.writeShape(nil)
    let checks = Adapter.shape()
    ReportFolder.writeShape(checks)
    for check in checks where !check.holds {
        Issue.record("\(Adapter.step) does not have the article's shape yet: \(check.requirement)")
    }
}

// The failure of a scenario whose process died; `crashAdvice` follows with the details.
public func crashComment(_ scenario: Scenario, on step: Step) -> Comment {
    Comment(rawValue: "\(step) crashed while running «\(scenario.name)» (\(scenario.location.short))")
}

#if compiler(>=6.3)
    // A scenario run in a child process (an exit test), so that a crash in step code takes
    // down that one scenario only. The child writes each trace entry to a file as it goes, and
    // what it prints on standard error to another; the parent reads both afterwards.
    public struct IsolatedRun {
        public let path: String
        private let scenario: Scenario

        public init(_ scenario: Scenario) {
            self.scenario = scenario
            self.path = NSTemporaryDirectory() + "/rxdemo-\(UUID().uuidString).trace"
            ReportFolder.write(ScenarioRecord(id: scenario.id, outcome: .running))
        }

        // The child's side.
        public static func play<Adapter: StepAdapter>(_ id: ScenarioID, on adapter: Adapter.Type, to path: String) {
            guard let scenario = Scenario.all.first(where: { $0.id == id }),
                FileManager.default.createFile(atPath: path, contents: nil),
                FileManager.default.createFile(atPath: path + ".stderr", contents: nil),
                let trace = FileHandle(forWritingAtPath: path),
                let errors = FileHandle(forWritingAtPath: path + ".stderr")
            else { preconditionFailure("cannot write \(path)") }
            dup2(errors.fileDescriptor, STDERR_FILENO)
            _ = scenario.run(on: adapter) { entry in try? trace.write(contentsOf: Data((entry + "\n").utf8)) }
        }

        // The parent's side, once the child has exited: `crashed` when it did not exit normally.
        public func verify<Adapter: StepAdapter>(on adapter: Adapter.Type, crashed: Bool) {
            let trace = Self.lines(path)
            let message = Self.lines(path + ".stderr").joined(separator: "\n")
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + ".stderr")
            guard !crashed else {
                ReportFolder.write(ScenarioRecord(id: scenario.id, outcome: .crashed(message: message), trace: trace))
                Issue.record(
                    Comment(rawValue: crashAdvice(trace: trace, message: message)),
                    sourceLocation: scenario.sourceLocation)
                return
            }
            ReportFolder.write(ScenarioRecord(id: scenario.id, outcome: .finished, trace: trace))
            TraceTesting.verify(scenario, on: adapter, trace: trace)
        }

        private static func lines(_ path: String) -> [String] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }
#endif
