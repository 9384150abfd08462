import Foundation

// Scenarios on real threads: two things that happen at the same moment on two threads, many
// rounds over. They assert what must hold whatever the interleaving (a dispose closure runs
// exactly once, a subscriber gets every value once and in order); they never sleep, and they
// start both threads together with a semaphore.
public enum ThreadScenarioID: String, Sendable, CaseIterable, Codable {
    case disposeRacingCompleted = "completed on one thread while dispose() runs on another"
    case twoDisposesAtOnce = "dispose() on two threads at once"
    case subjectSendsWhileObserversChange =
        "a subject sends on one thread while observers come and go on another, which then disposes the subject"
    case handlerWaitsForAnotherThread = "an observer's handler waits for another thread that asks the subject"
    // The side step's: its `Signal` has no `hasObservers` and no `dispose()`.
    case hotSourceSendsWhileSubscribersChange =
        "a hot source sends on one thread while subscribers come and go on another"
    // From step 09: one scenario for every flag and lock the page makes atomic or locked. In
    // each, the two accesses that race come before anything the two threads share (see
    // `ThreadScenario.all`), so ThreadSanitizer names a plain variable on every run.
    case elementsRacingDispose = "elements on one thread while dispose() runs on another"
    case elementRacingCompleted = "an element and completed on two threads at once, into one AnonymousObserver"
    case anonymousDisposableTwice = "Disposables.create(with:) disposed on two threads at once"
    case binaryDisposableTwice = "Disposables.create(a, b) disposed on two threads at once"
    case bagFromTwoThreads = "two threads put subscriptions into one DisposeBag, which is then freed"
    case askedWhileObserversChange =
        "hasObservers and value() on one thread while observers come and go on another, which then disposes the subject"
    case valueRacingOnNext = "value() on one thread while onNext runs on another"
    // Step 10: real dispatch queues.
    case observeOnQueueRacingDispose =
        "observe(on:) a dispatch queue: elements from one thread, dispose() from another while some are queued"
    case subscribeOnQueue = "subscribe(on:) a serial queue: the generator and its dispose closure run on that queue"
    // Step 11: sharing.
    case shareFirstSubscribersAtOnce = "two threads subscribe first to one share() at once: the generator runs once"
    // Step 12: several subscriptions.
    case flatMapInnersFromTwoThreads =
        "flatMap: two inners send from two threads at once: every element arrives, completed once, one at a time"
    // Step 13: global state.
    case hooksReplacedWhileErrorsArrive =
        "Hooks.defaultErrorHandler is replaced on one thread while unhandled errors reach it on another"
    // Step 15: the bridge to Swift concurrency, on real tasks (BridgeScenarios.swift).
    case valuesEveryElement = "values: the loop gets every element, then ends when the observable completes"
    case valuesThrowsError = "values: the observable's error ends the loop, thrown"
    case valuesLeftEarly = "values: leaving the loop early disposes the subscription"
    case valuesCancelledBeforeAnElement =
        "values: cancelling the task before any element ends the loop and disposes; nothing is left alive"
    case valuesBuffersForASlowConsumer =
        "values: a consumer slower than the observable still gets every element, in order (the stream buffers them all)"
    case singleValueRacingCancellation =
        "Single's value: a success racing the task's cancellation resumes the await exactly once"
    case valuesCompletionRacingCancellation =
        "values: completed racing the loop's cancellation ends the loop once, either way, and disposes once"
    case asObservableDisposeCancelsTheTask =
        "AsyncSequence's asObservable(): dispose cancels the task that runs the loop"
    case asObservableLoopsOnATaskOfItsOwn =
        "AsyncSequence's asObservable(): the loop runs on a task of its own, never inside subscribe"
    case createWorkCancelledByDispose =
        "Single.create(work:): dispose while the work runs cancels its task; nothing is sent, and the task ends and lets go of the work"
    case createWorkThrowsCancellation =
        "Single.create(work:): a work that throws CancellationError by itself fails the Single with it"
    case createWorkInheritsWhatItShould =
        "Single.create(detached:priority:work:): the work runs at the priority asked, with the subscriber's task-locals unless detached"
    case bridgeOnTheMainActor =
        "the bridge on the main actor: a loop over values, a subscription to asObservable() and Single's value, none blocking the main thread"
    // The demand act (Tests/DemandAdapter): step 16 has them as its known defect, step 17 holds.
    case requestWhileSequenceSends =
        "Publishers.Sequence sends on one thread while another requests more: every element once, in order, one at a time"
    case sinkCancelledTwiceAtOnce = "Subscribers.Sink cancelled on two threads at once: its upstream is cancelled once"
    case futurePromisedWhileSubscribersCome =
        "a Future is promised on one thread while subscribers come on another: each gets the value once, then finished"
    case subjectSendsWhileSubscribersCome =
        "a PassthroughSubject sends on one thread while subscribers come and leave on another: each gets its values once, in order"
    case subjectSendsWhileItsSubscriberCancels =
        "a PassthroughSubject sends on one thread while its subscriber cancels on another: nothing arrives twice, nothing after both are done"
    // Step 18 on.
    case flatMapChildrenSendFromTwoThreads =
        "two children of one flatMap send on two threads at once: every element once, each child's in order, one receive at a time"
    // Step 19 on.
    case switchToLatestSwitchesWhileChildSends =
        "switchToLatest's child sends on one thread while the next publisher comes on another: a run of the first child's elements, then all of the next's, one receive at a time"
}

