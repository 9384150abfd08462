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
    case replayHandlerTakesLock =
        "a late subscriber's handler of a ReplaySubject takes a lock that another thread holds while it subscribes, in every interleaving"
    case connectGeneratorTakesLock =
        "the generator of a publish() takes a lock that another thread holds while it subscribes, as connect() runs, in every interleaving"
    // Step 12 on.
    case flatMapInnerRacingSourceCompleted =
        "a flatMap's inner completes on one thread while its source completes on another, in every interleaving"
    case ambFirstElements = "both sources of an amb send their first element at once, in every interleaving"
    case flatMapTeardownTakesLock =
        "a flatMap fails on one thread, and its inner's dispose closure takes a lock that another thread holds while it sends to the source, in every interleaving"
    case flatMapInnerCompletedTakesLock =
        "a flatMap's inner completes on one thread, and its dispose closure takes a lock that another thread holds while it sends to the source, in every interleaving"
    case singleValueSuccessRacingFailure =
        "Single's value: a success and a failure sent from two threads at once resume the await exactly once, with no lock held, in every interleaving"
    // The demand act (Tools/Explorer/DemandExplorerScenarios.swift), step 17 on.
    case sequenceRequestsFromTwoThreads =
        "Publishers.Sequence: two threads request at once, in every interleaving: each element once, in order, one receive at a time"
    case sinkCancelledTwice = "a Sink cancelled on two threads, in every interleaving: its upstream is cancelled once"
    case futurePromisedWhileSubscribing =
        "a Future is promised on one thread while a subscriber comes on another, in every interleaving: it gets the value once, then finished"
    case subjectSendRacingCancel =
        "a PassthroughSubject sends on one thread while its subscriber cancels on another, in every interleaving: the value at most once, nothing after"
    case autoconnectFirstSubscribersAtOnce =
        "two threads subscribe first to one share() at once, in every interleaving: the upstream is subscribed once"
    case multicastSubscribersShareOneSubject =
        "two threads subscribe first to one multicast { … } at once, in every interleaving: both are on the subject that connect() connects"
    // Step 18 on.
    case flatMapChildrenSendAtOnce =
        "two children of one flatMap send at once with one element of demand, in every interleaving: one goes down, the other waits for the next request"
    case flatMapUpstreamFailsWhileCancelled =
        "a flatMap's upstream fails on one thread while its subscriber cancels on another, in every interleaving: the child is cancelled once, with no lock held"
    // Step 19 on.
    case switchToLatestNextChildWhileCancelled =
        "switchToLatest gets its next publisher on one thread while its subscriber cancels on another, in every interleaving: each child is cancelled once, with no lock held"

    // The first step that has what it needs (the explorer builds it from that step on).
    public var from: Step {
        switch self {
        case .disposeTwice, .anonymousDisposeTwice, .binaryDisposeTwice, .completedRacingDispose,
            .subscribeRacingCompleted, .subscribeRacingNewValue, .publishHandlerTakesLock, .behaviorHandlerTakesLock:
            .rxDemo09
        case .shareFirstSubscribers, .shareSubscribeRacingDispose, .refCountSubscribeRacingDispose,
            .replaySubscribeRacingNewValue, .shareReplayHandlerTakesLock, .replayHandlerTakesLock,
            .connectGeneratorTakesLock:
            .rxDemo11
        case .flatMapInnerRacingSourceCompleted, .ambFirstElements, .flatMapTeardownTakesLock,
            .flatMapInnerCompletedTakesLock:
            .rxDemo12
        case .singleValueSuccessRacingFailure: .rxDemo15
        case .sequenceRequestsFromTwoThreads, .sinkCancelledTwice, .futurePromisedWhileSubscribing,
            .subjectSendRacingCancel, .autoconnectFirstSubscribersAtOnce, .multicastSubscribersShareOneSubject:
            .rxDemo17
        case .flatMapChildrenSendAtOnce, .flatMapUpstreamFailsWhileCancelled: .rxDemo18
        case .switchToLatestNextChildWhileCancelled: .rxDemo19
        }
    }
}

