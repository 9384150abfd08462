import Foundation

// The thread scenarios of steps 09 and 10 that race one flag or one lock each. ThreadSanitizer
// reports two accesses that nothing orders; a lock that both threads take *before* the racing
// accesses orders them in whichever order the threads happen to run, and the race shows only
// in some runs. So each thread here makes its one racing access before anything it shares
// with the other thread, except the lock or atomic that a correct step takes around that very
// access: with it, the accesses are ordered; without it, they never are, and the verdict is
// the same on every run.
extension ThreadScenario {
    func flagRound<Adapter: StepAdapter>(on adapter: Adapter.Type) -> String? {
        let trace = Trace()
        switch id {
        case .elementsRacingDispose:
            // Sink.disposed: read by forwardOn on one thread, set by dispose() on the other.
            let (emit, subscription) = subscribeToScript(Adapter.self, trace: trace, style: .observer)
            race({ emit(.next(1)) }, { subscription.dispose?() })
            let entries = trace.entries
            guard entries.filter({ $0 == "dispose" }).count == 1,
                entries.filter({ $0.hasPrefix("receive") }).allSatisfy({ $0 == "receive 1" })
            else { return tr("the dispose closure and the element: \(entries)", "释放闭包和元素：\(entries)") }
            return nil
        case .elementRacingCompleted:
            // ObserverBase.isStopped, read by an element and set by completed: an
            // `AnonymousObserver` on its own, with no lock in front of the flag.
            let on = Adapter.threadTargets().observer(
                RecordingSubscriber(trace: trace, label: nil, disposeOnReceiving: nil))
            race({ on(.next(1)) }, { on(.completed) })
            let entries = trace.entries
            guard entries.filter({ $0 == "receive completed" }).count == 1,
                entries.filter({ $0 == "receive 1" }).count <= 1
            else { return tr("completed and the element: \(entries)", "completed 和元素：\(entries)") }
            return nil
        case .anonymousDisposableTwice:
            let dispose = Adapter.threadTargets().anonymousDisposable { trace.record("dispose") }
            race(dispose, dispose)
            return trace.entries == ["dispose"]
                ? nil : tr("the action ran \(trace.entries.count) times", "释放闭包运行了 \(trace.entries.count) 次")
        case .binaryDisposableTwice:
            let dispose = Adapter.threadTargets().binaryDisposable(
                { trace.record("dispose 1") }, { trace.record("dispose 2") })
            race(dispose, dispose)
            return trace.entries == ["dispose 1", "dispose 2"]
                ? nil
                : tr(
                    "expected dispose 1, then dispose 2, each once; got \(trace.entries)",
                    "期望先 dispose 1、再 dispose 2，各一次；实际是 \(trace.entries)")
        case .bagFromTwoThreads:
            let bag = Adapter.threadTargets().disposeBag()
            let count = 10
            race(
                { for index in 0..<count { bag.insert { trace.record("a\(index)") } } },
                { for index in 0..<count { bag.insert { trace.record("b\(index)") } } })
            bag.free()
            // Each thread's subscriptions in the order that thread put them in.
            let entries = trace.entries
            for thread in ["a", "b"]
            where entries.filter({ $0.hasPrefix(thread) }) != (0..<count).map({ "\(thread)\($0)" }) {
                let own = entries.filter { $0.hasPrefix(thread) }
                return tr(
                    "the bag disposed thread \(thread)'s subscriptions as \(own)",
                    "DisposeBag 释放线程 \(thread) 的订阅的顺序是 \(own)")
            }
            return nil
        case .askedWhileObserversChange:
            // Three moments, each raced on its own: an observer comes, it goes, the subject is
            // disposed; each time the other thread asks.
            for (name, subject) in [
                ("PublishSubject", Adapter.publishSubject()), ("BehaviorSubject", Adapter.behaviorSubject(value: 0)),
            ] {
                var answers: [Bool] = []
                var values: [String] = []
                let ask = {
                    answers.append(subject.hasObservers())
                    if let value = subject.value { values.append((try? value()).map(String.init) ?? "error") }
                }
                var subscription: Subscription? = nil
                race(ask) {
                    subscription = Adapter.subscribe(
                        subject.stream, RecordingSubscriber(trace: trace, label: nil, disposeOnReceiving: nil))
                }
                race(ask) { subscription?.dispose?() }
                race(ask, subject.dispose)
                ask()
                // hasObservers: no observer is left before the subject is disposed; value(): 0
                // until the subject is disposed, then an error.
                let valuesHold =
                    values.isEmpty
                    || (values.prefix(2) == ["0", "0"] && ["0", "error"].contains(values[2]) && values[3] == "error")
                guard answers[2...] == [false, false], valuesHold else {
                    return tr(
                        "the \(name) answered hasObservers \(answers) and value() \(values)",
                        "\(name) 对 hasObservers 的回答是 \(answers)，对 value() 的回答是 \(values)")
                }
            }
            return nil
        case .valueRacingOnNext:
            let subject = Adapter.behaviorSubject(value: 0)
            var value: Int? = nil
            race({ value = try? subject.value?() }, { subject.send(.next(1)) })
            return value == 0 || value == 1
                ? nil
                : tr(
                    "value() gave \(value.map(String.init) ?? "an error") while 1 was sent",
                    spaced("发送 1 的同时，value() 给出了", value.map(String.init) ?? "一个错误"))
        case .observeOnQueueRacingDispose:
            return observeOnRound(Adapter.self)
        case .subscribeOnQueue:
            return subscribeOnRound(Adapter.self)
        case .disposeRacingCompleted, .twoDisposesAtOnce, .subjectSendsWhileObserversChange,
            .hotSourceSendsWhileSubscribersChange,
            .handlerWaitsForAnotherThread, .shareFirstSubscribersAtOnce, .flatMapInnersFromTwoThreads,
            .hooksReplacedWhileErrorsArrive, .valuesEveryElement, .valuesThrowsError, .valuesLeftEarly,
            .valuesCancelledBeforeAnElement, .valuesBuffersForASlowConsumer, .singleValueRacingCancellation,
            .valuesCompletionRacingCancellation,
            .asObservableDisposeCancelsTheTask, .asObservableLoopsOnATaskOfItsOwn, .createWorkCancelledByDispose,
            .createWorkThrowsCancellation, .createWorkInheritsWhatItShould, .bridgeOnTheMainActor,
            .requestWhileSequenceSends, .sinkCancelledTwiceAtOnce, .futurePromisedWhileSubscribersCome,
            .subjectSendsWhileSubscribersCome, .subjectSendsWhileItsSubscriberCancels,
            .flatMapChildrenSendFromTwoThreads, .switchToLatestSwitchesWhileChildSends:
            preconditionFailure("«\(name)» is not a flag scenario")
        }
    }

