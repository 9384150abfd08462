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

        // `connecting`: the first subscriber connects, and no other does.
        // Step 18 said `disconnected` until `connect()` returned: a second first subscriber
        // connected too.
        private enum State {
            case disconnected
            case connecting(refcount: Int)
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
            case .connecting(let refcount):
                state = .connecting(refcount: refcount + 1)
                lock.unlock()
                upstream.subscribe(inner)
            case .disconnected:
                state = .connecting(refcount: 1)
                lock.unlock()
                upstream.subscribe(inner)
                let connection = upstream.connect()
                lock.lock()
                if case .connecting(let refcount) = state {
                    state = .connected(refcount: refcount, connection: connection)
                }
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
            // A cancel while connecting counts for nothing, as in step 18 and in OpenCombine.
            case .disconnected, .connecting:
                lock.unlock()
            }
        }
    }
}

extension Publishers.Autoconnect {
    // Passes everything on; only the subscription it hands down is its own, to count cancels.
    private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        typealias Failure = Upstream.Failure

        let combineIdentifier = CombineIdentifier()

        private let parent: Publishers.Autoconnect<Upstream>

        private let downstream: Downstream

        var description: String { "Autoconnect" }

        init(parent: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
            self.parent = parent
            self.downstream = downstream
        }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: SideEffectSubscription(subscription, parent: parent))
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }

    // The upstream's subscription, and a count down on cancel. It prints as the upstream's.
    private struct SideEffectSubscription: Subscription, CustomStringConvertible {
        private let parent: Publishers.Autoconnect<Upstream>

        private let upstreamSubscription: Subscription

        init(_ upstreamSubscription: Subscription, parent: Publishers.Autoconnect<Upstream>) {
            self.parent = parent
            self.upstreamSubscription = upstreamSubscription
        }

        func request(_ demand: Subscribers.Demand) {
            upstreamSubscription.request(demand)
        }

        func cancel() {
            parent.willCancel()
            upstreamSubscription.cancel()
        }

        var combineIdentifier: CombineIdentifier {
            upstreamSubscription.combineIdentifier
        }

        var description: String {
            String(describing: upstreamSubscription)
        }
    }
}
