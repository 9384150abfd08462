import Foundation

// Step 15: the bridge to Swift concurrency, on real tasks. Each expected trace follows RxSwift's
// main branch (Observable+Concurrency.swift, PrimitiveSequence+Concurrency.swift at 5abdfe46)
// and Swift's AsyncThrowingStream, and a run of the same scenario against them. They never
// sleep: a scenario waits for what it needs (a task's end, a semaphore, a subject that has its
// observer), and the watchdog bounds a step that never gets there.

// What a step with the bridge hands the scenarios: its `values`, `Single`'s `value` and
// `AsyncSequence.asObservable()`, each as the step has it.
public struct BridgeHandle<Stream>: @unchecked Sendable {
    let values: (Stream) -> AsyncThrowingStream<Int, Error>
    // `value` of a Single that `TraitsHandle` made.
    let singleValue: (Any) async throws -> Int
    let asObservable: (AsyncStream<Int>) -> Stream
    // `Single.create(detached:priority:work:)`, as an observable.
    let createSingle: (Bool, TaskPriority?, @escaping @Sendable () async throws -> Int) -> Stream
    // `value` of a Maybe and of a Completable that `TraitsHandle` made.
    let maybeValue: (Any) async throws -> Int?
    let completableValue: (Any) async throws -> Void
    // `values` of a Driver or a Signal that `TraitsHandle` made.
    let sharedValues: @MainActor (Any) -> AsyncStream<Int>
    // `asObservable()`, or `asObservable(priority:)` when a priority is given.
    let asObservableOf: (BridgeSequence, TaskPriority?) -> Stream

    public init(
        values: @escaping (Stream) -> AsyncThrowingStream<Int, Error>,
        singleValue: @escaping (Any) async throws -> Int,
        asObservable: @escaping (AsyncStream<Int>) -> Stream,
        createSingle: @escaping (Bool, TaskPriority?, @escaping @Sendable () async throws -> Int) -> Stream,
        maybeValue: @escaping (Any) async throws -> Int?,
        completableValue: @escaping (Any) async throws -> Void,
        sharedValues: @escaping @MainActor (Any) -> AsyncStream<Int>,
        asObservableOf: @escaping (BridgeSequence, TaskPriority?) -> Stream
    ) {
        self.values = values
        self.singleValue = singleValue
        self.asObservable = asObservable
        self.createSingle = createSingle
        self.maybeValue = maybeValue
        self.completableValue = completableValue
        self.sharedValues = sharedValues
        self.asObservableOf = asObservableOf
    }
}

// A task-local the scenarios set around a subscribe: a task started there inherits it, a
// detached one does not.
enum BridgeTaskLocal {
    @TaskLocal static var subscriber: String? = nil
}

extension ThreadScenario {
    var isBridge: Bool { needs.contains(.concurrency) }

    // The traces RxSwift's bridge may print: one, or one per way a race can go.
    var bridgeExpected: [[String]] {
        switch id {
        case .valuesEveryElement:
            [["send 1", "send 2", "send completed", "dispose", "loop 1", "loop 2", "loop ended"]]
        case .valuesThrowsError:
            [["send 1", "send error(source)", "dispose", "loop 1", "loop threw error(source)"]]
        case .valuesLeftEarly:
            [["send 1", "send 2", "send 3", "loop 1", "loop 2", "dispose", "loop left at 2"]]
        case .valuesCancelledBeforeAnElement:
            [["dispose", "loop threw CancellationError", "nothing left alive"]]
        case .valuesBuffersForASlowConsumer:
            [["loop got 1000 elements, in order", "loop ended"]]
        case .singleValueRacingCancellation:
            [["value 1"], ["threw CancellationError"]]
        case .valuesCompletionRacingCancellation:
            // The dispose and the loop's end happen on two threads: either order.
            [
                ["dispose", "loop ended"], ["loop ended", "dispose"], ["dispose", "loop threw CancellationError"],
                ["loop threw CancellationError", "dispose"],
            ]
        case .asObservableDisposeCancelsTheTask:
            [["receive 1", "the stream ends: cancelled"]]
        case .asObservableLoopsOnATaskOfItsOwn:
            [["the loop runs outside subscribe", "receive 1", "receive completed"]]
        case .createWorkCancelledByDispose:
            // RxSwift main: `Task { await single(Result { try await work() }) }`, cancelled by the
            // dispose closure; the failure it then sends reaches no one.
            [
                [false, true].flatMap { detached in
                    [
                        "work started (detached: \(detached))", "dispose", "work sees its task cancelled",
                        "the task let go of the work",
                    ]
                }
            ]
        case .createWorkThrowsCancellation:
            [["receive error(CancellationError())"]]
        case .createWorkInheritsWhatItShould:
            [
                [
                    "detached: false, priority: nil: work at high, task-local subscriber's",
                    "detached: false, priority: low: work at low, task-local subscriber's",
                    "detached: true, priority: low: work at low, task-local none",
                ]
            ]
        case .bridgeOnTheMainActor:
            [
                [
                    "send 1", "send completed", "dispose", "loop 1", "loop ended", "receive 1", "receive completed",
                    "value 1",
                ]
            ]
        default:
            []
        }
    }

