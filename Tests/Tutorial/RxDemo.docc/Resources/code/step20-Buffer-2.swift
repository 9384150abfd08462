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

extension Publishers {
    // How the buffer asks its upstream.
    enum PrefetchStrategy: Equatable, Hashable {
        // `.max(size)` at once, then one more for every element the subscriber takes: the
        // buffer stays full, and the upstream never sends more than it can hold.
        case keepFull
        // `.unlimited` at once: the upstream sends everything, and `whenFull` decides.
        case byRequest
    }

    // What an element that finds the buffer full does.
    enum BufferingStrategy<Failure: Error> {
        // It is dropped.
        case dropNewest
        // The oldest buffered element is dropped to make room for it.
        case dropOldest
        // The upstream is cancelled, and the subscriber fails with this error once it asks again.
        case customError(() -> Failure)
    }

    struct Buffer<Upstream: Publisher>: Publisher {
        typealias Output = Upstream.Output

        typealias Failure = Upstream.Failure

        let upstream: Upstream

        let size: Int

        let prefetch: PrefetchStrategy

        let whenFull: BufferingStrategy<Failure>

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
        }
    }
}
