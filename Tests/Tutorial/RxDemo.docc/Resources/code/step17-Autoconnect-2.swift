// MARK: - Autoconnect

extension ConnectablePublisher {
    // Connects at the first subscription and cancels the connection when the last subscriber
    // cancels: step 11's refCount.
    func autoconnect() -> Publishers.Autoconnect<Self> {
        .init(upstream: self)
    }
}

extension Publishers {
    class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        typealias Output = Upstream.Output

        typealias Failure = Upstream.Failure

        private enum State {
            case disconnected
            case connected(refcount: Int, connection: Cancellable)
        }

        final let upstream: Upstream

        private let lock = UnfairLock()

        private var state = State.disconnected

        init(upstream: Upstream) {
            self.upstream = upstream
        }

        // The first subscriber subscribes before the connection: it is there for the first
        // value. A subscriber that only finishes or fails never counts down: the count goes
        // down on `cancel` alone.
        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let inner = Inner(parent: self, downstream: subscriber)
            lock.lock()
            switch state {
            case .connected(let refcount, let connection):
                state = .connected(refcount: refcount + 1, connection: connection)
                lock.unlock()
                upstream.subscribe(inner)
            case .disconnected:
                lock.unlock()
                upstream.subscribe(inner)
                let connection = upstream.connect()
                lock.lock()
                state = .connected(refcount: 1, connection: connection)
                lock.unlock()
            }
        }

        fileprivate func willCancel() {
            lock.lock()
            switch state {
            case .connected(let refcount, let connection):
                if refcount <= 1 {
                    state = .disconnected
                    lock.unlock()
                    connection.cancel()
                } else {
                    state = .connected(refcount: refcount - 1, connection: connection)
                    lock.unlock()
                }
            case .disconnected:
                lock.unlock()
            }
        }
    }
}