    private func observeOnRound<Adapter: StepAdapter>(_ adapter: Adapter.Type) -> String? {
        guard let observeOn = Adapter.threadTargets().observeOn else {
            return tr("the step has no observe(on:) to race", "这一步没有 observe(on:) 可以检验")
        }
        for serial in [true, false] {
            let kind = serial ? "SerialDispatchQueueScheduler" : "ConcurrentDispatchQueueScheduler"
            let queue = DispatchQueue(label: "rxdemo.observe-on", attributes: serial ? [] : .concurrent)
            let key = DispatchSpecificKey<Bool>()
            queue.setSpecific(key: key, value: true)
            let trace = Trace()
            let subscriber = HandlerSubscriber(trace: trace) {
                if DispatchQueue.getSpecific(key: key) == nil { trace.record("off the queue") }
            }
            // Disposed while events are queued: the queue is held, so all three wait in it.
            do {
                let (emit, subscription) = subscribeToScript(
                    Adapter.self, trace: trace, style: .observer, subscriber: subscriber,
                    through: { observeOn($0, queue, serial) })
                queue.suspend()
                (0..<3).forEach { emit(.next($0)) }
                subscription.dispose?()
                queue.resume()
                queue.sync(flags: .barrier) {}
                guard !trace.entries.contains(where: { $0.hasPrefix("receive") }) else {
                    return tr(
                        "observe(on:) a \(kind) delivered what was queued before dispose(): \(trace.entries)",
                        "observe(on:) \(kind) 投递了 dispose() 之前排进队列的东西：\(trace.entries)")
                }
            }
            // Elements from one thread while another disposes: in order, on the queue.
            let (emit, subscription) = subscribeToScript(
                Adapter.self, trace: trace, style: .observer, subscriber: subscriber,
                through: { observeOn($0, queue, serial) })
            race({ (1...3).forEach { emit(.next($0)) } }, { subscription.dispose?() })
            queue.sync(flags: .barrier) {}
            let received = trace.entries.filter { $0.hasPrefix("receive") }
            let offQueue = trace.entries.contains("off the queue")
            guard received == (1...3).prefix(received.count).map({ "receive \($0)" }), !offQueue else {
                return tr(
                    "observe(on:) a \(kind): \(received)\(offQueue ? ", not on the scheduler's queue" : "")",
                    "observe(on:) \(kind)：\(received)\(offQueue ? "，不在调度器的队列上" : "")")
            }
        }
        return nil
    }