public struct ThreadScenario: Sendable, CustomStringConvertible {
    public let id: ThreadScenarioID
    let needs: Set<Capability>
    // The first step it runs on: the flag scenarios need the thread-safe steps' own types.
    var from: Step = .rxDemo06
    // Only the side step's: the numbered steps run the subject's fuller scenario instead, and
    // step 08's unlocked bag does not show a race in every run of this one.
    var sideStepOnly = false

    public var name: String { id.rawValue }
    public var description: String { name }

    // Whether state without locks shows here: a race, a double dispose, a crash. The deadlock
    // scenario checks the opposite mistake, a lock held too long, which only step 09 can make.
    public var exposesUnlockedState: Bool { id != .handlerWaitsForAnotherThread && id != .subscribeOnQueue }

    // What SCENARIO= picks: a part of the name or of the id, as for the trace scenarios.
    public func matches(_ pattern: String?) -> Bool {
        guard let pattern, !pattern.isEmpty else { return true }
        // SCENARIO=none leaves every thread scenario out too (one name contains "none").
        if pattern == "none" { return false }
        return name.localizedCaseInsensitiveContains(pattern) || "\(id)".localizedCaseInsensitiveContains(pattern)
            || id.chineseName.contains(pattern)
    }

    public static let all: [ThreadScenario] =
        [
            ThreadScenario(id: .disposeRacingCompleted, needs: [.dispose, .coldSources, .terminalEvents]),
            ThreadScenario(id: .twoDisposesAtOnce, needs: [.dispose, .coldSources]),
            ThreadScenario(
                id: .hotSourceSendsWhileSubscribersChange, needs: [.hotSource, .dispose], sideStepOnly: true),
            ThreadScenario(id: .subjectSendsWhileObserversChange, needs: [.subjects]),
            ThreadScenario(id: .handlerWaitsForAnotherThread, needs: [.subjects]),
            // The thread that only reads (sends elements, asks hasObservers or value()) shares no
            // lock with the thread that writes, except the one a correct step takes around the
            // access itself: with it, every read and write is ordered; without it, none is, in
            // whichever order the threads ran.
            ThreadScenario(id: .elementsRacingDispose, needs: [.dispose], from: .rxDemo09),
            ThreadScenario(id: .elementRacingCompleted, needs: [.handlers], from: .rxDemo09),
            ThreadScenario(id: .anonymousDisposableTwice, needs: [.dispose], from: .rxDemo09),
            ThreadScenario(id: .binaryDisposableTwice, needs: [.dispose], from: .rxDemo09),
            ThreadScenario(id: .bagFromTwoThreads, needs: [.disposeBag], from: .rxDemo09),
            ThreadScenario(id: .askedWhileObserversChange, needs: [.subjects], from: .rxDemo09),
            ThreadScenario(id: .valueRacingOnNext, needs: [.subjects], from: .rxDemo09),
            ThreadScenario(id: .observeOnQueueRacingDispose, needs: [.schedulers], from: .rxDemo10),
            ThreadScenario(id: .subscribeOnQueue, needs: [.schedulers], from: .rxDemo10),
            ThreadScenario(id: .shareFirstSubscribersAtOnce, needs: [.sharing], from: .rxDemo11),
            ThreadScenario(id: .flatMapInnersFromTwoThreads, needs: [.innerSources], from: .rxDemo12),
            ThreadScenario(id: .hooksReplacedWhileErrorsArrive, needs: [.traits], from: .rxDemo13),
        ]
        + [
            .valuesEveryElement, .valuesThrowsError, .valuesLeftEarly, .valuesCancelledBeforeAnElement,
            .valuesBuffersForASlowConsumer, .singleValueRacingCancellation, .valuesCompletionRacingCancellation,
            .asObservableDisposeCancelsTheTask, .asObservableLoopsOnATaskOfItsOwn, .createWorkCancelledByDispose,
            .createWorkThrowsCancellation, .createWorkInheritsWhatItShould, .bridgeOnTheMainActor,
        ].map { ThreadScenario(id: $0, needs: [.concurrency], from: .rxDemo15) }
        + [.requestWhileSequenceSends, .sinkCancelledTwiceAtOnce, .futurePromisedWhileSubscribersCome].map {
            ThreadScenario(id: $0, needs: [.demand], from: .rxDemo16)
        }
        + [.subjectSendsWhileSubscribersCome, .subjectSendsWhileItsSubscriberCancels].map {
            ThreadScenario(id: $0, needs: [.demandSubjects], from: .rxDemo17)
        }
        + [ThreadScenario(id: .flatMapChildrenSendFromTwoThreads, needs: [.demandFlatMap], from: .rxDemo18)]
        + [ThreadScenario(id: .switchToLatestSwitchesWhileChildSends, needs: [.demandSwitchToLatest], from: .rxDemo19)]

