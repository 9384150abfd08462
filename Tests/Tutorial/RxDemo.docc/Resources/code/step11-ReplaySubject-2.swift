import Foundation

// MARK: - ReplaySubject

// A subject with a memory: it keeps the last `bufferSize` elements (or all of them) and
// sends them to every new subscriber before anything newer. After `completed` or `error` it
// still replays them, then the terminal event. The state is behind one lock, and the replay
// to a new subscriber happens under it, as in RxSwift: a concurrent `onNext` waits, so the
// subscriber never gets a newer element before the replayed ones.
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
