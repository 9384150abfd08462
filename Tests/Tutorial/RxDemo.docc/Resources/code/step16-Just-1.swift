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
