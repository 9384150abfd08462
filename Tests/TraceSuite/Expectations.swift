import Foundation

// The expectation table: for every step and scenario, whether the step passes, fails for
// known defects (they are part of the lesson), or cannot run the scenario at all.
public enum Verdict: Equatable, Sendable {
    case passes
    case knownIssue([Defect])
    case notApplicable(missing: Set<Capability>)
}

// A defect of a reference step: what causes it, and how it shows in a trace. The symptom
// lets a check tell "still shows this defect" from "fails for some other reason".
public struct Defect: Hashable, Sendable {
    public let step: Step
    // A few words, for lists: "the dispose closure never runs".
    public let title: String
    // One sentence on the cause, in terms of the step's code.
    public let cause: String
    let symptom: Symptom
    public let scenarios: [ScenarioID]

    enum Symptom: Hashable, Sendable {
        // Events reach the subscriber that should not.
        case extraReceives
        // The generator's dispose closure never runs: its "dispose", and whatever it sends, are missing.
        case disposeClosureNeverRuns
        // A dispose does not reach the source: its closure runs only once the source ends, or never.
        case disposeLateOrNever
        // Objects of the chain outlive the subscription.
        case leaks
        // The step crashes: the scenario runs only where exit tests isolate it.
        case crashes
    }
}

extension Defect {
    public static let noTerminalState = Defect(
        step: .rxDemo01, title: "events still arrive after completed or error",
        cause: "RxDemo01 hands the generator the subscriber itself, so nothing stops events after completed or error",
        symptom: .extraReceives, scenarios: [.nothingAfterCompleted, .nothingAfterError])

    public static let flagSetAfterMembers = Defect(
        step: .rxDemo02, title: "an event sent while disposing still arrives",
        cause:
            "RxDemo02's CompositeDisposable sets isDisposed only after disposing its members, so an event that the dispose closure sends still passes the intermediate observer's check",
        symptom: .extraReceives, scenarios: [.eventFromDisposeClosure])

    static func disposeRecursesForever(_ step: Step) -> Defect {
        Defect(
            step: step, title: "a dispose from inside the dispose closure never ends",
            cause:
                "\(step)'s CompositeDisposable sets isDisposed only after disposing its members, so a dispose that the dispose closure triggers starts all over again, until the stack overflows",
            symptom: .crashes, scenarios: [.disposeFromDisposeClosure])
    }

    static func sinkKeepsSubscriber(_ step: Step, _ scenarios: [ScenarioID]) -> Defect {
        Defect(
            step: step, title: "a subscriber that keeps its disposable leaks",
            cause:
                "\(step)'s subscribe returns the Sink, which holds the subscriber for good: a subscriber that keeps its disposable makes a cycle that nothing breaks",
            symptom: .leaks, scenarios: scenarios)
    }

    static func generatorOutlivesSubscription(_ step: Step) -> Defect {
        Defect(
            step: step, title: "the generator outlives its subscription",
            cause:
                "\(step)'s Sink stores the event generator, so the generator and everything it captures live as long as the disposable subscribe returned, after completion and after dispose",
            symptom: .leaks, scenarios: [.generatorFreedWhileDisposableHeld])
    }

    static func disposeClosureKeepsChain(_ step: Step) -> Defect {
        Defect(
            step: step, title: "a dispose closure that captures its observer leaks",
            cause:
                "\(step)'s AnonymousDisposable keeps its closure after running it, and the CompositeDisposable keeps it after dispose: a closure that captures its observer closes a cycle back to the composite that nothing breaks",
            symptom: .leaks, scenarios: [.disposeClosureCapturingObserverFreed])
    }

    public static let compositeCycleLeaks = Defect(
        step: .rxDemo04, title: "a map chain leaks",
        cause:
            "RxDemo04's CompositeDisposable keeps its members after dispose; through map they lead back to the sink that holds it, a cycle nothing breaks",
        symptom: .leaks,
        scenarios: [
            .freedAfterCompletionThroughMaps, .freedAfterDispose, .subscriberKeepsDisposableThroughMaps,
            .freedAfterErrorThroughMaps,
        ])

