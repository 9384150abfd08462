// The expectation table: for every step and scenario, whether the step passes, fails for
// a known reason (its defect is part of the lesson), or cannot run the scenario at all.
public enum Verdict: Equatable, Sendable {
    case passes
    case knownIssue(String)
    case notApplicable(missing: Set<Capability>)
}

// One sentence per defect; the docs reuse them.
public enum KnownDefect {
    public static let noTerminalState =
        "RxDemo01 hands the generator the subscriber itself, so nothing stops events after completed or error"
    public static let compositeCycleLeaks =
        "RxDemo04's CompositeDisposable keeps its members after dispose; through map they lead back to the sink that holds it, a cycle nothing breaks"
    public static let disposeClosureNeverRuns =
        "RxDemo05's Sink never adds the generator's disposable to its composite, so the dispose closure never runs"
}

extension Step {
    private var knownIssues: [ScenarioID: String] {
        switch self {
        case .rxDemo01:
            [
                .nothingAfterCompleted: KnownDefect.noTerminalState,
                .nothingAfterError: KnownDefect.noTerminalState,
            ]
        case .rxDemo04:
            [
                .freedAfterCompletionThroughMaps: KnownDefect.compositeCycleLeaks,
                .freedAfterDispose: KnownDefect.compositeCycleLeaks,
            ]
        case .rxDemo05:
            Dictionary(
                uniqueKeysWithValues: [
                    ScenarioID.articleDemo02, .articleDemo04, .articleDemo05, .completedRunsDisposeClosure,
                    .errorRunsDisposeClosure, .disposeBeforeCompletion, .disposeTwice, .disposeFromHandler,
                    .synchronousCompletion, .synchronousCompletionThroughMaps, .throwingMap,
                    .independentSubscriptions,
                ].map { ($0, KnownDefect.disposeClosureNeverRuns) })
        case .rxDemo02, .rxDemo03, .rxDemo06:
            [:]
        }
    }

    public func verdict(for scenario: Scenario) -> Verdict {
        let missing = scenario.needs.subtracting(capabilities)
        if !missing.isEmpty { return .notApplicable(missing: missing) }
        return knownIssues[scenario.id].map(Verdict.knownIssue) ?? .passes
    }

    // The scenarios this step can run; the rest are not applicable.
    public var scenarios: [Scenario] {
        Scenario.all.filter { $0.needs.isSubset(of: capabilities) }
    }
}
