// MARK: - SubscribeOn

extension ObservableType {
    // Subscribes to the source, and later disposes it, on `scheduler`: the source's subscribe
    // handler runs there. Events are not moved (that is `observe(on:)`).
    func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self.asObservable(), scheduler: scheduler)
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

final class SubscribeOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        self.forwardOn(event)
        if event.isStopEvent { self.dispose() }
    }

    func run(_ parent: SubscribeOn<Element>) -> Disposable {
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

final class SubscribeOn<Element>: Producer<Element> {
    let source: Observable<Element>
    let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}
