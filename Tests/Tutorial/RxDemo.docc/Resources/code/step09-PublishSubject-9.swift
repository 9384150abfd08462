import Foundation

// MARK: - PublishSubject

// A hot observable: one stream, shared by everyone subscribed now. A subscriber gets only
// what is sent after it subscribes; one that comes after `completed` or `error` gets that
// terminal event at once. Its state is behind a lock; it sends outside the lock, to the copy
// of the bag it took under it, so an observer may subscribe or dispose from its handler.
final class PublishSubject<Element>: Observable<Element>, SubjectType, Cancelable, ObserverType,
    SynchronizedUnsubscribeType
{
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey

    private let lock = RecursiveLock()
    private var disposed = false
    private var observers = Observers()
    private var stopped = false
    private var stoppedEvent: Event<Element>?
    #if DEBUG
        private let synchronizationTracker = SynchronizationTracker()
    #endif

    var hasObservers: Bool {
        self.lock.performLocked { self.observers.count > 0 }
    }

    var isDisposed: Bool {
        self.disposed
    }

    override init() {
        super.init()
    }

    // A lock cannot order two `onNext` calls from two threads: in a debug build the tracker
    // names that misuse.
    func on(_ event: Event<Element>) {
        #if DEBUG
            self.synchronizationTracker.register(synchronizationErrorMessage: .default)
            defer { self.synchronizationTracker.unregister() }
        #endif
        dispatch(self.synchronizedOn(event), event)
    }

    // Who gets `event`: a copy of the bag, taken before anyone is called. A terminal event
    // empties the bag, so its observers are let go.
    func synchronizedOn(_ event: Event<Element>) -> Observers {
        self.lock.lock()
        defer { self.lock.unlock() }
        switch event {
        case .next:
            if self.isDisposed || self.stopped {
                return Observers()
            }
            return self.observers
        case .completed, .error:
            if self.stoppedEvent == nil {
                self.stoppedEvent = event
                self.stopped = true
                let observers = self.observers
                self.observers.removeAll()
                return observers
            }
            return Observers()
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        self.lock.performLocked { self.synchronizedSubscribe(observer) }
    }

    func synchronizedSubscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let stoppedEvent = self.stoppedEvent {
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        if self.isDisposed {
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        let key = self.observers.insert(observer.on)
        return SubscriptionDisposable(owner: self, key: key)
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        self.lock.performLocked { _ = self.observers.removeKey(disposeKey) }
    }

    func asObserver() -> PublishSubject<Element> {
        self
    }

    // Lets every observer go and sends nothing more, not even to those subscribing later.
    func dispose() {
        self.disposed = true
        self.observers.removeAll()
        self.stoppedEvent = nil
    }
}
