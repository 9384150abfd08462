import Foundation

// MARK: - BehaviorSubject

// A hot observable with a current value: a new subscriber gets that value at once, then
// what follows, and `value()` reads it. Unlike `PublishSubject`, it keeps its observers after
// a terminal event (so `hasObservers` stays true). Its state is behind a lock, as in
// `PublishSubject`.
final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType,
    SynchronizedUnsubscribeType, Cancelable
{
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey

    private let lock = RecursiveLock()
    private var disposed = false
    private var element: Element
    private var observers = Observers()
    private var stoppedEvent: Event<Element>?
    #if DEBUG
        private let synchronizationTracker = SynchronizationTracker()
    #endif

    var hasObservers: Bool {
        self.observers.count > 0
    }

    var isDisposed: Bool {
        self.disposed
    }

    init(value: Element) {
        self.element = value
    }

    // The current value; after an error it throws that error, after dispose `RxError.disposed`.
    func value() throws -> Element {
        if self.isDisposed {
            throw RxError.disposed(object: self)
        }
        if let error = self.stoppedEvent?.error {
            throw error
        }
        return self.element
    }

    func on(_ event: Event<Element>) {
        dispatch(self.synchronizedOn(event), event)
    }

    func synchronizedOn(_ event: Event<Element>) -> Observers {
        if self.stoppedEvent != nil || self.isDisposed {
            return Observers()
        }
        switch event {
        case .next(let element):
            self.element = element
        case .error, .completed:
            self.stoppedEvent = event
        }
        return self.observers
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if self.isDisposed {
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        if let stoppedEvent = self.stoppedEvent {
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        let key = self.observers.insert(observer.on)
        observer.on(.next(self.element))
        return SubscriptionDisposable(owner: self, key: key)
    }

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        if self.isDisposed {
            return
        }
        _ = self.observers.removeKey(disposeKey)
    }

    func asObserver() -> BehaviorSubject<Element> {
        self
    }

    func dispose() {
        self.disposed = true
        self.observers.removeAll()
        self.stoppedEvent = nil
    }
}
