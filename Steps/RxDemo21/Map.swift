// MARK: - Map

extension Publishers.Map {
    // Step 06's MapObserver, as a struct: it hands the upstream's subscription straight to
    // the downstream, so requests and cancel skip it, and it returns the downstream's demand.
    private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output

        typealias Failure = Upstream.Failure

        private let downstream: Downstream

        private let map: (Input) -> Output

        // A struct has no address to be named by.
        let combineIdentifier = CombineIdentifier()

        init(downstream: Downstream, map: @escaping (Input) -> Output) {
            self.downstream = downstream
            self.map = map
        }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            downstream.receive(map(input))
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }

        var description: String { "Map" }
    }
}

extension Publishers {
    // Step 06's MapObservable. One value in, one out: demand passes through unchanged.
    struct Map<Upstream: Publisher, Output>: Publisher {
        typealias Failure = Upstream.Failure

        let upstream: Upstream

        let transform: (Upstream.Output) -> Output

        init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Output == Downstream.Input, Downstream.Failure == Upstream.Failure {
            upstream.subscribe(Inner(downstream: subscriber, map: transform))
        }
    }
}

extension Publisher {
    func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.Map<Self, Result> {
        Publishers.Map(upstream: self, transform: transform)
    }

    func tryMap<Result>(_ transform: @escaping (Output) throws -> Result) -> Publishers.TryMap<Self, Result> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

// MARK: - TryMap

extension Publishers.TryMap {
    // A transform that throws ends the stream on both sides: upstream is cancelled and the
    // downstream fails. That needs a status, so this one is a subscription of its own.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Error {
        typealias Input = Upstream.Output

        typealias Failure = Upstream.Failure

        private let downstream: Downstream

        private let map: (Input) throws -> Output

        private var status = SubscriptionStatus.awaitingSubscription

        private let lock = UnfairLock()

        let combineIdentifier = CombineIdentifier()

        init(downstream: Downstream, map: @escaping (Input) throws -> Output) {
            self.downstream = downstream
            self.map = map
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
            downstream.receive(subscription: self)
        }

        // On a throw: cancel upstream, then fail downstream, and ask for nothing more.
        func receive(_ input: Input) -> Subscribers.Demand {
            do {
                return try downstream.receive(map(input))
            } catch {
                lock.lock()
                let subscription = status.subscription
                status = .terminal
                lock.unlock()
                subscription?.cancel()
                downstream.receive(completion: .failure(error))
                return .none
            }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.unlock()
            switch completion {
            case .finished:
                downstream.receive(completion: .finished)
            case .failure(let error):
                downstream.receive(completion: .failure(error))
            }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            lock.unlock()
            subscription.request(demand)
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.unlock()
            subscription.cancel()
        }

        var description: String { "TryMap" }
    }
}

extension Publishers {
    struct TryMap<Upstream: Publisher, Output>: Publisher {
        typealias Failure = Error

        let upstream: Upstream

        let transform: (Upstream.Output) throws -> Output

        init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Output == Downstream.Input, Downstream.Failure == Error {
            upstream.subscribe(Inner(downstream: subscriber, map: transform))
        }
    }
}

// MARK: - Fusion: a map of a map is one map running both transforms, one subscriber fewer

extension Publishers.Map {
    func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.Map<Upstream, Result> {
        .init(upstream: upstream) { transform(self.transform($0)) }
    }

    func tryMap<Result>(_ transform: @escaping (Output) throws -> Result) -> Publishers.TryMap<Upstream, Result> {
        .init(upstream: upstream) { try transform(self.transform($0)) }
    }
}

extension Publishers.TryMap {
    func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.TryMap<Upstream, Result> {
        .init(upstream: upstream) { try transform(self.transform($0)) }
    }

    func tryMap<Result>(_ transform: @escaping (Output) throws -> Result) -> Publishers.TryMap<Upstream, Result> {
        .init(upstream: upstream) { try transform(self.transform($0)) }
    }
}
