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
