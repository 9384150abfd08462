// MARK: - Buffer

extension Publisher {
    // A buffer between a fast upstream and a slow subscriber: it asks the upstream on its own
    // terms (`prefetch`), keeps up to `size` elements the subscriber has not asked for yet, and
    // `whenFull` says what an element that finds it full does.
    func buffer(
        size: Int,
        prefetch: Publishers.PrefetchStrategy,
        whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}