    func bridgeRound<Adapter: StepAdapter>(on adapter: Adapter.Type) async -> String? {
        let trace = await bridgeTrace(on: adapter)
        let expected = bridgeExpected
        let choices = expected.map { "\($0)" }
        return expected.contains(trace)
            ? nil
            : tr(
                "the trace was \(trace); RxSwift's: \(choices.joined(separator: " or "))",
                "事件轨迹是 \(trace)；RxSwift：\(choices.joined(separator: " 或 "))")
    }

    private func bridgeTrace<Adapter: StepAdapter>(on adapter: Adapter.Type) async -> [String] {
        let trace = Trace()
        let bridge = Adapter.bridge()
        func source(_ actions: SourceScript.Action...) -> Adapter.Stream {
            Adapter.create(
                ScriptedSource(
                    script: SourceScript(hasDisposeClosure: true, actions: actions), clock: VirtualClock(),
                    trace: trace,
                    lifetimes: Lifetimes(), labels: [nil]))
        }
        // The stream is made where the loop starts, as `for try await x in observable.values`
        // makes it: nothing else holds it, so leaving the loop ends it.
        func loop(_ stream: () -> AsyncThrowingStream<Int, Error>, leavingAt last: Int? = nil) async {
            do {
                try await Awaiting.during(.values) {
                    for try await element in stream() {
                        trace.record("loop \(element)")
                        if element == last {
                            break
                        }
                    }
                }
                trace.record(last.map { "loop left at \($0)" } ?? "loop ended")
            } catch {
                trace.record(thrown(error))
            }
        }
        switch id {
        case .valuesEveryElement:
            await loop { bridge.values(source(.send(1), .send(2), .complete())) }
        case .valuesThrowsError:
            await loop { bridge.values(source(.send(1), .fail())) }
        case .valuesLeftEarly:
            await loop({ bridge.values(source(.send(1), .send(2), .send(3))) }, leavingAt: 2)
        case .valuesCancelledBeforeAnElement:
            // The subscription starts with the stream; the task is cancelled before anything
            // comes. Afterwards the observable and everything the subscription held are freed.
            var observable: Adapter.Stream? = source()
            weak let watched = observable
            let stream = UncheckedSendable(value: bridge.values(observable!))
            observable = nil
            let consumer = Task { await loop { stream.value } }
            consumer.cancel()
            await consumer.value
            trace.record(watched == nil ? "nothing left alive" : "the observable outlives the cancelled loop")
        case .valuesBuffersForASlowConsumer:
            // Every element is sent before the loop takes the first: the stream keeps them all.
            let count = 1000
            let elements = Adapter.create(
                ScriptedSource(
                    script: SourceScript(
                        hasDisposeClosure: false,
                        actions: (1...count).map { SourceScript.Action.send($0) } + [.complete()]),
                    clock: VirtualClock(), trace: Trace(), lifetimes: Lifetimes(), labels: [nil]))
            var received: [Int] = []
            do {
                try await Awaiting.during(.values) {
                    for try await element in bridge.values(elements) { received.append(element) }
                }
                trace.record(
                    received == Array(1...count)
                        ? "loop got \(count) elements, in order"
                        : "loop got \(received.count) elements: \(received.prefix(5))…")
                trace.record("loop ended")
            } catch {
                trace.record(thrown(error))
            }
        case .singleValueRacingCancellation:
            // A success and the task's cancellation at the same moment: whichever comes first,
            // the await resumes once (twice would crash, never would hang).
            let subject = Adapter.publishSubject()
            let single = UncheckedSendable(value: Adapter.traits().convert(subject.stream, .single))
            let consumer = Task {
                do {
                    let value = try await Awaiting.during(.singleValue) { try await bridge.singleValue(single.value) }
                    trace.record("value \(value)")
                } catch {
                    trace.record(
                        error is CancellationError ? "threw CancellationError" : "threw \(tracedName(of: error))")
                }
            }
            while !subject.hasObservers() { await Task.yield() }
            let send = UncheckedSendable(value: subject.send)
            race(
                {
                    send.value(.next(1))
                    send.value(.completed)
                }, { consumer.cancel() })
            await consumer.value
        case .valuesCompletionRacingCancellation:
            let source = ScriptedSource(
                script: SourceScript(hasDisposeClosure: true), clock: VirtualClock(), trace: trace,
                lifetimes: Lifetimes(), labels: [nil])
            source.keepsSenders = true
            let stream = UncheckedSendable(value: bridge.values(Adapter.create(source)))
            guard let complete = source.emitters.first.map({ send in UncheckedSendable(value: { send(.completed) }) })
            else { return ["the observable was never subscribed"] }
            let consumer = Task { await loop { stream.value } }
            race({ complete.value() }, { consumer.cancel() })
            await consumer.value
        case .asObservableDisposeCancelsTheTask:
            let ended = DispatchSemaphore(value: 0)
            let received = DispatchSemaphore(value: 0)
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            continuation.onTermination = { termination in
                trace.record("the stream ends: \(termination)")
                ended.signal()
            }
            continuation.yield(1)
            let subscriber = SignallingSubscriber(trace: trace, onElement: { received.signal() })
            let subscription = Adapter.subscribe(bridge.asObservable(stream), subscriber)
            await Awaiting.during(.asObservable) { await BridgeWait.until(received) }
            subscription.dispose?()
            await Awaiting.during(.asObservable) { await BridgeWait.until(ended) }
        case .createWorkCancelledByDispose:
            for detached in [false, true] {
                let started = DispatchSemaphore(value: 0)
                let released = DispatchSemaphore(value: 0)
                var single: Adapter.Stream? = bridge.createSingle(
                    detached, nil,
                    WorkThatWaits(trace: trace, detached: detached, started: started, released: released).run)
                var subscription: Subscription? = Adapter.subscribe(single!, SignallingSubscriber(trace: trace))
                single = nil
                await Awaiting.during(.createSingle) { await BridgeWait.until(started) }
                trace.record("dispose")
                subscription?.dispose?()
                subscription = nil
                await Awaiting.during(.createSingle) { await BridgeWait.until(released) }
                trace.record("the task let go of the work")
            }
        case .createWorkThrowsCancellation:
            let finished = DispatchSemaphore(value: 0)
            let single = bridge.createSingle(false, nil) { throw CancellationError() }
            let subscription = Adapter.subscribe(
                single, SignallingSubscriber(trace: trace, onEnd: { finished.signal() }))
            await Awaiting.during(.createSingle) { await BridgeWait.until(finished) }
            _ = subscription
        case .createWorkInheritsWhatItShould:
            // Subscribed from a task of high priority that has a task-local set.
            for (detached, priority) in [(false, nil), (false, .low), (true, .low)] as [(Bool, TaskPriority?)] {
                let finished = DispatchSemaphore(value: 0)
                let single = bridge.createSingle(detached, priority) {
                    let local = BridgeTaskLocal.subscriber ?? "none"
                    trace.record(
                        "detached: \(detached), priority: \(priority.map(spokenPriority) ?? "nil"): work at "
                            + "\(spokenPriority(Task.currentPriority)), task-local \(local)")
                    return 1
                }
                let subscribe = UncheckedSendable(value: {
                    Adapter.subscribe(single, SignallingSubscriber(trace: Trace(), onEnd: { finished.signal() }))
                })
                let subscription = await Task(priority: .high) {
                    BridgeTaskLocal.$subscriber.withValue("subscriber's") {
                        UncheckedSendable(value: subscribe.value())
                    }
                }.value
                await Awaiting.during(.createSingle) { await BridgeWait.until(finished) }
                _ = subscription
            }
        case .bridgeOnTheMainActor:
            // As an app calls the bridge: from the main actor, which must stay free meanwhile.
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            continuation.yield(1)
            continuation.finish()
            let parts = UncheckedSendable(
                value: MainActorParts(
                    values: { bridge.values(source(.send(1), .complete())) },
                    subscribeToObservable: { subscriber in Adapter.subscribe(bridge.asObservable(stream), subscriber) },
                    singleValue: { [single = Adapter.traits().convert(Adapter.just(1), .single)] in
                        try await bridge.singleValue(single)
                    },
                    trace: trace))
            await parts.value.run()
        case .asObservableLoopsOnATaskOfItsOwn:
            let finished = DispatchSemaphore(value: 0)
            let sequence = WhereItRuns(trace: trace)
            let subscriber = SignallingSubscriber(trace: trace, onEnd: { finished.signal() })
            sequence.subscribing = pthread_self()
            let subscription = Adapter.subscribe(bridge.asObservable(sequence.stream), subscriber)
            sequence.subscribing = nil
            await Awaiting.during(.asObservable) { await BridgeWait.until(finished) }
            _ = subscription
        default:
            break
        }
        return trace.entries
    }
}

