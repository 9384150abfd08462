// MARK: - FlatMap

extension Publisher {
    // Step 12's flatMap, under demand: at most `maxPublishers` children at once. Each element of
    // the upstream becomes a child publisher, and what the children send goes downstream, but
    // only as much as the downstream asked for; the rest waits in a buffer.
    func flatMap<Child: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> Child
    ) -> Publishers.FlatMap<Child, Self> where Child.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

// Where one side never fails and the other may, OpenCombine's overloads type the `Never` side
// as the other's (`setFailureType`), so that `subject.flatMap { Just($0) }` compiles.
extension Publisher where Failure == Never {
    func flatMap<Child: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> Child
    ) -> Publishers.FlatMap<Child, Publishers.SetFailureType<Self, Child.Failure>> {
        setFailureType(to: Child.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
    }

    func flatMap<Child: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> Child
    ) -> Publishers.FlatMap<Child, Self> where Child.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    func flatMap<Child: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> Child
    ) -> Publishers.FlatMap<Publishers.SetFailureType<Child, Failure>, Self> where Child.Failure == Never {
        flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
    }
}
