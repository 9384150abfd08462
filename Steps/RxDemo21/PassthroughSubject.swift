// MARK: - PassthroughSubject

// Step 08's PublishSubject under demand: each value goes to every subscriber that has asked
// for one, and is dropped for the others. Nothing is kept for later: a subscriber that asks
// after a value was sent never sees it.
final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let lock = UnfairLock()

    private var active = true

    private var completion: Subscribers.Completion<Failure>?

    private var downstreams = ConduitList<Output, Failure>()

    // Upstreams it subscribed to (`publisher.subscribe(subject)`), each asked for
    // `.unlimited` once any subscriber of its own has asked for anything.
    private var upstreamSubscriptions: [Subscription] = []

    private var hasAnyDownstreamDemand = false

    init() {}

    deinit {
        for subscription in upstreamSubscriptions {
            subscription.cancel()
        }
    }

    func send(subscription: Subscription) {
        lock.lock()
        upstreamSubscriptions.append(subscription)
        let hasAnyDownstreamDemand = self.hasAnyDownstreamDemand
        lock.unlock()
        if hasAnyDownstreamDemand {
            subscription.request(.unlimited)
        }
    }

    // A subscriber after the end gets an empty subscription and the completion at once.
    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Output == Downstream.Input, Failure == Downstream.Failure {
        lock.lock()
        if let completion = self.completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = Conduit(parent: self, downstream: subscriber)
        downstreams.insert(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    // The list is copied and the lock let go first: a subscriber may subscribe, cancel or
    // send again from inside its `receive`.
    func send(_ input: Output) {
        lock.lock()
        guard active else {
            lock.unlock()
            return
        }
        let downstreams = self.downstreams
        lock.unlock()
        downstreams.forEach { conduit in
            conduit.offer(input)
        }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard active else {
            lock.unlock()
            return
        }
        active = false
        self.completion = completion
        let downstreams = self.downstreams.take()
        lock.unlock()
        downstreams.forEach { conduit in
            conduit.finish(completion: completion)
        }
    }

    // The first request of any subscriber opens every upstream, once and for everything.
    private func acknowledgeDownstreamDemand() {
        lock.lock()
        if hasAnyDownstreamDemand {
            lock.unlock()
            return
        }
        hasAnyDownstreamDemand = true
        let upstreamSubscriptions = self.upstreamSubscriptions
        lock.unlock()
        for subscription in upstreamSubscriptions {
            subscription.request(.unlimited)
        }
    }

    private func disassociate(_ conduit: ConduitBase<Output, Failure>) {
        lock.lock()
        guard active else {
            lock.unlock()
            return
        }
        downstreams.remove(conduit)
        lock.unlock()
    }
}

extension PassthroughSubject {
    // One subscriber's subscription: its demand, and its way back to the subject.
    private final class Conduit<Downstream: Subscriber>: ConduitBase<Output, Failure>, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private var parent: PassthroughSubject?

        private var downstream: Downstream?

        private var demand = Subscribers.Demand.none

        private let lock = UnfairLock()

        // Held while the downstream is told: two threads sending to the subject at once reach
        // a subscriber one after the other. Recursive: it may send to the subject again.
        private let downstreamLock = UnfairRecursiveLock()

        var description: String { "PassthroughSubject" }

        init(parent: PassthroughSubject, downstream: Downstream) {
            self.parent = parent
            self.downstream = downstream
        }

        // No demand, no value: this subscriber misses it.
        override func offer(_ output: Output) {
            lock.lock()
            guard demand > 0, let downstream = self.downstream else {
                lock.unlock()
                return
            }
            demand -= 1
            lock.unlock()
            downstreamLock.lock()
            let newDemand = downstream.receive(output)
            downstreamLock.unlock()
            guard newDemand > 0 else { return }
            lock.lock()
            demand += newDemand
            lock.unlock()
        }

        override func finish(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard let downstream = self.downstream else {
                lock.unlock()
                return
            }
            self.downstream = nil
            let parent = self.parent
            self.parent = nil
            lock.unlock()
            parent?.disassociate(self)
            downstreamLock.lock()
            downstream.receive(completion: completion)
            downstreamLock.unlock()
        }

        override func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard self.downstream != nil else {
                lock.unlock()
                return
            }
            self.demand += demand
            let parent = self.parent
            lock.unlock()
            parent?.acknowledgeDownstreamDemand()
        }

        override func cancel() {
            lock.lock()
            guard self.downstream != nil else {
                lock.unlock()
                return
            }
            self.downstream = nil
            let parent = self.parent
            self.parent = nil
            lock.unlock()
            parent?.disassociate(self)
        }
    }
}