// What `bridgeOnTheMainActor` runs on the main actor: each part awaits without blocking it.
private struct MainActorParts {
    let values: () -> AsyncThrowingStream<Int, Error>
    let subscribeToObservable: (RecordingSubscriber) -> Subscription
    let singleValue: () async throws -> Int
    let trace: Trace

    @MainActor func run() async {
        do {
            try await Awaiting.during(.values) {
                for try await element in values() { trace.record("loop \(element)") }
            }
            trace.record("loop ended")
        } catch {
            trace.record(thrown(error))
        }
        let finished = DispatchSemaphore(value: 0)
        let subscription = subscribeToObservable(SignallingSubscriber(trace: trace, onEnd: { finished.signal() }))
        await Awaiting.during(.asObservable) { await BridgeWait.until(finished) }
        _ = subscription
        do {
            let value = try await Awaiting.during(.singleValue) { try await singleValue() }
            trace.record("value \(value)")
        } catch {
            trace.record("threw \(tracedName(of: error))")
        }
    }
}

// The work of `createWorkCancelledByDispose`: waits until its task is cancelled, then throws.
// It says when it starts, and when the last reference to it goes (the task let go of it).
private final class WorkThatWaits: @unchecked Sendable {
    let trace: Trace
    let detached: Bool
    let started: DispatchSemaphore
    let released: DispatchSemaphore