    public static let generatorDisposableDropped = Defect(
        step: .rxDemo05, title: "the dispose closure never runs",
        cause:
            "RxDemo05's AnonymousObservable.run drops the disposable the generator returns, so the dispose closure never runs",
        symptom: .disposeClosureNeverRuns,
        scenarios: [
            .articleDemo02, .articleDemo04, .articleDemo05, .completedRunsDisposeClosure, .errorRunsDisposeClosure,
            .disposeBeforeCompletion, .disposeTwice, .disposeAfterCompletion, .disposeFromHandler,
            .disposeFromHandlerThroughMaps, .eventFromDisposeClosure, .disposeFromDisposeClosure,
            .synchronousCompletion,
            .synchronousCompletionThroughMaps, .errorThroughMaps, .throwingMap, .independentSubscriptions,
            .subscribeAgainAfterCompletion, .transformOncePerElement, .independentSubscriptionsThroughMap,
            .disposeClosureCapturingObserverFreed,
        ])

    public static let mapDropsUpstream = Defect(
        step: .rxDemo05, title: "disposing a map never reaches upstream",
        cause:
            "RxDemo05's MapObservable.run drops what the upstream subscribe returns, so a dispose that starts below a map never reaches the sinks above it",
        symptom: .disposeLateOrNever,
        scenarios: [
            .articleDemo04, .articleDemo05, .throwingMap, .disposeFromHandlerThroughMaps,
            .independentSubscriptionsThroughMap,
        ])

    public static let all: [Defect] = [
        noTerminalState, flagSetAfterMembers, disposeRecursesForever(.rxDemo02), disposeClosureKeepsChain(.rxDemo02),
        disposeRecursesForever(.rxDemo03), sinkKeepsSubscriber(.rxDemo03, [.subscriberKeepsDisposable]),
        generatorOutlivesSubscription(.rxDemo03), disposeClosureKeepsChain(.rxDemo03),
        disposeRecursesForever(.rxDemo04),
        sinkKeepsSubscriber(.rxDemo04, [.subscriberKeepsDisposable, .subscriberKeepsDisposableThroughMaps]),
        generatorOutlivesSubscription(.rxDemo04), disposeClosureKeepsChain(.rxDemo04),
        compositeCycleLeaks,
        generatorDisposableDropped, mapDropsUpstream,
        sinkKeepsSubscriber(.rxDemo05, [.subscriberKeepsDisposable, .subscriberKeepsDisposableThroughMaps]),
    ]

    // Whether `trace` differs from the expected one exactly as these defects make it differ.
    static func show(_ defects: [Defect], in trace: [String], of scenario: Scenario) -> Bool {
        guard trace != scenario.expected else { return false }
        let symptoms = Set(defects.map(\.symptom))
        var expected = scenario.expected
        var actual = trace
        // Drops each "dispose" and, when the closure sends something, the entry after it.
        func withoutDisposeClosure(_ trace: [String]) -> [String] {
            var kept: [String] = []
            var skipNext = false
            for entry in trace {
                if skipNext {
                    skipNext = false
                } else if TraceEntry(entry).event == "dispose" {
                    skipNext = scenario.source.sendsWhenDisposed != nil
                } else {
                    kept.append(entry)
                }
            }
            return kept
        }
        if symptoms.contains(.disposeClosureNeverRuns) || symptoms.contains(.disposeLateOrNever) {
            expected = withoutDisposeClosure(expected)
        }
        if symptoms.contains(.disposeLateOrNever) {
            actual = withoutDisposeClosure(actual)
        }
        if symptoms.contains(.extraReceives) {
            let isReceive = { (entry: String) in TraceEntry(entry).event.hasPrefix("receive ") }
            guard actual.filter(isReceive).count > expected.filter(isReceive).count else { return false }
            actual.removeAll(where: isReceive)
            expected.removeAll(where: isReceive)
        }
        if symptoms.contains(.leaks) {
            actual.removeAll { TraceEntry($0).isStillAlive }
        }
        return actual == expected
    }
}

