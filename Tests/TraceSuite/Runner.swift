import Foundation

// Runs scripts against a step: the source's generator, the subscribers, and the clock.

// Handed to a step's event generator; each call of `start` is one run of the generator.
public final class ScriptedSource {
    private let script: SourceScript
    private let clock: Timeline
    private let trace: Trace
    private let lifetimes: Lifetimes
    private var labels: [String?]
    // For each subscription in turn, what disposes it: for a dispose closure that disposes again.
    var disposers: [() -> Void] = []
    // For each subscription in turn, what sends into it: kept only for the thread scenarios,
    // which send from threads of their own (kept always, it would hold every chain alive).
    var keepsSenders = false
    private(set) var senders: [(Signal) -> Void] = []
    // The same without the trace's "send" entry (and its lock).
    private(set) var emitters: [(Signal) -> Void] = []

    // Every run of an operator's own source carries the same label ("inner 1").
    private let fixedLabel: String?
    // Under `retryCounting`: each run's error names the run ("attempt(2)").
    var errorsCountAttempts = false
    private var runs = 0

    init(
        script: SourceScript, clock: Timeline, trace: Trace, lifetimes: Lifetimes, labels: [String?],
        fixedLabel: String? = nil
    ) {
        self.script = script
        self.clock = clock
        self.trace = trace
        self.lifetimes = lifetimes
        self.labels = labels
        self.fixedLabel = fixedLabel
    }

    // Plays the script into `emit`: time 0 at once, later steps on the clock, counted from
    // the moment of this subscription.
    // `observer` is what the generator was handed: watched when it is an object (from step 07
    // it is `AnyObserver`, a struct around the sink).
    @discardableResult
    public func start<E: StepEvent>(_ observer: Any, emit: @escaping (E) -> Void) -> ScriptedRun {
        let label = fixedLabel ?? (labels.isEmpty ? nil : labels.removeFirst())
        if Mirror(reflecting: observer).displayStyle == .class {
            lifetimes.watch(observer as AnyObject, as: "generator observer", by: label)
        }
        let trace = trace
        if script.tracesRuns { trace.record("subscribe", by: label) }
        runs += 1
        let attempt = errorsCountAttempts ? runs : nil
        let send = { (scripted: Signal) in
            let signal =
                if let attempt, case .error = scripted { Signal.error("attempt(\(attempt))") } else { scripted }
            trace.record("send \(signal.traceName)", by: label)
            emit(signal.event())
        }
        if keepsSenders {
            senders.append(send)
            emitters.append { emit($0.event()) }
        }
        let start = clock.now
        for action in script.actions {
            if action.time == 0 {
                send(action.signal)
            } else {
                clock.schedule(at: start + action.time) { send(action.signal) }
            }
        }
        let disposeAgain = disposers.isEmpty ? {} : disposers.removeFirst()
        let onDispose: (() -> Void)? =
            if let signal = script.sendsWhenDisposed {
                { send(signal) }
            } else if script.disposesAgainWhenDisposed {
                disposeAgain
            } else {
                nil
            }
        return ScriptedRun(
            trace: trace, label: label, recordsDispose: script.hasDisposeClosure, onDispose: onDispose,
            captured: script.disposeClosureCapturesObserver ? observer : nil)
    }
}

// One run of the generator. It holds the observer only when the script sends from inside
// the dispose closure, or says the closure captures it, as a real closure would.
public final class ScriptedRun {
    private let trace: Trace
    private let label: String?
    private let recordsDispose: Bool
    private let onDispose: (() -> Void)?
    private let captured: Any?

    init(trace: Trace, label: String?, recordsDispose: Bool, onDispose: (() -> Void)?, captured: Any?) {
        self.trace = trace
        self.label = label
        self.recordsDispose = recordsDispose
        self.onDispose = onDispose
        self.captured = captured
    }