    // Rounds per scenario: RXDEMO_THREAD_ROUNDS, to measure how often a plain run shows a race.
    public static var rounds: Int {
        ProcessInfo.processInfo.environment["RXDEMO_THREAD_ROUNDS"].flatMap(Int.init) ?? 200
    }
}

extension Step {
    // From step 06 on, the core is complete enough to be raced; from step 09 on it is safe.
    // The side step is raced like step 06: it has none of the thread-safe steps' own types.
    public var threadScenarios: [ThreadScenario] {
        let level = isSideStep ? Step.rxDemo06 : self
        return ThreadScenario.all.filter {
            $0.from.rawValue <= level.rawValue && $0.needs.isSubset(of: capabilities)
                && (!$0.sideStepOnly || isSideStep)
        }
    }

    public var selectedThreadScenarios: [ThreadScenario] {
        let pattern = ProcessInfo.processInfo.environment["RXDEMO_SCENARIO"]
        return threadScenarios.filter { $0.matches(pattern) }
    }

    // Steps 06-08 keep their flags and a subject's bag in plain variables; step 16 its demand.
    public var isThreadSafe: Bool { !isSideStep && rawValue >= 9 && (!isDemandAct || rawValue >= 17) }

    public var threadDefect: String? {
        isThreadSafe
            ? nil
            : isDemandAct
                ? "\(self) is not thread-safe yet: Publishers.Sequence's pending demand, Subscribers.Sink's status and a Future's waiting subscribers are plain variables, so a request from another thread while the sequence sends, or a cancel racing a send, races on them; OpenCombine takes a lock in each of these places, and the act's next step adds them"
                : isSideStep
                    ? "\(self) is not thread-safe, as the article says itself: a signal's subscribers dictionary is a plain variable that send reads while subscribe and a Disposable's deinit write it, so under ThreadSanitizer every such scenario reports a race, and a plain run can lose a value or crash"
                    : "\(self) is not thread-safe: its disposed and stopped flags, the SinkDisposer's state and a subject's bag are plain variables, so two threads can both see \"not yet disposed\"; under ThreadSanitizer every such scenario reports a race or crashes, while a plain run only sometimes shows an effect"
    }

