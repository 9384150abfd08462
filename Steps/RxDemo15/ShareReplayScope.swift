import Foundation

// MARK: - share(replay:scope:)

// How long the replay buffer lives. `.whileConnected`: one subject per connection, so a
// subscriber after the last one left (or after the source ended) starts afresh and gets no
// stale elements. `.forever`: one subject for good, so it replays what the earlier
// connection left before the source is subscribed again.
enum SubjectLifetimeScope {
    case whileConnected
    case forever
}

extension ObservableType {
    // The common cases have classes of their own; the others are multicast + refCount.
    func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            switch replay {
            case 0: return self.multicast(PublishSubject()).refCount()
            default: return self.multicast(ReplaySubject.create(bufferSize: replay)).refCount()
            }
        case .whileConnected:
            switch replay {
            case 0: return ShareWhileConnected(source: self.asObservable())
            case 1: return ShareReplay1WhileConnected(source: self.asObservable())
            default: return self.multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
            }
        }
    }
}

// One connection of `share(replay: 1)`: `share()`'s, plus the latest element, which a new
// observer gets first. It lives as long as the connection, so the next connection starts empty.
private final class ShareReplay1WhileConnectedConnection<Element>: ObserverType, SynchronizedUnsubscribeType {
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey

    private let parent: ShareReplay1WhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()
    private let lock: RecursiveLock
    private var disposed = false
    fileprivate var observers = Observers()
    private var element: Element?

    init(parent: ShareReplay1WhileConnected<Element>, lock: RecursiveLock) {
        self.parent = parent
        self.lock = lock
    }

    func on(_ event: Event<Element>) {
        let observers = self.lock.performLocked { self.synchronizedOn(event) }
        dispatch(observers, event)
    }

    private func synchronizedOn(_ event: Event<Element>) -> Observers {
        if self.disposed {
            return Observers()
        }
        switch event {
        case .next(let element):
            self.element = element
            return self.observers
        case .error, .completed:
            let observers = self.observers
            self.synchronizedDispose()
            return observers
        }
    }

    func connect() {
        self.subscription.setDisposable(self.parent.source.subscribe(self))
    }

    // Under the parent's lock: the observer joins, and gets the latest element to replay,
    // which the parent sends once the lock is released.
    func synchronizedSubscribe<Observer: ObserverType>(_ observer: Observer) -> (Disposable, replay: Element?)
    where Observer.Element == Element {
        let key = self.observers.insert(observer.on)
        return (SubscriptionDisposable(owner: self, key: key), self.element)
    }

    private func synchronizedDispose() {
        self.disposed = true
        if self.parent.connection === self {
            self.parent.connection = nil
        }
        self.observers = Observers()
    }

    // The source is disposed after the lock is released: its dispose closure is user code.
    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        self.lock.lock()
        let disconnect = self.observers.removeKey(disposeKey) != nil && self.observers.count == 0
        if disconnect { self.synchronizedDispose() }
        self.lock.unlock()
        if disconnect {
            self.subscription.dispose()
        }
    }
}

private final class ShareReplay1WhileConnected<Element>: Observable<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let lock = RecursiveLock()
    fileprivate var connection: ShareReplay1WhileConnectedConnection<Element>?

    init(source: Observable<Element>) {
        self.source = source
    }

    // Whether this is the first observer and its insertion happen under one hold of the lock
    // (RxSwift 6.10.0 split them, and two first subscribers both connected: #2718). The
    // latest element is replayed, and the source subscribed, after the lock is released: both
    // run user code, which may take a lock of its own. (Before RxSwift 6.10.0 the replay ran
    // under the lock, and a handler that waited for a thread subscribing here deadlocked: #2653.)
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        self.lock.lock()
        let connection: ShareReplay1WhileConnectedConnection<Element>
        if let existing = self.connection {
            connection = existing
        } else {
            connection = ShareReplay1WhileConnectedConnection(parent: self, lock: self.lock)
            self.connection = connection
        }
        let isFirst = connection.observers.count == 0
        let (disposable, replay) = connection.synchronizedSubscribe(observer)
        self.lock.unlock()
        if let replay {
            observer.on(.next(replay))
        }
        if isFirst {
            connection.connect()
        }
        return disposable
    }
}

// One connection of `share()`: subscribed to the source once, it sends each event to the
// observers it has now. The last observer to leave disconnects it; a terminal event ends it.
private final class ShareWhileConnectedConnection<Element>: ObserverType, SynchronizedUnsubscribeType {
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey

    private let parent: ShareWhileConnected<Element>
    private let subscription = SingleAssignmentDisposable()
    private let lock: RecursiveLock
    private var disposed = false
    fileprivate var observers = Observers()

    init(parent: ShareWhileConnected<Element>, lock: RecursiveLock) {
        self.parent = parent
        self.lock = lock
    }

    func on(_ event: Event<Element>) {
        let observers = self.lock.performLocked { self.synchronizedOn(event) }
        dispatch(observers, event)
    }

    private func synchronizedOn(_ event: Event<Element>) -> Observers {
        if self.disposed {
            return Observers()
        }
        switch event {
        case .next:
            return self.observers
        case .error, .completed:
            let observers = self.observers
            self.synchronizedDispose()
            return observers
        }
    }

    func connect() {
        self.subscription.setDisposable(self.parent.source.subscribe(self))
    }

    // Under the parent's lock.
    func synchronizedSubscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let key = self.observers.insert(observer.on)
        return SubscriptionDisposable(owner: self, key: key)
    }

    private func synchronizedDispose() {
        self.disposed = true
        if self.parent.connection === self {
            self.parent.connection = nil
        }
        self.observers = Observers()
    }

    // The source is disposed after the lock is released: its dispose closure is user code.
    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        self.lock.lock()
        let disconnect = self.observers.removeKey(disposeKey) != nil && self.observers.count == 0
        if disconnect { self.synchronizedDispose() }
        self.lock.unlock()
        if disconnect {
            self.subscription.dispose()
        }
    }
}

private final class ShareWhileConnected<Element>: Observable<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let lock = RecursiveLock()
    fileprivate var connection: ShareWhileConnectedConnection<Element>?

    init(source: Observable<Element>) {
        self.source = source
    }

    // Whether this is the first observer and its insertion happen under one hold of the lock
    // (RxSwift 6.10.0 split them, and two first subscribers both connected: #2718); the
    // source is subscribed after the lock is released.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        self.lock.lock()
        let connection: ShareWhileConnectedConnection<Element>
        if let existing = self.connection {
            connection = existing
        } else {
            connection = ShareWhileConnectedConnection(parent: self, lock: self.lock)
            self.connection = connection
        }
        let isFirst = connection.observers.count == 0
        let disposable = connection.synchronizedSubscribe(observer)
        self.lock.unlock()
        if isFirst {
            connection.connect()
        }
        return disposable
    }
}