    init(trace: Trace, detached: Bool, started: DispatchSemaphore, released: DispatchSemaphore) {
        (self.trace, self.detached, self.started, self.released) = (trace, detached, started, released)
    }

    deinit { released.signal() }

    var run: @Sendable () async throws -> Int {
        { [self] in
            trace.record("work started (detached: \(detached))")
            started.signal()
            let cancelled = DispatchSemaphore(value: 0)
            await withTaskCancellationHandler {
                await BridgeWait.until(cancelled)
            } onCancel: {
                cancelled.signal()
            }
            trace.record("work sees its task cancelled")
            throw CancellationError()
        }
    }
}

private func thrown(_ error: any Error) -> String {
    error is CancellationError ? "loop threw CancellationError" : "loop threw error(\(tracedName(of: error)))"
}

// A subscriber that records what it receives and says when an element or the end arrives.
private final class SignallingSubscriber: RecordingSubscriber {
    private let onElement: () -> Void
    private let onEnd: () -> Void

    init(trace: Trace, onElement: @escaping () -> Void = {}, onEnd: @escaping () -> Void = {}) {
        self.onElement = onElement
        self.onEnd = onEnd
        super.init(trace: trace, label: nil, disposeOnReceiving: nil)
    }

    override func receive<E: StepEvent>(_ event: E) {
        recordReceived(event)
        if case .next = event.signal { onElement() } else { onEnd() }
    }
}

// An AsyncStream of one element whose first step notes whether it runs inside `subscribe`, on
// the subscribing thread (RxSwift #2553 ran the loop there).
private final class WhereItRuns: @unchecked Sendable {
    private let lock = NSLock()
    private var thread: pthread_t? = nil
    let trace: Trace

    init(trace: Trace) { self.trace = trace }

    var subscribing: pthread_t? {
        get { lock.withLock { thread } }
        set { lock.withLock { thread = newValue } }
    }

    private var sent = false

    var stream: AsyncStream<Int> {
        AsyncStream(unfolding: { [self] in
            if lock.withLock({
                defer { sent = true }
                return sent
            }) {
                return nil
            }
            let inside = subscribing.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            trace.record(inside ? "the loop runs inside subscribe, on its thread" : "the loop runs outside subscribe")
            return 1
        })
    }
}
