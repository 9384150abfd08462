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
    // The same in Chinese, for a Chinese participant's report and pages.
    public let chineseTitle: String
    // The same in Chinese, for a Chinese participant's report and pages.
    public let chineseCause: String
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
        // Receives are missing: subscriptions that end too early, inners no longer heard.
        case missingReceives
        // A transform runs fewer times than once per subscriber: its "map" entries are missing.
        case sharedTransform
        // The subscribers of one value get it in another order, which changes from run to
        // run: the same entries at the same times, in an order that only sometimes differs.
        case subscriberOrder
    }

    // Whether a run may show it or not: the test then passes either way.
    public var isIntermittent: Bool { symptom == .subscriberOrder }
}

extension Defect {
    public static let noTerminalState = Defect(
        step: .rxDemo01, title: "events still arrive after completed or error",
        cause: "RxDemo01 hands the generator the subscriber itself, so nothing stops events after completed or error",
        chineseTitle: "completed 或 error 之后仍有事件到达",
        chineseCause:
            "RxDemo01 把订阅者本身交给事件生成器，所以 completed 或 error 之后，没有任何东西拦住事件",
        symptom: .extraReceives, scenarios: [.nothingAfterCompleted, .nothingAfterError])

    public static let flagSetAfterMembers = Defect(
        step: .rxDemo02, title: "an event sent while disposing still arrives",
        cause:
            "RxDemo02's CompositeDisposable sets isDisposed only after disposing its members, so an event that the dispose closure sends still passes the intermediate observer's check",
        chineseTitle: "释放期间发送的事件仍会到达",
        chineseCause:
            "RxDemo02 的 CompositeDisposable 释放完成员之后才设置 isDisposed，所以释放闭包发送的事件仍能通过中间观察者的检查",
        symptom: .extraReceives, scenarios: [.eventFromDisposeClosure])

    static func disposeRecursesForever(_ step: Step) -> Defect {
        Defect(
            step: step, title: "a dispose from inside the dispose closure never ends",
            cause:
                "\(step)'s CompositeDisposable sets isDisposed only after disposing its members, so a dispose that the dispose closure triggers starts all over again, until the stack overflows",
            chineseTitle: "释放闭包里触发的释放永不结束",
            chineseCause:
                "\(step) 的 CompositeDisposable 释放完成员之后才设置 isDisposed，所以释放闭包触发的释放会从头再来，直到栈溢出",
            symptom: .crashes, scenarios: [.disposeFromDisposeClosure])
    }

    static func sinkKeepsSubscriber(_ step: Step, _ scenarios: [ScenarioID]) -> Defect {
        Defect(
            step: step, title: "a subscriber that keeps its disposable leaks",
            cause:
                "\(step)'s subscribe returns the Sink, which holds the subscriber for good: a subscriber that keeps its disposable makes a cycle that nothing breaks",
            chineseTitle: "保存自己 disposable 的订阅者会泄漏",
            chineseCause:
                "\(step) 的 subscribe 返回 Sink，而 Sink 一直持有订阅者：保存自己 disposable 的订阅者会形成一个没有任何东西会打破的循环引用",
            symptom: .leaks, scenarios: scenarios)
    }

    static func generatorOutlivesSubscription(_ step: Step) -> Defect {
        Defect(
            step: step, title: "the generator outlives its subscription",
            cause:
                "\(step)'s Sink stores the event generator, so the generator and everything it captures live as long as the disposable subscribe returned, after completion and after dispose",
            chineseTitle: "事件生成器比它的订阅活得更久",
            chineseCause:
                "\(step) 的 Sink 保存着事件生成器，所以生成器和它捕获的一切会和 subscribe 返回的 disposable 活得一样久，完成之后、释放之后都是如此",
            symptom: .leaks, scenarios: [.generatorFreedWhileDisposableHeld])
    }

    static func disposeClosureKeepsChain(_ step: Step) -> Defect {
        Defect(
            step: step, title: "a dispose closure that captures its observer leaks",
            cause:
                "\(step)'s AnonymousDisposable keeps its closure after running it, and the CompositeDisposable keeps it after dispose: a closure that captures its observer closes a cycle back to the composite that nothing breaks",
            chineseTitle: "捕获自己观察者的释放闭包会泄漏",
            chineseCause:
                "\(step) 的 AnonymousDisposable 运行闭包之后仍保留着它，CompositeDisposable 释放之后也仍保留着这个 AnonymousDisposable：捕获自己观察者的闭包会形成一个回到组合容器的循环引用，没有任何东西会打破它",
            symptom: .leaks, scenarios: [.disposeClosureCapturingObserverFreed])
    }

    public static let compositeCycleLeaks = Defect(
        step: .rxDemo04, title: "a map chain leaks",
        cause:
            "RxDemo04's CompositeDisposable keeps its members after dispose; through map they lead back to the sink that holds it, a cycle nothing breaks",
        chineseTitle: "map 链泄漏",
        chineseCause:
            "RxDemo04 的 CompositeDisposable 释放之后仍保留着它的成员；经过 map，这些成员又指回持有这个组合容器的 sink，形成一个没有任何东西会打破的循环引用",
        symptom: .leaks,
        scenarios: [
            .freedAfterCompletionThroughMaps, .freedAfterDispose, .subscriberKeepsDisposableThroughMaps,
            .freedAfterErrorThroughMaps,
        ])