// What a step's known defects allow a trace to lack or to have in addition, each with the
// defect's title: for lining up a failing trace with the expected one.
struct Allowance {
    let mayLack: (Int) -> String?
    let mayAdd: (String) -> String?
}

extension Scenario {
    func allowance(for defects: [Defect]) -> Allowance {
        func title(_ symptoms: Defect.Symptom...) -> String? {
            defects.first { symptoms.contains($0.symptom) }?.title
        }
        let isDispose = { (entry: String) in TraceEntry(entry).event == "dispose" }
        let lacksDispose = title(.disposeClosureNeverRuns, .disposeLateOrNever)
        let addsDispose = title(.disposeLateOrNever)
        let addsReceive = title(.extraReceives)
        let sendsWhenDisposed = source.sendsWhenDisposed != nil
        return Allowance(
            mayLack: { index in
                guard let lacksDispose else { return nil }
                let afterDispose = sendsWhenDisposed && index > 0 && isDispose(expected[index - 1])
                return isDispose(expected[index]) || afterDispose ? lacksDispose : nil
            },
            mayAdd: { entry in
                if let addsDispose, isDispose(entry) { return addsDispose }
                if let addsReceive, TraceEntry(entry).event.hasPrefix("receive ") { return addsReceive }
                return nil
            })
    }

    // Whether `trace` is this scenario's failure by these defects, and nothing else.
    public func shows(_ defects: [Defect], in trace: [String]) -> Bool {
        Defect.show(defects, in: trace, of: self)
    }
}

extension Verdict {
    // A known issue that crashes the step: it can only run in a process of its own.
    public var crashes: Bool {
        if case .knownIssue(let defects) = self { defects.contains { $0.symptom == .crashes } } else { false }
    }
}

extension Step {
    public var defects: [Defect] { Defect.all.filter { $0.step == self } }

    public func verdict(for scenario: Scenario) -> Verdict {
        let missing = scenario.needs.subtracting(capabilities)
        if !missing.isEmpty { return .notApplicable(missing: missing) }
        let defects = defects.filter { $0.scenarios.contains(scenario.id) }
        return defects.isEmpty ? .passes : .knownIssue(defects)
    }

    // The reference step's defects that this scenario shows.
    public func knownDefects(of scenario: Scenario) -> [Defect] {
        if case .knownIssue(let defects) = verdict(for: scenario) { defects } else { [] }
    }

    // The scenarios this step can run; the rest are not applicable.
    public var scenarios: [Scenario] {
        Scenario.all.filter { $0.needs.isSubset(of: capabilities) }
    }

    // The scenarios to run now: all of them, or those that RXDEMO_SCENARIO names
    // (`make test SCENARIO="dispose twice"`).
    public var selectedScenarios: [Scenario] {
        scenarios.filter { $0.matches(ProcessInfo.processInfo.environment["RXDEMO_SCENARIO"]) }
    }
}

extension Scenario {
    // Matches a part of the scenario's sentence or its identifier, in any case.
    public func matches(_ pattern: String?) -> Bool {
        guard let pattern, !pattern.isEmpty else { return true }
        return name.localizedCaseInsensitiveContains(pattern)
            || String(describing: id).localizedCaseInsensitiveContains(pattern)
    }
}

extension Verdict {
    // The sentence a known issue prints: the cause of each defect behind it.
    public var reason: String? {
        guard case .knownIssue(let defects) = self else { return nil }
        return defects.map(\.cause).joined(separator: "; and ")
    }
}
