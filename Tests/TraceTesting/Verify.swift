import Testing
import TraceSuite

extension Scenario: CustomTestStringConvertible {
    public var testDescription: String { name }
}

// Runs one scenario against a step and checks its trace. A known issue must still fail:
// `withKnownIssue` reports a step that stops showing its defect.
public func verify<Adapter: StepAdapter>(
    _ scenario: Scenario, on adapter: Adapter.Type, sourceLocation: SourceLocation = #_sourceLocation
) {
    let trace = scenario.run(on: adapter)
    switch Adapter.step.verdict(for: scenario) {
    case .passes:
        #expect(trace == scenario.expected, sourceLocation: sourceLocation)
    case .knownIssue(let reason):
        withKnownIssue(Comment(rawValue: reason), sourceLocation: sourceLocation) {
            #expect(trace == scenario.expected, sourceLocation: sourceLocation)
        }
    case .notApplicable(let missing):
        Issue.record("\(Adapter.step) lacks \(missing.map(\.rawValue).sorted()); this case should not run")
    }
}
