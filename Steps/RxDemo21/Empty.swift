// MARK: - Empty

// No value. By default it finishes right after the subscription; with
// `completeImmediately: false` it never ends, which tests use as a silent upstream.
struct Empty<Output, Failure: Error>: Publisher, Equatable {
    let completeImmediately: Bool

    init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    // Names the types when nothing else in the expression does.
    init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.init(completeImmediately: completeImmediately)
    }

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Output == Downstream.Input, Failure == Downstream.Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately {
            subscriber.receive(completion: .finished)
        }
    }
}
