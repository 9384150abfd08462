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
