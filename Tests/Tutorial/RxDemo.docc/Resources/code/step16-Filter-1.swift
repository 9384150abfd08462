// MARK: - Filter

extension Publishers.Filter {
    // Like Map's, it hands the upstream's subscription straight down. What it changes is the
    // demand: a value it drops was paid for by the downstream's demand, so it asks upstream
    // for one more in its place.
    private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let filter: (Input) -> Bool

        let combineIdentifier = CombineIdentifier()

        init(downstream: Downstream, filter: @escaping (Input) -> Bool) {
            self.downstream = downstream
            self.filter = filter
        }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            if filter(input) {
                return downstream.receive(input)
            }
            return .max(1)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }

        var description: String { "Filter" }
    }
}