    // Not a race: where `subscribe(on:)` runs what it moves.
    private func subscribeOnRound<Adapter: StepAdapter>(_ adapter: Adapter.Type) -> String? {
        guard let subscribeOn = Adapter.threadTargets().subscribeOn else {
            return tr("the step has no subscribe(on:)", "这一步没有 subscribe(on:)")
        }
        let queue = DispatchQueue(label: "rxdemo.subscribe-on")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let places = Trace()
        let trace = Trace(onRecord: { entry in
            places.record(
                "\(entry) \(DispatchQueue.getSpecific(key: key) == nil ? "on the caller's thread" : "on the queue")")
        })
        let source = ScriptedSource(
            script: SourceScript(hasDisposeClosure: true, .send(1)), clock: VirtualClock(), trace: trace,
            lifetimes: Lifetimes(), labels: [nil])
        let subscription = Adapter.subscribe(
            subscribeOn(Adapter.create(source), queue),
            RecordingSubscriber(trace: trace, label: nil, disposeOnReceiving: nil))
        queue.sync {}
        subscription.dispose?()
        queue.sync {}
        let expected = ["send 1 on the queue", "receive 1 on the queue", "dispose on the queue"]
        return places.entries == expected
            ? nil : tr("expected \(expected), got \(places.entries)", "期望 \(expected)，实际 \(places.entries)")
    }

    // A `create` that plays nothing by itself, subscribed to; what sends into it, untraced (a
    // traced send would take the trace's lock before the access that races).
    private func subscribeToScript<Adapter: StepAdapter>(
        _ adapter: Adapter.Type, trace: Trace, style: SubscriberScript.SubscribeStyle = .handlers,
        subscriber: RecordingSubscriber? = nil, through: (Adapter.Stream) -> Adapter.Stream = { $0 }
    ) -> (emit: (Signal) -> Void, subscription: Subscription) {
        let source = ScriptedSource(
            script: SourceScript(hasDisposeClosure: true), clock: VirtualClock(), trace: trace, lifetimes: Lifetimes(),
            labels: [nil])
        source.keepsSenders = true
        let subscriber = subscriber ?? RecordingSubscriber(trace: trace, label: nil, disposeOnReceiving: nil)
        let stream = through(Adapter.create(source))
        let subscription =
            style == .observer ? Adapter.subscribe(stream, subscriber) : Adapter.subscribeHandlers(stream, subscriber)
        return (source.emitters.first ?? { _ in }, subscription)
    }
}
