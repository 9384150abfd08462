// MARK: - Publisher

// What step 06 called an observable. Subscribing no longer starts the stream: the publisher
// only answers with `receive(subscription:)`, and values flow when the subscriber asks for
// them through that subscription.
protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    // Attaches a subscriber; implemented by each publisher, called through `subscribe`.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    // The one entry point a program calls; it returns nothing, because cancelling now goes
    // through the subscription the subscriber receives.
    func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

// The namespace of the operators' publishers (`Publishers.Map`, `Publishers.Sequence`, ...).
enum Publishers {}