    // The body of the generator's dispose closure.
    public func dispose() {
        if recordsDispose { trace.record("dispose", by: label) }
        onDispose?()
    }
}

public class RecordingSubscriber {
    private let trace: Trace
    fileprivate let label: String?
    private let disposeOnReceiving: Int?
    fileprivate var dispose: (() -> Void)?
    // A subscriber that keeps its own disposable: the cycle a view model makes.
    fileprivate var kept: Any?
    // What its handler does besides recording, by the value received.
    // Several on one value run in the order they were added, as a program's handler writes them.
    fileprivate var onReceiving: [Int: [() -> Void]] = [:]
    // What its completed handler does besides recording.
    fileprivate var onReceivingCompleted: [() -> Void] = []

    init(trace: Trace, label: String?, disposeOnReceiving: Int?) {
        self.trace = trace
        self.label = label
        self.disposeOnReceiving = disposeOnReceiving
    }

    // The subscriber's handler.
    public func receive<E: StepEvent>(_ event: E) {
        recordReceived(event)
    }

    final func recordReceived<E: StepEvent>(_ event: E) {
        record(event.signal)
    }

    // Its handlers for `subscribe(onNext:onError:onCompleted:onDisposed:)`.
    public func onNext(_ element: Int) { record(.next(element)) }
    public func onError(_ error: any Error) { record(.error(tracedName(of: error))) }
    public func onCompleted() { record(.completed) }
    public func onDisposed() { trace.record("onDisposed", by: label) }
    // A Single's: "receive success(1)", "receive failure(source)", as Swift prints a `Result`.
    public func onSuccess(_ element: Int) { trace.record("receive success(\(element))", by: label) }
    public func onFailure(_ error: any Error) {
        trace.record("receive failure(\(tracedName(of: error)))", by: label)
    }
    // What `buffer` sends: "receive [1, 2]".
    public func onArray(_ elements: [Int]) {
        trace.record("receive [\(elements.map(String.init).joined(separator: ", "))]", by: label)
    }

    private func record(_ signal: Signal) {
        trace.record("receive \(signal.traceName)", by: label)
        if case .completed = signal { onReceivingCompleted.forEach { $0() } }
        guard case .next(let value) = signal else { return }
        onReceiving[value]?.forEach { $0() }
        if value == disposeOnReceiving { dispose?() }
    }
}

extension Scenario {
    // Subscriptions are labelled "a", "b", ... when there is more than one.
    var labels: [String?] {
        subscribers.count == 1 ? [nil] : subscribers.indices.map { String(UnicodeScalar(UInt8(97 + $0))) }
    }

    // A handler that calls back into its subject while the subject may hold its lock.
    var mayDeadlock: Bool { subscribers.contains { $0.sends != nil || $0.asksValueOnReceiving != nil } }

    // Runs the scenario and returns its trace; `onRecord` sees each entry as it is written.
    // One that may deadlock (a lock that is not recursive) runs on a thread of its own, and
    // after 10 seconds without an end its trace so far ends in "deadlock".
    public func run<Adapter: StepAdapter>(on adapter: Adapter.Type, onRecord: ((String) -> Void)? = nil) -> [String] {
        guard mayDeadlock else { return runHere(on: adapter, onRecord: onRecord) }
        precondition(!tracesUnhandledErrors, "unhandled errors are traced on the run's own thread")
        let sofar = Trace()
        let finished = DispatchSemaphore(value: 0)
        let work = UncheckedSendable(value: {
            _ = self.runHere(on: adapter) { entry in
                sofar.recordAfterRun(entry)
                onRecord?(entry)
            }
            finished.signal()
        })
        Thread { work.value() }.start()
        guard finished.wait(timeout: .now() + 10) == .success else {
            let entry = "deadlock: the run stopped here for 10 seconds"
            onRecord?(entry)
            return sofar.entries + [entry]
        }
        return sofar.entries
    }

