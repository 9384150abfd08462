// MARK: - Fail

// Fails right after the subscription: a failure needs no demand.
struct Fail<Output, Failure: Error>: Publisher {
    let error: Failure

    init(error: Failure) {
        self.error = error
    }

    init(outputType: Output.Type, failure: Failure) {
        self.error = failure
    }

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Output == Downstream.Input, Failure == Downstream.Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}

extension Fail: Equatable where Failure: Equatable {}
