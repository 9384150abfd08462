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

    // What to replay, and, while the subject runs, the newcomer's place in the bag: an observer
    // that holds back what arrives until the replay is done.
    private func synchronizedSubscribe<Observer: ObserverType>(_ observer: Observer) -> (
        replayBuffer: [Element], stoppedEvent: Event<Element>?, disposable: Disposable,
        replayObserver: ReplaySubjectSubscriptionObserver<Observer>?
    ) where Observer.Element == Element {
        if self.disposed {
            return ([], .error(RxError.disposed(object: self)), Disposables.create(), nil)
        }
        let replayBuffer = self.replayBuffer()
        if let stoppedEvent = self.stoppedEvent {
            return (replayBuffer, stoppedEvent, Disposables.create(), nil)
        }
        let replayObserver = ReplaySubjectSubscriptionObserver(observer: observer)
        let key = self.observers.insert(replayObserver.on)
        return (replayBuffer, nil, SubscriptionDisposable(owner: self, key: key), replayObserver)
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

    override func replayBuffer() -> [Element] {
        self.value.map { [$0] } ?? []
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

    override func replayBuffer() -> [Element] {
        self.queue
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

// A newcomer's observer while the replay runs outside the subject's lock: what the subject
// sends meanwhile is queued, and delivered after the replay, in order; then it passes through.
// BehaviorSubject's current value is a replay of one, sent the same way.
final class ReplaySubjectSubscriptionObserver<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    private let lock = RecursiveLock()
    private let observer: Observer
    private var replaying = true
    private var pendingEvents: [Event<Element>] = []

    init(observer: Observer) {
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        let shouldForward = self.lock.performLocked { () -> Bool in
            if self.replaying {
                self.pendingEvents.append(event)
                return false
            }
            return true
        }
        if shouldForward {
            self.observer.on(event)
        }
    }

    func replay(_ replayBuffer: [Element]) {
        for element in replayBuffer {
            self.observer.on(.next(element))
        }
        while let event = self.lock.performLocked({ () -> Event<Element>? in
            if !self.pendingEvents.isEmpty {
                return self.pendingEvents.removeFirst()
            }
            self.replaying = false
            return nil
        }) {
            self.observer.on(event)
            if event.isStopEvent {
                self.lock.performLocked {
                    self.replaying = false
                    self.pendingEvents = []
                }
                return
            }
        }
    }
}