    private func runHere<Adapter: StepAdapter>(on adapter: Adapter.Type, onRecord: ((String) -> Void)?) -> [String] {
        // From step 10, a scenario with schedulers runs on the step's own virtual time.
        let virtualTime = needs.contains(.schedulers) ? Adapter.virtualTime() : nil
        let clock: Timeline = virtualTime.map { StepTimeline($0) } ?? VirtualClock()
        let trace = Trace(now: hasClock ? { [unowned clock] in clock.now } : nil, onRecord: onRecord)
        let watched = Lifetimes()
        // Disposables the harness holds past the run (`disposableHeldElsewhere`).
        var held: [Any] = []
        // The scenario's DisposeBag, held until `bagFreedAt`, when the harness lets go of it.
        var bag: AnyObject? = nil
        // Step 13: what the chain is once it is a trait (`asSingle()`, or a trait's `create`).
        var trait: (value: Any, kind: TraitKind)? = nil
        if tracesUnhandledErrors { Adapter.traits().setDefaultErrorHandler(UnhandledErrors.report) }
        UnhandledErrors.receiver = tracesUnhandledErrors ? UnhandledErrors.Receiver(trace: trace) : nil
        defer { UnhandledErrors.receiver = nil }
        let play = {
            if case .app(let actions) = kind {
                playApp(actions, on: adapter, clock: clock, trace: trace)
                return
            }
            if needs.contains(.disposeBag) { bag = Adapter.makeBag() }
            let source = ScriptedSource(
                script: source, clock: clock, trace: trace,
                // Only the captures are watched when the disposable is held on purpose.
                lifetimes: lifetimes == .generatorCaptures ? Lifetimes() : watched,
                // A shared source's runs belong to no one subscriber.
                labels: isShared ? [] : labels)
            source.errorsCountAttempts = errorsCountAttempts
            let subject: SubjectHandle<Adapter.Stream>? =
                switch kind {
                case .create, .plainSubscribedOnScheduler, .just, .empty, .never, .error, .deferred, .trait, .app: nil
                case .publishSubject: Adapter.publishSubject()
                case .behaviorSubject(let value): Adapter.behaviorSubject(value: value)
                case .replaySubject(let size): Adapter.replaySubject(bufferSize: size)
                }
            var stream: Adapter.Stream =
                switch kind {
                case .create: Adapter.create(source)
                case .plainSubscribedOnScheduler: virtualTime!.subscribeOnPlain(source)
                case .just(let element): Adapter.just(element)
                case .publishSubject, .behaviorSubject, .replaySubject: subject!.stream
                case .empty: Adapter.innerSources().empty()
                case .never: Adapter.innerSources().never()
                case .error: Adapter.innerSources().error(ScriptedError("source"))
                case .deferred:
                    Adapter.innerSources().deferred {
                        trace.record("deferred")
                        return Adapter.create(source)
                    }
                // The chain starts as a trait, or is an app; the observable is never subscribed.
                case .trait, .app: Adapter.create(source)
                }
            if case .trait(let kind) = kind { trait = (Adapter.traits().create(kind, source), kind) }
            if let subject {
                // Hot: the script goes into the subject once, at its own times.
                for action in self.source.actions {
                    clock.schedule(at: action.time) {
                        trace.record("send \(action.signal.traceName)")
                        subject.send(action.signal)
                    }
                }
                for probe in probes {
                    clock.schedule(at: probe.time) {
                        switch probe.question {
                        case .hasObservers: trace.record("hasObservers \(subject.hasObservers())")
                        case .value: trace.record(subject.valueAnswer)
                        case .dispose:
                            trace.record("dispose subject")
                            subject.dispose()
                        }
                    }
                }
            }
            if let time = bagFreedAt {
                clock.schedule(at: time) { bag = nil }
            }
            switch lifetimes {
            case .everything: watched.watch(stream, as: "source observable")
            case .generatorCaptures: watched.watch(source, as: "what the generator closure captures")
            case .none: break
            }
            for (index, op) in operators.enumerated() {
                if let current = trait {
                    trait = (
                        withTrait(op, current.value, current.kind, on: adapter, clock: clock, trace: trace),
                        current.kind
                    )
                    continue
                }
                switch op {
                case .asTrait(let kind):
                    trait = (Adapter.traits().convert(stream, kind), kind)
                    continue
                case .observeOnScheduler:
                    stream = virtualTime!.observeOn(stream)
                    continue
                case .share(let replay, let scope):
                    stream = Adapter.sharing().share(stream, replay, scope == .forever)
                    continue
                case .refCounted(.publish):
                    stream = Adapter.sharing().publishRefCount(stream)
                    continue
                case .refCounted(.multicastOneSubject):
                    stream = Adapter.sharing().multicastRefCount(stream)
                    continue
                case .connectable(let kind, let connects, let disconnects):
                    let sharing = Adapter.sharing()
                    let connectable = kind == .publish ? sharing.publish(stream) : sharing.multicast(stream)
                    stream = connectable.stream
                    // Each disconnect disposes what the latest connect still held returned.
                    var connections: [() -> Void] = []
                    for time in connects {
                        clock.schedule(at: time) {
                            trace.record("connect")
                            connections.append(connectable.connect())
                        }
                    }
                    for time in disconnects {
                        clock.schedule(at: time) {
                            trace.record("disconnect")
                            if !connections.isEmpty { connections.removeLast()() }
                        }
                    }
                    continue
                case .flatten, .merge, .amb, .catchWith, .catchThrowing, .catchAndReturn, .retry, .retryCounting,
                    .withLatestFrom:
                    stream = withInnerSources(op, stream, on: adapter, clock: clock, trace: trace, lifetimes: watched)
                    continue
                case .times, .plus, .failing, .tracedTimes:
                    stream = Adapter.map(stream, op.transform(tracingTo: trace))
                }
                if lifetimes == .everything { watched.watch(stream, as: "map observable \(index + 1)") }
            }
            let recorders = zip(labels, subscribers).map { label, script in
                RecordingSubscriber(trace: trace, label: label, disposeOnReceiving: script.disposeOnReceiving)
            }
            source.disposers = recorders.map { recorder in { [weak recorder] in recorder?.dispose?() } }
            for (recorder, script) in zip(recorders, subscribers) {
                if let (value, index) = script.disposesOther {
                    let other = recorders[index]
                    recorder.onReceiving[value, default: []].append { [weak other] in other?.dispose?() }
                }
                if let (value, sent) = script.sends, let subject {
                    recorder.onReceiving[value, default: []].append { [label = recorder.label] in
                        trace.record("send \(sent)", by: label)
                        subject.send(.next(sent))
                    }
                }
                if let value = script.asksValueOnReceiving, let subject {
                    recorder.onReceiving[value, default: []].append { [label = recorder.label] in
                        trace.record(subject.valueAnswer, by: label)
                    }
                }
            }
            let disposedByOthers = Set(subscribers.compactMap { $0.disposesOther?.subscriber })
            var subscribes: [() -> Void] = []
            for (index, (subscriber, script)) in zip(recorders, subscribers).enumerated() {
                let label = subscriber.label
                let subscribe = { [stream] in
                    let subscription: Subscription =
                        switch script.style {
                        case .handlers: Adapter.subscribeHandlers(stream, subscriber)
                        case .handlersWithoutOnError: Adapter.subscribeWithoutOnError(stream, subscriber)
                        case .observer: Adapter.subscribe(stream, subscriber)
                        case .buffer(let timeSpan, let count):
                            virtualTime!.buffer(stream, timeSpan, count, subscriber)
                        case .trait(let form): Adapter.traits().subscribe(trait!.value, trait!.kind, subscriber, form)
                        }
                    if lifetimes == .everything, let observer = subscription.observer {
                        watched.watch(observer, as: "subscriber observer", by: label)
                        watched.explore(from: observer, named: "subscriber observer", by: label)
                    }
                    if script.inBag, let bag { Adapter.insert(subscription, into: bag) }
                    if let disposable = subscription.disposable {
                        if lifetimes == .everything, let object = subscription.disposableObject {
                            watched.watch(object, as: "disposable", by: label)
                            watched.explore(from: object, named: "disposable", by: label)
                        }
                        if script.keepsDisposable { subscriber.kept = disposable }
                        if script.disposableHeldElsewhere { held.append(disposable) }
                    }
                    if script.disposes || disposedByOthers.contains(index), let dispose = subscription.dispose {
                        subscriber.dispose = dispose
                        for time in script.disposeTimes { clock.schedule(at: time, dispose) }
                    }
                }
                subscribes.append(subscribe)
            }
            // One that subscribes when another completes is in that one's handler from the start,
            // as a program writes it: a source that completes during its subscription counts too.
            for (script, subscribe) in zip(subscribers, subscribes) {
                if let other = script.subscribesOnCompletedOf {
                    recorders[other].onReceivingCompleted.append(subscribe)
                }
            }
            for (script, subscribe) in zip(subscribers, subscribes) where script.subscribesOnCompletedOf == nil {
                if script.subscribeTime == 0 {
                    subscribe()
                } else {
                    clock.schedule(at: script.subscribeTime, subscribe)
                }
            }
            clock.run()
            // The harness's own link from subscriber to subscription would be a cycle; a
            // subscriber that keeps its disposable keeps it, as the scenario says.
            recorders.forEach {
                $0.dispose = nil
                $0.onReceivingCompleted = []
            }
            bag = nil
        }
        // Step 14: every Driver and Signal built during the run delivers on the step's virtual
        // time. The mock is global, so runs that use it take turns.
        if needs.contains(.bindings), let virtualTime {
            Scenario.sharingSchedulerLock.withLock { virtualTime.mockSharingScheduler(play) }
        } else {
            play()
        }
        if lifetimes != .none {
            watched.stillAlive.forEach { trace.recordAfterRun(Trace.stillAlivePrefix + $0) }
        }
        withExtendedLifetime(held) {}
        return trace.entries
    }
}

