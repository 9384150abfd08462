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

final class ObserveOnSerialDispatchQueue<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: SerialDispatchQueueScheduler

    init(source: Observable<Element>, scheduler: SerialDispatchQueueScheduler) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: self.scheduler, observer: observer, cancel: cancel)
        let subscription = self.source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

// Any other scheduler: a queue of events, drained one scheduled action at a time, so that
// order holds even on a scheduler that could run two actions at once.
final class ObserveOnSink<Observer: ObserverType>: ObserverBase<Observer.Element> {
    private let scheduler: ImmediateSchedulerType
    private let observer: Observer
    private let cancel: Cancelable
    private let lock = RecursiveLock()
    private var queue: [Event<Element>] = []
    private var running = false
    private let scheduleDisposable = SerialDisposable()

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        self.observer = observer
        self.cancel = cancel
    }

    override func onCore(_ event: Event<Element>) {
        let shouldStart: Bool = self.lock.performLocked {
            self.queue.append(event)
            if self.running { return false }
            self.running = true
            return true
        }
        if shouldStart { self.scheduleNext() }
    }

    private func scheduleNext() {
        self.scheduleDisposable.disposable = self.scheduler.schedule(()) { _ in
            self.deliverOne()
            return Disposables.create()
        }
    }

    // One event per scheduled action; the next one is scheduled after it.
    private func deliverOne() {
        let next: Event<Element>? = self.lock.performLocked {
            if self.queue.isEmpty {
                self.running = false
                return nil
            }
            return self.queue.removeFirst()
        }
        guard let next, !self.cancel.isDisposed else { return }
        self.observer.on(next)
        if next.isStopEvent {
            self.dispose()
            return
        }
        let more: Bool = self.lock.performLocked {
            if self.queue.isEmpty { self.running = false }
            return !self.queue.isEmpty
        }
        if more { self.scheduleNext() }
    }

    override func dispose() {
        super.dispose()
        self.cancel.dispose()
        self.scheduleDisposable.dispose()
    }
}

final class ObserveOn<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = ObserveOnSink(scheduler: self.scheduler, observer: observer, cancel: cancel)
        let subscription = self.source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}
