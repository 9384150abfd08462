// MARK: - Sink

extension Subscribers {
    // The subscriber behind `sink`: it asks for everything at once, so it behaves like step
    // 06's observer. Its status plays the SinkDisposer's part: it holds the subscription
    // until `cancel` or the completion lets go of it.
    final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
        var receiveValue: (Input) -> Void

        var receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        private var status = SubscriptionStatus.awaitingSubscription

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
            // No lock yet: a request from another thread while this sends races; the next step adds it.
            guard case .awaitingSubscription = status else {
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            subscription.request(.unlimited)
        }

    func forward(event: Event<O.Element>) {
        guard !_disposed else { return }
        _forward.on(event: event)
        // A terminal event ends the subscription by itself.
        switch event {
        case .completed, .error(_):
            dispose()
        default:
            break
        }
    }

    // Deviation: step 05's `print("dispose execute")` is gone; the generator's own "dispose" shows disposal now.
    func dispose() {
        _disposed = true
        _cancel.dispose()
    }
}