    // The same in Chinese, for a Chinese participant's report and pages.
    public var chineseThreadDefect: String? {
        isThreadSafe
            ? nil
            : isDemandAct
                ? "\(self) 还不是线程安全的：Publishers.Sequence 尚未满足的需求、Subscribers.Sink 的状态和 Future 等待中的订阅者都是普通变量，所以另一个线程在序列发送时调用 request，或者 cancel 与发送同时发生，都会在它们上面产生数据竞争；OpenCombine 在这些地方都加了锁，本幕的下一步会把锁加上"
                : isSideStep
                    ? "\(self) 不是线程安全的，文章自己也这么说：signal 存放订阅者的字典是一个普通变量，send 读取它的同时，subscribe 和 Disposable 的 deinit 会写入它，所以在 ThreadSanitizer 之下，每个这样的场景都会报告数据竞争，而普通运行可能丢掉一个值，甚至崩溃"
                    : "\(self) 不是线程安全的：它的 disposed 和 stopped 标志位、SinkDisposer 的状态和 Subject 的 bag 都是普通变量，所以两个线程可能都看到“尚未释放”；在 ThreadSanitizer 之下，每个这样的场景都会报告数据竞争或崩溃，而普通运行只是偶尔显示出影响"
    }
}

// What many rounds of a thread scenario showed.
public struct ThreadOutcome: Sendable {
    public let rounds: Int
    public let anomalies: Int
    // What went wrong in the first round that went wrong.
    public let firstAnomaly: String?

    // "no anomaly" stays English in both languages: the workshop reads it as the verdict.
    public var summary: String {
        anomalies == 0
            ? "no anomaly in \(rounds) rounds"
            : tr(
                "\(anomalies) of \(rounds) rounds went wrong; the first: \(firstAnomaly ?? "")",
                "\(rounds) 轮中有 \(anomalies) 轮出错；第一次：\(firstAnomaly ?? "")")
    }
}

// A subscriber whose handler runs `onNext` for every element it receives.
final class HandlerSubscriber: RecordingSubscriber {
    private let onElement: () -> Void

    init(trace: Trace, onElement: @escaping () -> Void) {
        self.onElement = onElement
        super.init(trace: trace, label: nil, disposeOnReceiving: nil)
    }

    override func receive<E: StepEvent>(_ event: E) {
        recordReceived(event)
        if case .next = event.signal { onElement() }
    }
}

// How many calls of an observer were in progress at once, at most: 1 when they never overlap.
final class CallOverlap: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = 0
    private(set) var most = 0

    func enter() {
        lock.lock()
        inside += 1
        most = max(most, inside)
        lock.unlock()
    }

    func leave() {
        lock.lock()
        inside -= 1
        lock.unlock()
    }
}

// A subscriber that notes whether two calls of its handler overlap; it yields inside each
// call, so that an overlap that can happen does.
final class OverlapSubscriber: RecordingSubscriber {
    private let overlap: CallOverlap

    init(trace: Trace, overlap: CallOverlap) {
        self.overlap = overlap
        super.init(trace: trace, label: nil, disposeOnReceiving: nil)
    }

    override func receive<E: StepEvent>(_ event: E) {
        overlap.enter()
        sched_yield()
        recordReceived(event)
        overlap.leave()
    }
}

// Lets a closure that captures a step's objects run on another thread: the scenario itself
// orders every access, which is what it tests.
public struct UncheckedSendable<Value>: @unchecked Sendable {
    public let value: Value

    public init(value: Value) { self.value = value }
}

// Runs both on threads of their own, released at the same moment, and returns when both are done.
// Both threads are running before either is released: a thread that was still starting when
// the other had finished would be ordered after it by the thread library's own locks, and
// ThreadSanitizer would see no race.
public func race(_ first: @escaping () -> Void, _ second: @escaping () -> Void) {
    let ready = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for work in [UncheckedSendable(value: first), UncheckedSendable(value: second)] {
        done.enter()
        Thread {
            ready.signal()
            start.wait()
            work.value()
            done.leave()
        }.start()
    }
    ready.wait()
    ready.wait()
    start.signal()
    start.signal()
    done.wait()
}