extension Scenario {
    // Step 12's operators: each of the operator's own sources is a scripted `create` of its own,
    // traced under its label.
    fileprivate func withInnerSources<Adapter: StepAdapter>(
        _ op: Operator, _ stream: Adapter.Stream, on adapter: Adapter.Type, clock: Timeline, trace: Trace,
        lifetimes: Lifetimes
    ) -> Adapter.Stream {
        let sources = op.innerScripts.map { label, script in
            (
                label,
                ScriptedSource(
                    script: script, clock: clock, trace: trace, lifetimes: lifetimes, labels: [], fixedLabel: label)
            )
        }
        let byLabel = Dictionary(uniqueKeysWithValues: sources)
        let inner = { (element: Int) in
            byLabel["inner \(element)"].map { Adapter.create($0) } ?? Adapter.innerSources().empty()
        }
        // Made when flatMap asks: the side step's inner signals start when they are made.
        if case .flatten(.flatMap, _) = op { return Adapter.flatMap(stream, inner) }
        let handle = Adapter.innerSources()
        let streams = sources.map { Adapter.create($0.1) }
        switch op {
        case .flatten(let kind, _):
            return handle.flatten(stream, kind, inner)
        case .merge: return handle.merge([stream] + streams)
        case .amb(_, let form): return handle.amb([stream] + streams, form == .list)
        case .catchWith: return handle.catchWith(stream) { streams[0] }
        case .catchThrowing: return handle.catchWith(stream) { throw ScriptedError("handler") }
        case .catchAndReturn(let element): return handle.catchAndReturn(stream, element)
        case .retry(let attempts): return handle.retry(stream, attempts)
        case .retryCounting(let attempts): return handle.retry(stream, attempts)
        case .withLatestFrom:
            guard let withLatestFrom = handle.withLatestFrom else {
                preconditionFailure("withLatestFrom comes in step 14")
            }
            return withLatestFrom(stream, streams[0])
        default: preconditionFailure("\(op) has no sources of its own")
        }
    }
}

