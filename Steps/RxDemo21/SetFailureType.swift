// MARK: - SetFailureType

extension Publishers {
    // A publisher that never fails, typed as one that may: what lets `flatMap` join a child and
    // an upstream whose failure types differ only because one of them is `Never`.
    struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        typealias Output = Upstream.Output

        let upstream: Upstream

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Failure == Failure, Downstream.Input == Output {
            upstream.subscribe(Inner(downstream: subscriber))
        }

        func setFailureType<NewFailure: Error>(to failure: NewFailure.Type)
            -> Publishers.SetFailureType<
                Upstream, NewFailure
            >
        {
            .init(upstream: upstream)
        }
    }
}

extension Publisher where Failure == Never {
    func setFailureType<NewFailure: Error>(to failureType: NewFailure.Type)
        -> Publishers.SetFailureType<
            Self, NewFailure
        >
    {
        .init(upstream: self)
    }
}

extension Publishers.SetFailureType {
    // Like Map's: the upstream's subscription goes straight to the downstream.
    private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Upstream.Output == Downstream.Input, Failure == Downstream.Failure {
        private let downstream: Downstream

        let combineIdentifier = CombineIdentifier()

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Never>) {
            downstream.receive(completion: .finished)
        }

        var description: String { "SetFailureType" }
    }
}
