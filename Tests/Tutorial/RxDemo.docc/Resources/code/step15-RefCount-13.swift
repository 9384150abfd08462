import Foundation

// MARK: - RefCount

// Connects when the first subscriber comes and disconnects when the last one leaves: a
// connectable observable that runs itself. `connectionId` tells a subscriber from an earlier
// connection (one that ended with the source) from one of the current connection.
extension ConnectableObservableType {
    func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

private enum RefCountSinkRunResult {
    case alreadyDisposed
    case nothingToDo
    case connectionToCreate(SingleAssignmentDisposable)
}

private final class RefCountSink<ConnectableSource: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>,
    ObserverType
where ConnectableSource.Element == Observer.Element {
    typealias Element = Observer.Element
    typealias Parent = RefCount<ConnectableSource>

    private let parent: Parent
    private var connectionIdSnapshot: Int64 = -1

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    // Subscribe to the subject first, then connect if this is the first subscriber: counted
    // under the lock, connected after it is released (the source's subscribe is user code).
    // The place is taken first, so a subscriber that leaves meanwhile disposes the connection
    // as soon as it is set. While the last subscriber is still disconnecting, the newcomer
    // leaves its connection to that subscriber, who makes it once the old one is gone.
    func run() -> Disposable {
        let subscription = self.parent.source.subscribe(self)
        let runResult = self.parent.lock.performLocked { () -> RefCountSinkRunResult in
            self.connectionIdSnapshot = self.parent.connectionId
            if self.isDisposed {
                return .alreadyDisposed
            }
            if self.parent.count == 0 {
                self.parent.count = 1
                let connection = SingleAssignmentDisposable()
                self.parent.connectableSubscription = connection
                if self.parent.disconnecting > 0 {
                    self.parent.connectAfterDisconnect = connection
                    return .nothingToDo
                }
                return .connectionToCreate(connection)
            }
            self.parent.count += 1
            return .nothingToDo
        }
        switch runResult {
        case .alreadyDisposed:
            return Disposables.create()
        case .nothingToDo:
            break
        case .connectionToCreate(let connection):
            connection.setDisposable(self.parent.source.connect())
        }
        return Disposables.create {
            subscription.dispose()
            self.leave()
        }
    }

    // The count under the lock; the disconnect (the source's dispose closure runs) after it.
    // Deviation: RxSwift's main branch still disconnects under the lock, so that a newcomer
    // cannot connect between the count and the disconnect. Here a newcomer that comes while
    // a disconnect runs leaves its connection to the leaver, who makes it afterwards.
    private func leave() {
        let disconnect = self.parent.lock.performLocked { () -> SingleAssignmentDisposable? in
            // A subscriber of a connection that has already ended owes nothing to this one.
            if self.parent.connectionId != self.connectionIdSnapshot {
                return nil
            }
            if self.parent.count == 1 {
                self.parent.count = 0
                let connection = self.parent.connectableSubscription
                self.parent.connectableSubscription = nil
                if self.parent.connectAfterDisconnect === connection {
                    self.parent.connectAfterDisconnect = nil
                }
                if connection != nil {
                    self.parent.disconnecting += 1
                }
                return connection
            } else if self.parent.count > 1 {
                self.parent.count -= 1
            } else {
                fatalError("RefCount disposed more subscribers than it counted")
            }
            return nil
        }
        guard let disconnect else { return }
        disconnect.dispose()
        // A subscriber that came while this one disconnected: connect for it now.
        let connectionToMake = self.parent.lock.performLocked { () -> SingleAssignmentDisposable? in
            self.parent.disconnecting -= 1
            guard self.parent.disconnecting == 0 else { return nil }
            defer { self.parent.connectAfterDisconnect = nil }
            return self.parent.connectAfterDisconnect
        }
        connectionToMake?.setDisposable(self.parent.source.connect())
    }

    // The source ended: this connection is over, whoever else is subscribed. It is let go
    // after the lock is released (its dispose is the source's).
    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.forwardOn(event)
        case .error, .completed:
            let connection = self.parent.lock.performLocked { () -> SingleAssignmentDisposable? in
                guard self.parent.connectionId == self.connectionIdSnapshot else { return nil }
                let connection = self.parent.connectableSubscription
                self.parent.count = 0
                self.parent.connectionId = self.parent.connectionId &+ 1
                self.parent.connectableSubscription = nil
                return connection
            }
            self.parent.lock.unlock()
            self.forwardOn(event)
            self.dispose()
        }
    }
}

private final class RefCount<ConnectableSource: ConnectableObservableType>: Producer<ConnectableSource.Element> {
    fileprivate let lock = RecursiveLock()
    fileprivate var count = 0
    fileprivate var connectionId: Int64 = 0
    fileprivate var connectableSubscription: Disposable? = nil
    fileprivate let source: ConnectableSource

    init(source: ConnectableSource) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == ConnectableSource.Element {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