    public static let generatorDisposableDropped = Defect(
        step: .rxDemo05, title: "the dispose closure never runs",
        cause:
            "RxDemo05's AnonymousObservable.run drops the disposable the generator returns, so the dispose closure never runs",
        chineseTitle: "释放闭包从不运行",
        chineseCause:
            "RxDemo05 的 AnonymousObservable.run 丢掉了事件生成器返回的 disposable，所以释放闭包从不运行",
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
        chineseTitle: "释放 map 传不到上游",
        chineseCause:
            "RxDemo05 的 MapObservable.run 丢掉了上游 subscribe 返回的东西，所以从 map 下游发起的释放永远到不了它上游的 sink",
        symptom: .disposeLateOrNever,
        scenarios: [
            .articleDemo04, .articleDemo05, .throwingMap, .disposeFromHandlerThroughMaps,
            .independentSubscriptionsThroughMap,
        ])

    // The side step: article 002's `Signal` against RxSwift's rules.
    public static let unheldSubscriptionEnds = Defect(
        step: .rxDemoSignal, title: "a subscription whose Disposable is not held ends at once",
        cause:
            "RxDemoSignal's subscribe returns a Disposable that removes the subscriber in its deinit, so a subscriber that does not keep it is gone before the first value; RxSwift's subscription lasts until dispose() or a terminal event, whoever holds the disposable",
        chineseTitle: "Disposable 没人持有的订阅立即结束",
        chineseCause:
            "RxDemoSignal 的 subscribe 返回一个在 deinit 里移除订阅者的 Disposable，所以不保存它的订阅者在第一个值到来之前就已经没了；RxSwift 的订阅则一直持续到 dispose() 或终止事件，不管是谁持有 disposable",
        symptom: .missingReceives, scenarios: [.hotLateSubscriber, .publishOrderAfterRemoval])

    public static let subscribersInHashOrder = Defect(
        step: .rxDemoSignal, title: "subscribers get a value in an order that changes from run to run",
        cause:
            "RxDemoSignal keeps its subscribers in a dictionary keyed by random UUIDs, and send walks its values in hash order, not in the order they subscribed as RxSwift's Bag does; so it shows in some runs only",
        chineseTitle: "订阅者收到值的顺序每次运行都不同",
        chineseCause:
            "RxDemoSignal 把订阅者存放在以随机 UUID 为键的字典里，send 按哈希顺序遍历字典的值，而不是像 RxSwift 的 Bag 那样按订阅的先后顺序；所以它只在部分运行中出现",
        symptom: .subscriberOrder,
        scenarios: [
            .heldLateSubscriber, .heldDisposeOne, .heldDisposeFromOwnHandler, .heldDisposeOtherDuringSend,
            .hotMapPerSubscriber,
        ])

    public static let cycleKeepsSubscription = Defect(
        step: .rxDemoSignal, title: "a subscription whose Disposable a cycle holds never ends",
        cause:
            "RxDemoSignal has no dispose(): a subscription ends only when its Disposable is freed, so letting go of it ends nothing while the subscriber's own reference (a screen that stores it, and whose closure the signal keeps) still holds it",
        chineseTitle: "Disposable 被循环引用持有的订阅永不结束",
        chineseCause:
            "RxDemoSignal 没有 dispose()：订阅只在它的 Disposable 被释放时结束，所以只要订阅者自己的引用（一个保存着它的界面，而 signal 又保留着这个界面的闭包）还持有它，放开对它的引用就什么也结束不了",
        symptom: .extraReceives, scenarios: [.keptDisposableDisposed])

    public static let cycleLeaks = Defect(
        step: .rxDemoSignal, title: "a subscriber that keeps its Disposable is never freed",
        cause:
            "RxDemoSignal's Disposable holds the signal, the signal holds the subscriber's closure, and the subscriber holds the Disposable: a cycle that only freeing the Disposable could break",
        chineseTitle: "保存自己 Disposable 的订阅者永远不会被释放",
        chineseCause:
            "RxDemoSignal 的 Disposable 持有 signal，signal 持有订阅者的闭包，订阅者又持有 Disposable：这个循环引用只有释放 Disposable 才能打破",
        symptom: .leaks, scenarios: [.keptDisposableDisposed])

