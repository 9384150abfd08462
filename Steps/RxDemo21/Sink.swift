// MARK: - Sink

extension Subscribers {
    // The subscriber behind `sink`: it asks for everything at once, so it behaves like step
    // 06's observer. Its status plays the SinkDisposer's part: it holds the subscription
    // until `cancel` or the completion lets go of it.
    final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
        var receiveValue: (Input) -> Void

        var receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        private var status = SubscriptionStatus.awaitingSubscription

        private let lock = UnfairLock()

        var description: String { "Sink" }

        init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping ((Input) -> Void)
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        // One subscription per sink: a second one, or one after the end, is cancelled.
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

        // Asked for `.unlimited` already, so nothing to add. The closure is copied first: it
        // may replace itself (by cancelling) while it runs.
        func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            let receiveValue = self.receiveValue
            lock.unlock()
            receiveValue(value)
            return .none
        }

        // Swaps in empty closures, so that a second completion, or a value after it, does
        // nothing and whatever the closures captured is freed.
        // The old closures are freed after the lock is let go: a deinit they run may call back in.
        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            status = .terminal
            let receiveCompletion = self.receiveCompletion
            self.receiveCompletion = { _ in }
            withExtendedLifetime(receiveValue) {
                receiveValue = { _ in }
                lock.unlock()
            }
            receiveCompletion(completion)
        }

        // Does nothing before the subscription or after the end. Both closures are replaced
        // before either is freed: freeing one may run a deinit that calls back in.
        func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            withExtendedLifetime((receiveValue, receiveCompletion)) {
                receiveCompletion = { _ in }
                receiveValue = { _ in }
                lock.unlock()
            }
            subscription.cancel()
        }
    }
}

extension Publisher {
    // Subscribes a Sink; the AnyCancellable cancels it when cancelled or freed.
    func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping ((Output) -> Void)
    ) -> AnyCancellable {
        let subscriber = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}

extension Publisher where Failure == Never {
    // Nothing can fail, so the completion can be left out.
    func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let subscriber = Subscribers.Sink<Output, Failure>(
            receiveCompletion: { _ in },
            receiveValue: receiveValue
        )
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
