// MARK: - CurrentValueSubject

// Step 08's BehaviorSubject under demand: it keeps the latest value, and a new subscriber gets
// it on its first request, not at subscription. A value sent while a subscriber has no demand
// is dropped for it, as for a PassthroughSubject; the kept value changes all the same.
final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let lock = UnfairLock()

    private var active = true

    private var completion: Subscribers.Completion<Failure>?

    private var downstreams = ConduitList<Output, Failure>()

    private var currentValue: Output

    private var upstreamSubscriptions: [Subscription] = []

    // Setting it sends the value, as `send` does; after the end it still changes the value.
    var value: Output {
        get {
            lock.lock()
            defer { lock.unlock() }
            return currentValue
        }
        set {
            lock.lock()
            currentValue = newValue
            sendValueAndUnlock(newValue)
        }
    }

    init(_ value: Output) {
        self.currentValue = value
    }

    deinit {
        for subscription in upstreamSubscriptions {
            subscription.cancel()
        }
    }

    // Unlike a PassthroughSubject, it asks an upstream for everything at once: it must keep
    // the latest value whether or not anyone has asked.
    func send(subscription: Subscription) {
        lock.lock()
        upstreamSubscriptions.append(subscription)
        lock.unlock()
        subscription.request(.unlimited)
    }

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

    // After the end, not even the kept value changes.
    func send(_ input: Output) {
        lock.lock()
        sendValueAndUnlock(input)
    }

    // Called with the lock held; lets go of it before any subscriber is told.
    private func sendValueAndUnlock(_ newValue: Output) {
        guard active else {
            lock.unlock()
            return
        }
        currentValue = newValue
        let downstreams = self.downstreams
        lock.unlock()
        downstreams.forEach { conduit in
            conduit.offer(newValue)
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

extension CurrentValueSubject {
    // One subscriber's subscription. Its first request delivers the kept value, unless a value
    // was already delivered to it; a value offered without demand counts as not delivered, so
    // the next first request delivers the kept value instead.
    private final class Conduit<Downstream: Subscriber>: ConduitBase<Output, Failure>, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private var parent: CurrentValueSubject?

        private var downstream: Downstream?

        private var demand = Subscribers.Demand.none

        private var deliveredCurrentValue = false

        private let lock = UnfairLock()

        // Held while the downstream is told; recursive, as the PassthroughSubject's.
        private let downstreamLock = UnfairRecursiveLock()

        var description: String { "CurrentValueSubject" }

        init(parent: CurrentValueSubject, downstream: Downstream) {
            self.parent = parent
            self.downstream = downstream
        }

        override func offer(_ output: Output) {
            lock.lock()
            guard demand > 0, let downstream = self.downstream else {
                deliveredCurrentValue = false
                lock.unlock()
                return
            }
            demand -= 1
            deliveredCurrentValue = true
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
            guard let downstream = self.downstream else {
                lock.unlock()
                return
            }
            self.demand += demand
            guard !deliveredCurrentValue else {
                lock.unlock()
                return
            }
            deliveredCurrentValue = true
            guard let currentValue = parent?.value else {
                lock.unlock()
                return
            }
            self.demand -= 1
            lock.unlock()
            downstreamLock.lock()
            let newDemand = downstream.receive(currentValue)
            downstreamLock.unlock()
            guard newDemand > 0 else { return }
            lock.lock()
            self.demand += newDemand
            lock.unlock()
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
