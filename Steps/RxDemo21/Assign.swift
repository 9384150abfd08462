// MARK: - Assign

extension Subscribers {
    // Writes each value to a property of an object. It holds the object strongly until the
    // completion or `cancel`, then lets go of it.
    final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
        typealias Failure = Never

        private(set) var object: Root?

        let keyPath: ReferenceWritableKeyPath<Root, Input>

        private var status = SubscriptionStatus.awaitingSubscription

        private let lock = UnfairLock()

        var description: String { "Assign \(Root.self)." }

        init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            subscription.request(.unlimited)
        }

        // A value after the end is dropped.
        func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = status, let object = self.object else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            object[keyPath: keyPath] = value
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            terminateAndUnlock()
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            terminateAndUnlock()
            subscription.cancel()
        }

        // Called with the lock held. The object is freed after the lock is let go: its deinit
        // may call back in.
        private func terminateAndUnlock() {
            status = .terminal
            withExtendedLifetime(object) {
                object = nil
                lock.unlock()
            }
        }
    }
}

extension Publisher where Failure == Never {
    func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
