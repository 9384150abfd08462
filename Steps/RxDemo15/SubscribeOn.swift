// MARK: - SubscribeOn

extension ObservableType {
    // Subscribes to the source, and later disposes it, on `scheduler`: the source's subscribe
    // handler runs there. Events are not moved (that is `observe(on:)`). The source is kept as
    // it is, not wrapped with `asObservable()`: a wrapper's sink would dispose the source at
    // once on a terminal event, where this one leaves it to `ScheduledDisposable`, on the
    // scheduler.
    func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self, scheduler: scheduler)
    }
}

// Disposes `disposable` on `scheduler`.
final class ScheduledDisposable: Cancelable {
    private let scheduler: ImmediateSchedulerType
    private let disposed = AtomicInt(0)
    private var disposable: Disposable?

    init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    var isDisposed: Bool { isFlagSet(self.disposed, 1) }

    func dispose() {
        _ = self.scheduler.schedule(self) { scheduled in
            if fetchOr(scheduled.disposed, 1) == 0 {
                scheduled.disposable?.dispose()
                scheduled.disposable = nil
            }
            return Disposables.create()
        }
    }
}

final class SubscribeOnSink<Source: ObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Source.Element == Observer.Element {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        self.forwardOn(event)
        if event.isStopEvent { self.dispose() }
    }

    func run(_ parent: SubscribeOn<Source>) -> Disposable {
        let disposeEverything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()
        disposeEverything.disposable = cancelSchedule
        let disposeSchedule = parent.scheduler.schedule(()) { _ -> Disposable in
            let subscription = parent.source.subscribe(self)
            disposeEverything.disposable = ScheduledDisposable(scheduler: parent.scheduler, disposable: subscription)
            return Disposables.create()
        }
        cancelSchedule.setDisposable(disposeSchedule)
        return disposeEverything
    }
}

final class SubscribeOn<Source: ObservableType>: Producer<Source.Element> {
    let source: Source
    let scheduler: ImmediateSchedulerType

    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Source.Element {
        let sink = SubscribeOnSink<Source, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}
