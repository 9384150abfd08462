import Foundation

// MARK: - ObserveOn

extension ObservableType {
    // Delivers every event on `scheduler`, in the order they came, whatever thread sent them.
    func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        if let serial = scheduler as? SerialDispatchQueueScheduler {
            return ObserveOnSerialDispatchQueue(source: self.asObservable(), scheduler: serial)
        }
        return ObserveOn(source: self.asObservable(), scheduler: scheduler)
    }
}

// A serial queue keeps the order by itself: each event is scheduled on its own. (On the main
// thread with nothing queued, `MainScheduler` runs it at once.)
final class ObserveOnSerialDispatchQueueSink<Observer: ObserverType>: ObserverBase<Observer.Element> {
    private let scheduler: SerialDispatchQueueScheduler
    private let observer: Observer
    private let cancel: Cancelable

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        self.observer = observer
        self.cancel = cancel
    }

    override func onCore(_ event: Event<Element>) {
        _ = self.scheduler.schedule((self, event)) { pair in
            // A dispose that came while the event waited in the queue drops it.
            guard !pair.0.cancel.isDisposed else { return Disposables.create() }
            pair.0.observer.on(pair.1)
            if pair.1.isStopEvent { pair.0.dispose() }
            return Disposables.create()
        }
    }

    override func dispose() {
        super.dispose()
        self.cancel.dispose()
    }
}
