// MARK: - Sequence

extension Publishers {
    // The elements of a sequence, as many at a time as the subscriber asks for, then finished.
    struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        typealias Output = Elements.Element

        let sequence: Elements

        // An empty sequence finishes at once; the subscriber still gets a subscription first.
        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Failure == Downstream.Failure, Elements.Element == Downstream.Input {
            let inner = Inner(downstream: subscriber, sequence: sequence)
            if inner.isExhausted {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                inner.cancel()
            } else {
                subscriber.receive(subscription: inner)
            }
        }
    }
}