    public static let flatMapKeepsLatest = Defect(
        step: .rxDemoSignal, title: "flatMap hears only the latest inner signal",
        cause:
            "RxDemoSignal's flatMap keeps the inner subscription in one variable, _dispose: assigning the next one frees the one before, whose deinit unsubscribes it, so it is RxSwift's flatMapLatest, not its flatMap (and its `if _dispose != nil` runs before any value has come, so it never keeps one)",
        chineseTitle: "flatMap 只监听最新的内部 signal",
        chineseCause:
            "RxDemoSignal 的 flatMap 把内部订阅保存在一个变量 _dispose 里：赋值下一个时，前一个就被释放了，它的 deinit 会取消那次订阅，所以它其实是 RxSwift 的 flatMapLatest，而不是它的 flatMap（而且它的 `if _dispose != nil` 在任何值到来之前就执行了，所以它从来没有保存过一个）",
        symptom: .missingReceives, scenarios: [.hotFlatMapHearsEveryInner])

    public static let mapSharedBySubscribers = Defect(
        step: .rxDemoSignal, title: "map runs its transform once for all subscribers",
        cause:
            "RxDemoSignal's map subscribes to its source once, when it is made, and every subscriber of the new signal shares that subscription; RxSwift's map is cold, one subscription and one call of the transform per subscriber",
        chineseTitle: "map 为所有订阅者只运行一次变换闭包",
        chineseCause:
            "RxDemoSignal 的 map 在创建时订阅一次它的源，新 signal 的每个订阅者都共享这一次订阅；RxSwift 的 map 是“冷”的，每个订阅者各有一次订阅，各调用一次变换闭包",
        symptom: .sharedTransform, scenarios: [.hotMapPerSubscriber])

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
        unheldSubscriptionEnds, subscribersInHashOrder, cycleKeepsSubscription, cycleLeaks, flatMapKeepsLatest,
        mapSharedBySubscribers,
        replayUnderLock(.rxDemo11), replayUnderLock(.rxDemo12), replayUnderLock(.rxDemo13), replayUnderLock(.rxDemo14),
    ]

    // RxSwift 6.10 replays to a newcomer under the subject's lock, before the newcomer is in the
    // bag: its handler can call out only with the lock held (#2723), and an element it sends
    // from there goes to the others only. Fixed on RxSwift's main branch (step 15).
    static func replayUnderLock(_ step: Step) -> Defect {
        Defect(
            step: step, title: "an element sent during a replay never reaches the newcomer",
            cause:
                "\(step)'s ReplaySubject replays to a new subscriber under its lock and only then puts it in the bag, as RxSwift 6.10 does (#2723): what its handler sends during the replay reaches every subscriber but the newcomer",
            chineseTitle: "回放期间发送的元素永远到不了新来者",
            chineseCause:
                "\(step) 的 ReplaySubject 和 RxSwift 6.10 一样（#2723），在持锁时向新订阅者回放，之后才把它放进 bag：新来者的处理闭包在回放期间发送的东西，会到达除它之外的每个订阅者",
            symptom: .missingReceives, scenarios: [.sendDuringReplay])
    }

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
        if symptoms.contains(.subscriberOrder) {
            expected = sortedWithinEachTime(expected)
            actual = sortedWithinEachTime(actual)
        }
        // What may be missing: the actual trace is the expected one without some of these.
        var mayLack: [(String) -> Bool] = []
        if symptoms.contains(.missingReceives) { mayLack.append { TraceEntry($0).event.hasPrefix("receive ") } }
        if symptoms.contains(.sharedTransform) { mayLack.append { TraceEntry($0).event.hasPrefix("map ") } }
        if !mayLack.isEmpty {
            var rest = actual[...]
            for entry in expected {
                if rest.first == entry {
                    rest = rest.dropFirst()
                } else if !mayLack.contains(where: { $0(entry) }) {
                    return false
                }
            }
            return rest.isEmpty && actual.count < expected.count
        }
        return actual == expected
    }

    // Each run of entries at one time, sorted: the order within a moment no longer counts.
    static func sortedWithinEachTime(_ trace: [String]) -> [String] {
        var result: [String] = []
        var moment: [String] = []
        for entry in trace {
            if let last = moment.last, TraceEntry(last).time != TraceEntry(entry).time {
                result += moment.sorted()
                moment = []
            }
            moment.append(entry)
        }
        return result + moment.sorted()
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
        let lacksReceive = title(.missingReceives)
        let lacksMap = title(.sharedTransform)
        return Allowance(
            mayLack: { index in
                let event = TraceEntry(expected[index]).event
                if let lacksReceive, event.hasPrefix("receive ") { return lacksReceive }
                if let lacksMap, event.hasPrefix("map ") { return lacksMap }
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

    // The scenarios this step can run; the rest are not applicable. Drawn once per process:
    // the tools ask for them inside loops over every scenario.
    public var scenarios: [Scenario] { Self.scenariosByStep[rawValue] }

    private static let scenariosByStep: [[Scenario]] = {
        var table = Array(repeating: [Scenario](), count: (allCases.map(\.rawValue).max() ?? 0) + 1)
        for step in allCases { table[step.rawValue] = Scenario.all.filter { $0.needs.isSubset(of: step.capabilities) } }
        return table
    }()

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
        // SCENARIO=none: no hand-written scenario, so that the generated programs judge alone.
        if pattern == "none" { return false }
        return name.localizedCaseInsensitiveContains(pattern) || id.chineseName.contains(pattern)
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