extension ThreadScenario {
    public func run<Adapter: StepAdapter>(on adapter: Adapter.Type, rounds: Int, onRound: (() -> Void)? = nil)
        async -> ThreadOutcome
    {
        // A deadlock shows in the first round or never, and where the threads meet inside the
        // observer, or nothing races, the order is fixed: one round is enough.
        let rounds =
            [.handlerWaitsForAnotherThread, .subscribeOnQueue].contains(id)
                || (isBridge && ![.singleValueRacingCancellation, .valuesCompletionRacingCancellation].contains(id))
            ? 1 : rounds
        var anomalies = 0
        var first: String? = nil
        for _ in 0..<rounds {
            let anomaly = isBridge ? await bridgeRound(on: adapter) : round(on: adapter)
            if let anomaly {
                anomalies += 1
                first = first ?? anomaly
            }
            onRound?()
        }
        return ThreadOutcome(rounds: rounds, anomalies: anomalies, firstAnomaly: first)
    }

    // The demand act's: each round is the adapter's (Tests/DemandAdapter), written in Combine's terms.
    public func run(onDemand adapter: any DemandStepAdapter.Type, rounds: Int, onRound: (() -> Void)? = nil)
        -> ThreadOutcome
    {
        var anomalies = 0
        var first: String? = nil
        for _ in 0..<rounds {
            if let anomaly = adapter.threadRound(id) {
                anomalies += 1
                first = first ?? anomaly
            }
            onRound?()
        }
        return ThreadOutcome(rounds: rounds, anomalies: anomalies, firstAnomaly: first)
    }

