import Foundation

// MARK: - Multicast

// `multicast` turns a cold observable hot: subscribers subscribe to a subject, and `connect()`
// subscribes the subject to the source, once. `multicast(subject)` keeps that one subject for
// every connection; `multicast(makeSubject:)` makes a fresh one for each, so a subscriber that
// stayed after a disconnect is left on the old subject and hears nothing more.
extension ObservableType {
    func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: self.asObservable(), makeSubject: { subject })
    }

    func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject)
        -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: self.asObservable(), makeSubject: makeSubject)
    }

    // A fresh PublishSubject per connection.
    func publish() -> ConnectableObservable<Element> {
        self.multicast(makeSubject: { PublishSubject() })
    }

    // A fresh ReplaySubject per connection, replaying `bufferSize` elements.
    func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        self.multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
    }
}

// One connection: the source's events go into the subject until the connection is disposed
// or the source ends. It shares the adapter's lock, so "who is the current connection" has
// one answer.
private final class Connection<Subject: SubjectType>: ObserverType, Disposable {
    typealias Element = Subject.Observer.Element

    private let lock: RecursiveLock
    private var parent: ConnectableObservableAdapter<Subject>?
    private var subscription: Disposable?
    private let subjectObserver: Subject.Observer
    private let disposed = AtomicInt(0)

    init(
        parent: ConnectableObservableAdapter<Subject>, subjectObserver: Subject.Observer, lock: RecursiveLock,
        subscription: Disposable
    ) {
        self.parent = parent
        self.subscription = subscription
        self.lock = lock
        self.subjectObserver = subjectObserver
    }

    // A terminal event ends the connection first, then reaches the subscribers.
    func on(_ event: Event<Element>) {
        if isFlagSet(self.disposed, 1) {
            return
        }
        if event.isStopEvent {
            self.dispose()
        }
        self.subjectObserver.on(event)
    }

    // Detach under the lock; dispose the source's subscription (user code) after it (#2723).
    func dispose() {
        let subscriptionToDispose: Disposable? = self.lock.performLocked {
            fetchOr(self.disposed, 1)
            guard let parent = self.parent else { return nil }
            if parent.connection === self {
                parent.connection = nil
                parent.subject = nil
            }
            self.parent = nil
            let subscription = self.subscription
            self.subscription = nil
            return subscription
        }
        subscriptionToDispose?.dispose()
    }
}

private final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element> {
    typealias ConnectionType = Connection<Subject>

    private let source: Observable<Subject.Observer.Element>
    private let makeSubject: () -> Subject

    fileprivate let lock = RecursiveLock()
    fileprivate var subject: Subject?
    fileprivate var connection: ConnectionType?

    init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
    }

    // Connecting again while connected returns the same connection.
    override func connect() -> Disposable {
        self.lock.performLocked {
            if let connection = self.connection {
                return connection
            }
            let subscription = SingleAssignmentDisposable()
            let connection = Connection(
                parent: self, subjectObserver: self.lazySubject.asObserver(), lock: self.lock,
                subscription: subscription)
            self.connection = connection
            subscription.setDisposable(self.source.subscribe(connection))
            return connection
        }
    }

    private var lazySubject: Subject {
        self.lock.performLocked {
            if let subject = self.subject {
                return subject
            }
            let subject = self.makeSubject()
            self.subject = subject
            return subject
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Subject.Element {
        self.lazySubject.subscribe(observer)
    }
}
