import Foundation

// MARK: - ReplaySubject

// A subject with a memory: it keeps the last `bufferSize` elements (or all of them) and
// sends them to every new subscriber before anything newer. After `completed` or `error` it
// still replays them, then the terminal event. The state is behind one lock; the replay to a
// new subscriber happens after it is released (the subscriber is user code: #2723), from a
// snapshot taken under it. An element sent meanwhile waits in the newcomer's own queue, so it
// never gets a newer element before the replayed ones.
class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey

    fileprivate let lock = RecursiveLock()
    fileprivate var disposed = false
    fileprivate var stoppedEvent: Event<Element>?
    fileprivate var observers = Observers()
    #if DEBUG
        fileprivate let synchronizationTracker = SynchronizationTracker()
    #endif

    var hasObservers: Bool {
        self.lock.performLocked { self.observers.count > 0 }
    }

    var isDisposed: Bool {
        self.lock.performLocked { self.disposed }
    }

    // One buffer of each kind: one element, the last n, or every element.
    static func create(bufferSize: Int) -> ReplaySubject<Element> {
        bufferSize == 1 ? ReplayOne() : ReplayMany(bufferSize: bufferSize)
    }

    static func createUnbounded() -> ReplaySubject<Element> {
        ReplayAll()
    }

    func on(_ event: Event<Element>) {
        fatalError("ReplaySubject is abstract: use ReplaySubject.create(bufferSize:) or createUnbounded()")
    }

    func asObserver() -> ReplaySubject<Element> {
        self
    }

    func dispose() {}
}

// The lock, the bag and the stop; what the buffer keeps is up to the subclass.
private class ReplayBufferBase<Element>: ReplaySubject<Element>, SynchronizedUnsubscribeType {
    func trim() {}
    func addValueToBuffer(_ value: Element) {}
    func replayBuffer() -> [Element] { [] }
    func clearBuffer() {}

    override func on(_ event: Event<Element>) {
        #if DEBUG
            self.synchronizationTracker.register(synchronizationErrorMessage: .default)
            defer { self.synchronizationTracker.unregister() }
        #endif
        dispatch(self.synchronizedOn(event), event)
    }

    private func synchronizedOn(_ event: Event<Element>) -> Observers {
        self.lock.lock()
        defer { self.lock.unlock() }
        if self.disposed || self.stoppedEvent != nil {
            return Observers()
        }
        switch event {
        case .next(let value):
            self.addValueToBuffer(value)
            self.trim()
            return self.observers
        case .error, .completed:
            self.stoppedEvent = event
            self.trim()
            let observers = self.observers
            self.observers.removeAll()
            return observers
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let subscription = self.lock.performLocked { self.synchronizedSubscribe(observer) }
        if let replayObserver = subscription.replayObserver {
            replayObserver.replay(subscription.replayBuffer)
        } else {
            for element in subscription.replayBuffer {
                observer.on(.next(element))
            }
            if let stoppedEvent = subscription.stoppedEvent {
                observer.on(stoppedEvent)
            }
        }
        return subscription.disposable
    }

    private func synchronizedSubscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if self.disposed {
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        self.replayBuffer(observer)
        if let stoppedEvent = self.stoppedEvent {
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        let key = self.observers.insert(observer.on)
        return SubscriptionDisposable(owner: self, key: key)
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        self.lock.performLocked {
            if !self.disposed { _ = self.observers.removeKey(disposeKey) }
        }
    }

    override func dispose() {
        self.lock.performLocked {
            self.disposed = true
            self.observers.removeAll()
            self.clearBuffer()
        }
    }
}

private final class ReplayOne<Element>: ReplayBufferBase<Element> {
    private var value: Element?

    override func addValueToBuffer(_ value: Element) {
        self.value = value
    }

    override func replayBuffer<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        if let value = self.value {
            observer.on(.next(value))
        }
    }

    override func clearBuffer() {
        self.value = nil
    }
}

// The last `bufferSize` elements, oldest first (`bufferSize` 0 keeps none, as RxSwift's does).
private class ReplayManyBase<Element>: ReplayBufferBase<Element> {
    fileprivate var queue: [Element] = []

    override func addValueToBuffer(_ value: Element) {
        self.queue.append(value)
    }

    override func replayBuffer<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        for element in self.queue {
            observer.on(.next(element))
        }
    }

    override func clearBuffer() {
        self.queue = []
    }
}

private final class ReplayMany<Element>: ReplayManyBase<Element> {
    private let bufferSize: Int

    init(bufferSize: Int) {
        self.bufferSize = bufferSize
    }

    override func trim() {
        if self.queue.count > self.bufferSize {
            self.queue.removeFirst(self.queue.count - self.bufferSize)
        }
    }
}

private final class ReplayAll<Element>: ReplayManyBase<Element> {}