extension Scenario {
    static let sharingSchedulerLock = NSLock()

    // Step 14: the search screen's view model on the clock; the harness plays the user and the
    // server, and records the network's events and the view model's outputs.
    fileprivate func playApp<Adapter: StepAdapter>(
        _ actions: [AppAction], on adapter: Adapter.Type, clock: Timeline, trace: Trace
    ) {
        let app = Adapter.app().open { trace.record($0) }
        for action in actions {
            clock.schedule(at: action.time) {
                switch action {
                case .type(let text, _):
                    trace.record("type \(text)")
                    app.type(text)
                case .refresh:
                    trace.record("tap refresh")
                    app.refresh()
                case .reply(let request, let titles, _):
                    trace.record("request \(request) answers [\(titles.joined(separator: ", "))]")
                    app.reply(request, titles)
                case .fail(let request, _):
                    trace.record("request \(request) fails")
                    app.fail(request)
                case .close:
                    trace.record("close the screen")
                    app.close()
                }
            }
        }
        clock.run()
        // Once the screen is closed, nothing of it may be left.
        if actions.contains(where: { if case .close = $0 { true } else { false } }) {
            app.left().forEach { trace.recordAfterRun($0) }
        }
    }

    // Step 13: a trait's `map`, and its `flatMap` whose selector returns, for element n, the
    // trait's `create` playing "inner n".
    fileprivate func withTrait<Adapter: StepAdapter>(
        _ op: Operator, _ value: Any, _ kind: TraitKind, on adapter: Adapter.Type, clock: Timeline, trace: Trace
    ) -> Any {
        let traits = Adapter.traits()
        switch op {
        case .times, .plus, .failing, .tracedTimes:
            return traits.map(value, kind, op.transform(tracingTo: trace))
        case .flatten(.flatMap, let inners):
            return traits.flatMap(value, kind) { element in
                let label = "inner \(element)"
                let script = inners[element] ?? SourceScript(hasDisposeClosure: false)
                return traits.create(
                    kind,
                    ScriptedSource(
                        script: script, clock: clock, trace: trace, lifetimes: Lifetimes(), labels: [],
                        fixedLabel: label))
            }
        default: preconditionFailure("\(op) is not an operator of a trait")
        }
    }
}

// `Hooks.defaultErrorHandler` is one for the whole process, and scenarios run in parallel:
// the handler the harness puts there reports to the receiver of the thread it runs on, the
// run of the scenario that subscribed there (everything in a run happens on its thread).
public enum UnhandledErrors {
    public final class Receiver {
        let receive: ([String], any Error) -> Void

        init(trace: Trace) {
            receive = { _, error in
                trace.record("unhandled error(\(tracedName(of: error)))")
            }
        }

        public init(_ receive: @escaping (_ callStack: [String], _ error: any Error) -> Void) {
            self.receive = receive
        }
    }

    private static let key = "RxDemo.UnhandledErrors.receiver"

    public static var receiver: Receiver? {
        get { Thread.current.threadDictionary[key] as? Receiver }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    public static func report(_ callStack: [String], _ error: any Error) {
        receiver?.receive(callStack, error)
    }
}

extension SubjectHandle {
    // "value 2", or "value error(source)" when `value()` throws.
    var valueAnswer: String {
        do {
            return "value \(try value?() ?? -1)"
        } catch {
            return "value error(\(tracedName(of: error)))"
        }
    }
}
