// MARK: - Just

// One value, then finished; it cannot fail. Unlike step 06's generator, nothing is sent
// during `subscribe`: the value waits for the first request.
struct Just<Output>: Publisher {
    typealias Failure = Never

    let output: Output

    init(_ output: Output) {
        self.output = output
    }

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Never {
        subscriber.receive(subscription: Inner(value: output, downstream: subscriber))
    }
}

extension Just: Equatable where Output: Equatable {}

extension Just {
    // The subscription: any demand is enough for the one value. Letting go of the downstream
    // before sending makes a request from inside `receive` (or a second one) do nothing.
    private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible
    where Downstream.Input == Output {
        private var downstream: Downstream?
        private let value: Output

        init(value: Output, downstream: Downstream) {
            self.downstream = downstream
            self.value = value
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            guard let downstream = self.downstream else { return }
            self.downstream = nil
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        }

        func cancel() {
            downstream = nil
        }

        var description: String { "Just" }
    }
}
