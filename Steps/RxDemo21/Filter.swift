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

extension Publishers {
    struct Filter<Upstream: Publisher>: Publisher {
        typealias Output = Upstream.Output

        typealias Failure = Upstream.Failure

        let upstream: Upstream

        let isIncluded: (Upstream.Output) -> Bool

        init(upstream: Upstream, isIncluded: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input {
            upstream.subscribe(Inner(downstream: subscriber, filter: isIncluded))
        }
    }
}

extension Publisher {
    func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

// Fusion: one filter running both predicates.
extension Publishers.Filter {
    func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
        .init(upstream: upstream) { self.isIncluded($0) && isIncluded($0) }
    }
}
