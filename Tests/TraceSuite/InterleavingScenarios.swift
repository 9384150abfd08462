import Foundation

// Scenarios the interleaving explorer runs (Tools/Explorer, built with the step): two threads,
// every order of their lock and atomic operations with at most two preemptions, and a check
// after each. They catch what no number of real rounds reliably does: a check-then-act on an
// atomic flag (two threads both see "not disposed"), a check and an insert under two locks, a
// lock held while an observer runs (a deadlock). Their bodies live in
// Tools/Explorer/ExplorerScenarios.swift, under the case names of these ids.
public enum InterleavingScenarioID: String, Sendable, CaseIterable {
    case disposeTwice = "dispose() of one subscription on two threads, in every interleaving"
    case anonymousDisposeTwice = "Disposables.create(with:) disposed on two threads, in every interleaving"
    case binaryDisposeTwice = "Disposables.create(a, b) disposed on two threads, in every interleaving"
    case completedRacingDispose = "completed on one thread while dispose() runs on another, in every interleaving"
    case subscribeRacingCompleted =
        "a PublishSubject gets a subscriber on one thread while another completes it, in every interleaving"
    case subscribeRacingNewValue =
        "a BehaviorSubject gets a subscriber on one thread while another sends it a value, in every interleaving"
    case publishHandlerTakesLock =
        "a PublishSubject's handler takes a lock that another thread holds while it asks the subject, in every interleaving"
    case behaviorHandlerTakesLock =
        "a BehaviorSubject's handler takes a lock that another thread holds while it asks the subject, in every interleaving"
    // Step 11 on.
    case shareFirstSubscribers = "two threads subscribe first to one share(), in every interleaving"
    case shareSubscribeRacingDispose =
        "the last subscriber of a share() leaves on one thread while a new one comes on another, in every interleaving"
    case refCountSubscribeRacingDispose =
        "the last subscriber of publish().refCount() leaves on one thread while a new one comes on another, in every interleaving"
    case replaySubscribeRacingNewValue =
        "a ReplaySubject gets a subscriber on one thread while another sends it a value, in every interleaving"
    case shareReplayHandlerTakesLock =
        "a late subscriber's handler of share(replay: 1) takes a lock that another thread holds while it subscribes, in every interleaving"
    // Step 12 on.
    case flatMapInnerRacingSourceCompleted =
        "a flatMap's inner completes on one thread while its source completes on another, in every interleaving"
    case ambFirstElements = "both sources of an amb send their first element at once, in every interleaving"

    // The first step that has what it needs (the explorer builds it from that step on).
    public var from: Step {
        switch self {
        case .disposeTwice, .anonymousDisposeTwice, .binaryDisposeTwice, .completedRacingDispose,
            .subscribeRacingCompleted, .subscribeRacingNewValue, .publishHandlerTakesLock, .behaviorHandlerTakesLock:
            .rxDemo09
        case .shareFirstSubscribers, .shareSubscribeRacingDispose, .refCountSubscribeRacingDispose,
            .replaySubscribeRacingNewValue, .shareReplayHandlerTakesLock:
            .rxDemo11
        case .flatMapInnerRacingSourceCompleted, .ambFirstElements: .rxDemo12
        }
    }
}

public struct InterleavingScenario: Sendable, CustomStringConvertible {
    public let id: InterleavingScenarioID
    public var from: Step { id.from }

    public var name: String { id.rawValue }
    public var description: String { name }
    // What the explorer's command line calls it.
    public var key: String { "\(id)" }

    public func matches(_ pattern: String?) -> Bool {
        guard let pattern, !pattern.isEmpty else { return true }
        return name.localizedCaseInsensitiveContains(pattern) || key.localizedCaseInsensitiveContains(pattern)
    }

    public static let all = InterleavingScenarioID.allCases.map { InterleavingScenario(id: $0) }
}

extension Step {
    // Only a step meant to be thread-safe is explored: before step 09 every scenario breaks.
    public var interleavingScenarios: [InterleavingScenario] {
        isThreadSafe ? InterleavingScenario.all.filter { $0.from.rawValue <= rawValue } : []
    }

    public var selectedInterleavingScenarios: [InterleavingScenario] {
        let pattern = ProcessInfo.processInfo.environment["RXDEMO_SCENARIO"]
        return interleavingScenarios.filter { $0.matches(pattern) }
    }
}