// A call-out under a lock that a reference step makes on purpose, because the RxSwift it
// follows does: the explorer reports it (the handler ran while the lock made in `lockFile` was
// held, or one made in `alsoHeld`, which RxSwift holds at the same call-out), and the step's
// verdict for that scenario is this known defect.
public struct KnownCallOut: Sendable {
    public let lockFile: String
    public var alsoHeld: [String] = []
    public let title: String
    public let chineseTitle: String
    // Where RxSwift stands: the issue, and whether its main branch still does it.
    public let rxSwift: String
    public let chineseRxSwift: String

    public var lockFiles: [String] { [lockFile] + alsoHeld }
    // Not a call-out but a check the step fails as its library does: a phrase of the explorer's
    // verdict, in each language (a check-then-act under two holds of the lock in `lockFile`).
    public var verdictSays: [String] = []
}

extension InterleavingScenarioID {
    // From RxSwift's sources: 6.10.2 for steps 09-14, main (5abdfe46) for step 15.
    public func knownCallOut(in step: Step) -> KnownCallOut? {
        // Step 15 removes each one: where RxSwift's main branch did, and (a deviation each) where
        // it still calls out: the subjects' first events, amb's decision, refCount's disconnect.
        let fixedOnMain = step.rawValue < Step.rxDemo15.rawValue
        let mainToo = ("kept on RxSwift's main branch too; step 15 goes further", "RxSwift 的 main 分支也保留着；第 15 步更进一步")
        switch self {
        case .subscribeRacingCompleted:
            return !fixedOnMain
                ? nil
                : KnownCallOut(
                    lockFile: "PublishSubject.swift",
                    title: "a PublishSubject sends its terminal event to a late subscriber under its lock",
                    chineseTitle: "PublishSubject 在持锁时把终止事件发给晚到的订阅者",
                    rxSwift: mainToo.0, chineseRxSwift: mainToo.1)
        case .subscribeRacingNewValue:
            return !fixedOnMain
                ? nil
                : KnownCallOut(
                    lockFile: "BehaviorSubject.swift",
                    title: "a BehaviorSubject sends its current value to a new subscriber under its lock",
                    chineseTitle: "BehaviorSubject 在持锁时把当前值发给新订阅者",
                    rxSwift: mainToo.0, chineseRxSwift: mainToo.1)
        case .refCountSubscribeRacingDispose:
            return !fixedOnMain
                ? nil
                : KnownCallOut(
                    // Disconnecting disposes the connection under the connectable's lock too.
                    lockFile: "RefCount.swift", alsoHeld: ["Multicast.swift"],
                    title:
                        "refCount() connects and disconnects under its lock, running the generator and the dispose closure there",
                    chineseTitle: "refCount() 在持锁时连接和断开，事件生成器和释放闭包都在锁里运行",
                    rxSwift:
                        "RxSwift #2723: its main branch connects outside the lock; step 15 disconnects outside it too",
                    chineseRxSwift: "RxSwift #2723：main 分支在锁外连接；第 15 步连断开也放到锁外")
        case .replaySubscribeRacingNewValue, .replayHandlerTakesLock:
            return fixedOnMain
                ? KnownCallOut(
                    lockFile: "ReplaySubject.swift",
                    title: "a ReplaySubject replays to a new subscriber under its lock",
                    chineseTitle: "ReplaySubject 在持锁时向新订阅者回放",
                    rxSwift: "RxSwift #2723, fixed on its main branch", chineseRxSwift: "RxSwift #2723，已在 main 分支修复")
                : nil
        case .connectGeneratorTakesLock:
            return fixedOnMain
                ? KnownCallOut(
                    lockFile: "Multicast.swift",
                    title: "connect() subscribes the source under the connectable's lock",
                    chineseTitle: "connect() 在持有可连接序列的锁时订阅源",
                    rxSwift: "RxSwift #2723, fixed on its main branch", chineseRxSwift: "RxSwift #2723，已在 main 分支修复")
                : nil
        case .flatMapInnerRacingSourceCompleted, .flatMapTeardownTakesLock, .flatMapInnerCompletedTakesLock:
            return fixedOnMain
                ? KnownCallOut(
                    lockFile: "Merge.swift",
                    title: "flatMap forwards, runs the selector and tears down under its lock",
                    chineseTitle: "flatMap 在持锁时转发事件、运行选择函数并拆除订阅",
                    rxSwift: "RxSwift #2711, fixed on its main branch with #2724",
                    chineseRxSwift: "RxSwift #2711，已在 main 分支随 #2724 修复")
                : nil
        case .ambFirstElements:
            return fixedOnMain
                ? KnownCallOut(
                    lockFile: "Amb.swift",
                    title: "amb disposes the loser and forwards the winner's first event under its lock",
                    chineseTitle: "amb 在持锁时释放落败的一方并转发胜者的第一个事件",
                    rxSwift: mainToo.0, chineseRxSwift: mainToo.1)
                : nil
        // The demand act's, from OpenCombine's sources (63aef318): steps 17 and 18 keep both.
        // Step 18 calls out under no lock here; OpenCombine cancels the children with its lock held.
        case .flatMapChildrenSendAtOnce, .flatMapUpstreamFailsWhileCancelled, .switchToLatestNextChildWhileCancelled:
            return nil
        case .multicastSubscribersShareOneSubject:
            return [.rxDemo17, .rxDemo18].contains(step)
                ? KnownCallOut(
                    lockFile: "Multicast.swift",
                    title: "multicast creates its subject (createSubject) with its lock held",
                    chineseTitle: "multicast 在持锁时创建它的 subject（createSubject）",
                    rxSwift: "OpenCombine's Multicast does (lazySubject)",
                    chineseRxSwift: "OpenCombine 的 Multicast 就是这样做的（lazySubject）")
                : nil
        case .autoconnectFirstSubscribersAtOnce:
            return [.rxDemo17, .rxDemo18].contains(step)
                ? KnownCallOut(
                    lockFile: "Autoconnect.swift",
                    title:
                        "autoconnect asks whether it is connected and connects under two holds of its lock: two first subscribers at once both connect",
                    chineseTitle: "autoconnect 分两次持锁，先问是否已连接，再去连接：两个同时到来的第一批订阅者都会连接",
                    rxSwift: "OpenCombine's Autoconnect does, as RxSwift 6.10.0's share did (#2718)",
                    chineseRxSwift: "OpenCombine 的 Autoconnect 就是这样，和 RxSwift 6.10.0 的 share 一样（#2718）",
                    verdictSays: ["the upstream was subscribed", "让上游被订阅了"])
                : nil
        case .disposeTwice, .anonymousDisposeTwice, .binaryDisposeTwice, .completedRacingDispose,
            .publishHandlerTakesLock, .behaviorHandlerTakesLock, .shareFirstSubscribers, .shareSubscribeRacingDispose,
            .shareReplayHandlerTakesLock, .singleValueSuccessRacingFailure, .sequenceRequestsFromTwoThreads,
            .sinkCancelledTwice, .futurePromisedWhileSubscribing, .subjectSendRacingCancel:
            return nil
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

    public func knownCallOut(in step: Step) -> KnownCallOut? { id.knownCallOut(in: step) }

    // Whether a broken interleaving is this step's known call-out: a deadlock at a lock made
    // in the file the table names (the explorer itself lets a mere call-out there pass, and
    // says so in its summary line).
    public func showsKnownCallOut(in step: Step, verdict: String) -> Bool {
        guard let known = knownCallOut(in: step) else { return false }
        if !known.verdictSays.isEmpty { return known.verdictSays.contains { verdict.contains($0) } }
        return (verdict.contains("deadlock") || verdict.contains("死锁"))
            && known.lockFiles.contains { verdict.contains(" \($0):") }
    }

    public func matches(_ pattern: String?) -> Bool {
        guard let pattern, !pattern.isEmpty else { return true }
        return name.localizedCaseInsensitiveContains(pattern) || key.localizedCaseInsensitiveContains(pattern)
            || id.chineseName.contains(pattern)
    }

    public static let all = InterleavingScenarioID.allCases.map { InterleavingScenario(id: $0) }
}

extension Step {
    // Only a step meant to be thread-safe is explored: before step 09 every scenario breaks.
    // Each act's own: the demand act's are written in Combine's terms.
    public var interleavingScenarios: [InterleavingScenario] {
        isThreadSafe
            ? InterleavingScenario.all.filter { $0.from.rawValue <= rawValue && $0.from.isDemandAct == isDemandAct }
            : []
    }

    public var selectedInterleavingScenarios: [InterleavingScenario] {
        let pattern = ProcessInfo.processInfo.environment["RXDEMO_SCENARIO"]
        return interleavingScenarios.filter { $0.matches(pattern) }
    }
}