    // One round; what went wrong in it, or nil.
    private func round<Adapter: StepAdapter>(on adapter: Adapter.Type) -> String? {
        let trace = Trace()
        switch id {
        case .requestWhileSequenceSends, .sinkCancelledTwiceAtOnce, .futurePromisedWhileSubscribersCome,
            .subjectSendsWhileSubscribersCome, .subjectSendsWhileItsSubscriberCancels,
            .flatMapChildrenSendFromTwoThreads, .switchToLatestSwitchesWhileChildSends:
            preconditionFailure("«\(name)» is the demand act's: run(onDemand:)")
        case .elementsRacingDispose, .elementRacingCompleted, .anonymousDisposableTwice, .binaryDisposableTwice,
            .bagFromTwoThreads, .askedWhileObserversChange, .valueRacingOnNext, .observeOnQueueRacingDispose,
            .subscribeOnQueue:
            return flagRound(on: adapter)
        case .valuesEveryElement, .valuesThrowsError, .valuesLeftEarly, .valuesCancelledBeforeAnElement,
            .valuesBuffersForASlowConsumer, .singleValueRacingCancellation, .valuesCompletionRacingCancellation,
            .asObservableDisposeCancelsTheTask, .asObservableLoopsOnATaskOfItsOwn, .createWorkCancelledByDispose,
            .createWorkThrowsCancellation, .createWorkInheritsWhatItShould, .bridgeOnTheMainActor:
            preconditionFailure("«\(name)» runs on tasks: bridgeRound")
        case .disposeRacingCompleted, .twoDisposesAtOnce:
            let source = ScriptedSource(
                script: SourceScript(hasDisposeClosure: true), clock: VirtualClock(), trace: trace,
                lifetimes: Lifetimes(), labels: [nil])
            source.keepsSenders = true
            let subscription = Adapter.subscribe(
                Adapter.create(source), RecordingSubscriber(trace: trace, label: nil, disposeOnReceiving: nil))
            guard let send = source.senders.first, let dispose = subscription.dispose else {
                return tr("the source was never subscribed to", "源从未被订阅")
            }
            if id == .disposeRacingCompleted {
                race({ send(.completed) }, dispose)
            } else {
                race(dispose, dispose)
            }
            let entries = trace.entries
            let disposes = entries.filter { $0 == "dispose" }.count
            let completes = entries.filter { $0 == "receive completed" }.count
            guard disposes == 1, completes <= 1 else {
                return tr(
                    "the dispose closure ran \(disposes) times and completed arrived \(completes) times",
                    "释放闭包运行了 \(disposes) 次，completed 到达了 \(completes) 次")
            }
            return nil
        case .flatMapInnersFromTwoThreads:
            // MergeSink counts live inners and calls its observer under one lock: without it
            // the count loses a decrement (no completed) or two threads call the observer at once.
            let elements = 100
            let outer = ScriptedSource(
                script: SourceScript(hasDisposeClosure: true, .send(1), .send(2), .complete()), clock: VirtualClock(),
                trace: Trace(), lifetimes: Lifetimes(), labels: [])
            let inners = [1, 2].map { number in
                let inner = ScriptedSource(
                    script: SourceScript(hasDisposeClosure: true), clock: VirtualClock(), trace: trace,
                    lifetimes: Lifetimes(), labels: [], fixedLabel: "inner \(number)")
                inner.keepsSenders = true
                return inner
            }
            let overlap = CallOverlap()
            let subscriber = OverlapSubscriber(trace: trace, overlap: overlap)
            let stream = Adapter.innerSources().flatten(Adapter.create(outer), .flatMap) {
                Adapter.create(inners[$0 - 1])
            }
            let subscription = Adapter.subscribe(stream, subscriber)
            guard let send1 = inners[0].emitters.first, let send2 = inners[1].emitters.first else {
                return tr("flatMap did not subscribe to both inners", "flatMap 没有把两个内部序列都订阅上")
            }
            let play = { (send: (Signal) -> Void, base: Int) in
                for value in 0..<elements { send(.next(base + value)) }
                send(.completed)
            }
            race({ play(send1, 1000) }, { play(send2, 2000) })
            subscription.dispose?()
            let received = trace.entries.filter { $0.hasPrefix("receive ") && $0 != "receive completed" }.count
            let completed = trace.entries.filter { $0 == "receive completed" }.count
            let disposes = trace.entries.filter { $0.hasSuffix(": dispose") }.count
            guard received == 2 * elements, completed == 1, disposes == 2, overlap.most == 1 else {
                return tr(
                    "\(received) of \(2 * elements) elements, completed \(completed) times, \(disposes) inner disposes, at most \(overlap.most) calls of the observer at once",
                    "\(2 * elements) 个元素中到达了 \(received) 个，completed 到达了 \(completed) 次，内部序列释放了 \(disposes) 次，最多有 \(overlap.most) 次对观察者的调用同时进行"
                )
            }
            return nil
        case .hooksReplacedWhileErrorsArrive:
            // Every subscribe without onError reads the handler when its error arrives, while
            // the other thread writes it: only the lock orders the two. The handler put there
            // is the same each time (other scenarios, running meanwhile, rely on it).
            let errors = 20
            let traits = Adapter.traits()
            let receiver = UnhandledErrors.Receiver { _, _ in trace.record("unhandled") }
            // Before the race too: the library's own handler would only print the first errors.
            traits.setDefaultErrorHandler(UnhandledErrors.report)
            race(
                {
                    for _ in 0..<errors { traits.setDefaultErrorHandler(UnhandledErrors.report) }
                },
                {
                    UnhandledErrors.receiver = receiver
                    for _ in 0..<errors {
                        let subscriber = RecordingSubscriber(trace: Trace(), label: nil, disposeOnReceiving: nil)
                        _ = Adapter.subscribeWithoutOnError(
                            Adapter.innerSources().error(ScriptedError("source")), subscriber)
                    }
                    UnhandledErrors.receiver = nil
                })
            let reached = trace.entries.count
            return reached == errors
                ? nil
                : tr(
                    "\(reached) of \(errors) unhandled errors reached the handler",
                    "\(errors) 个未处理的错误中有 \(reached) 个到达了 Hooks.defaultErrorHandler")
        case .shareFirstSubscribersAtOnce:
            // RxSwift 6.10.0 asked "am I the first?" and inserted the observer under two holds
            // of the lock, so both threads could connect (#2718).
            let source = ScriptedSource(
                script: SourceScript(hasDisposeClosure: true, tracesRuns: true), clock: VirtualClock(), trace: trace,
                lifetimes: Lifetimes(), labels: [])
            source.keepsSenders = true
            let shared = Adapter.sharing().share(Adapter.create(source), 0, false)
            let subscribers = ["a", "b"].map { RecordingSubscriber(trace: trace, label: $0, disposeOnReceiving: nil) }
            var subscriptions: [Subscription?] = [nil, nil]
            let lock = NSLock()
            let subscribe = { (index: Int) in
                let subscription = Adapter.subscribe(shared, subscribers[index])
                lock.lock()
                subscriptions[index] = subscription
                lock.unlock()
            }
            race({ subscribe(0) }, { subscribe(1) })
            let runs = trace.entries.filter { $0 == "subscribe" }.count
            guard runs == 1, let send = source.emitters.first else {
                return tr(
                    "the generator ran \(runs) times for two subscribers", "事件生成器为两个订阅者运行了 \(runs) 次")
            }
            send(.next(1))
            subscriptions.forEach { $0?.dispose?() }
            let received = trace.entries.filter { $0.hasSuffix("receive 1") }.count
            let disposes = trace.entries.filter { $0 == "dispose" }.count
            guard received == 2, disposes == 1 else {
                return tr(
                    "\(received) subscribers got the element and the source was disposed \(disposes) times",
                    "\(received) 个订阅者收到了这个元素，源被释放了 \(disposes) 次")
            }
            return nil
        case .subjectSendsWhileObserversChange, .hotSourceSendsWhileSubscribersChange:
            // The side step's signal cannot be asked or disposed: only the sends and the
            // subscribers race there.
            let asks = id == .subjectSendsWhileObserversChange
            let subject = Adapter.publishSubject()
            let steady = RecordingSubscriber(trace: trace, label: "a", disposeOnReceiving: nil)
            let kept = Adapter.subscribe(subject.stream, steady)
            let values = 0..<20
            let others = Trace()
            race(
                {
                    for value in values {
                        subject.send(.next(value))
                        if asks { _ = subject.hasObservers() }
                    }
                },
                {
                    for _ in values {
                        let subscriber = RecordingSubscriber(trace: others, label: "b", disposeOnReceiving: nil)
                        Adapter.subscribe(subject.stream, subscriber).dispose?()
                        if asks { _ = subject.hasObservers() }
                    }
                    if asks { subject.dispose() }
                })
            kept.dispose?()
            // Whenever the subject was disposed, the steady subscriber got 0, 1, 2, … up to
            // there: each value once, in order, none after a gap. Undisposed, all of them.
            let received = trace.entries
            let expected = values.prefix(asks ? received.count : values.count).map { "a: receive \($0)" }
            guard received == expected else {
                return tr(
                    "the steady subscriber got \(received.count) events, not 0, 1, 2, … once each in order",
                    "始终订阅着的订阅者收到了 \(received.count) 个事件，而不是按顺序各收到一次的 0、1、2……")
            }
            return nil
        case .handlerWaitsForAnotherThread:
            // A subject that still holds its lock while it calls its observers deadlocks here:
            // the other thread waits for the lock, the handler waits for the other thread. The
            // wait is bounded so that a deadlock fails the round instead of hanging the suite;
            // a correct subject answers at once. Both subjects; a BehaviorSubject's handler
            // waits on a sent element, not on the value it gets while subscribing (RxSwift
            // sends that one under the lock).
            let subjects = [
                ("PublishSubject", Adapter.publishSubject()), ("BehaviorSubject", Adapter.behaviorSubject(value: 0)),
            ]
            for (name, subject) in subjects {
                let answered = DispatchSemaphore(value: 0)
                var deadlocked = false
                var received = 0
                let handler = HandlerSubscriber(trace: trace) {
                    received += 1
                    guard received == (name == "PublishSubject" ? 1 : 2) else { return }
                    let ask = UncheckedSendable(value: { _ = subject.hasObservers() })
                    Thread {
                        ask.value()
                        answered.signal()
                    }.start()
                    deadlocked = answered.wait(timeout: .now() + 10) == .timedOut
                }
                let kept = Adapter.subscribe(subject.stream, handler)
                subject.send(.next(1))
                kept.dispose?()
                if deadlocked {
                    return tr(
                        "deadlock: the \(name) holds its lock while it calls its observers",
                        "死锁：\(name) 在调用观察者时持有自己的锁")
                }
            }
            return nil
        }
    }
}
