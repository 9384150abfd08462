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

// MARK: Operators on Just, applied at once

extension Just {
    // The transform runs now, not at subscription: the result is another Just.
    func map<ElementOfResult>(_ transform: (Output) -> ElementOfResult) -> Just<ElementOfResult> {
        .init(transform(output))
    }

    // The transform runs now; what it returns or throws is sent at the first request.
    func tryMap<ElementOfResult>(
        _ transform: (Output) throws -> ElementOfResult
    ) -> Result<ElementOfResult, Error>.OCombine.Publisher {
        .init(Result { try transform(output) })
    }

    // The predicate runs now; the result has the value or is empty.
    func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.OCombine.Publisher {
        .init(isIncluded(output) ? output : nil)
    }
}

// MARK: - What Just's operators return

// OpenCombine's own names for a result and an optional as publishers: what `tryMap` and
// `filter` above need, `result.publisher` (and `result.ocombine.publisher`), and their own
// eager `map`, `tryMap` and `filter`, so that a chain that starts from Just runs its
// transforms when OpenCombine's does.
extension Result {
    struct OCombine {
        fileprivate let result: Result

        fileprivate init(_ result: Result) {
            self.result = result
        }

        var publisher: Publisher {
            Publisher(result)
        }

        struct Publisher {
            typealias Output = Success

            let result: Result

            init(_ result: Result) {
                self.result = result
            }

            init(_ output: Output) {
                self.init(.success(output))
            }

            init(_ failure: Failure) {
                self.init(.failure(failure))
            }
        }
    }

    var ocombine: OCombine {
        OCombine(self)
    }

    // Where Combine cannot be imported (Linux), OpenCombine also names them as Combine does.
    typealias Publisher = OCombine.Publisher

    var publisher: Publisher {
        Publisher(self)
    }
}

// Outside the type: inside it, `Publisher` names the struct itself.
extension Result.OCombine.Publisher: Publisher {
    // A failure needs no demand: it comes right after the subscription.
    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Success, Downstream.Failure == Failure {
        switch result {
        case .success(let value):
            subscriber.receive(subscription: Inner(value: value, downstream: subscriber))
        case .failure(let failure):
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: .failure(failure))
        }
    }

    // Just's subscription, under another description.
    private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible
    where Downstream.Input == Success, Downstream.Failure == Failure {
        private var downstream: Downstream?
        private let output: Success

        init(value: Success, downstream: Downstream) {
            self.output = value
            self.downstream = downstream
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            guard let downstream = self.downstream else { return }
            self.downstream = nil
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
        }

        func cancel() {
            downstream = nil
        }

        var description: String { "Once" }
    }
}

extension Result.OCombine.Publisher: Equatable where Output: Equatable, Failure: Equatable {}

// As on Just: the value is already there, so the transform runs at once.
extension Result.OCombine.Publisher {
    func map<ElementOfResult>(
        _ transform: (Output) -> ElementOfResult
    ) -> Result<ElementOfResult, Failure>.OCombine.Publisher {
        .init(result.map(transform))
    }

    func tryMap<ElementOfResult>(
        _ transform: (Output) throws -> ElementOfResult
    ) -> Result<ElementOfResult, Error>.OCombine.Publisher {
        switch result {
        case .success(let output):
            return .init(Result<ElementOfResult, Error> { try transform(output) })
        case .failure(let failure):
            return .init(.failure(failure))
        }
    }
}

extension Optional {
    struct OCombine {
        fileprivate let optional: Optional

        fileprivate init(_ optional: Optional) {
            self.optional = optional
        }

        var publisher: Publisher {
            Publisher(optional)
        }

        struct Publisher {
            typealias Output = Wrapped

            typealias Failure = Never

            let output: Wrapped?

            init(_ output: Output?) {
                self.output = output
            }
        }
    }

    var ocombine: OCombine {
        OCombine(self)
    }

    // Where Combine cannot be imported (Linux), OpenCombine also names them as Combine does.
    typealias Publisher = OCombine.Publisher

    var publisher: Publisher {
        Publisher(self)
    }
}

extension Optional.OCombine.Publisher: Publisher {
    // Without a value it finishes right after the subscription, like an empty sequence.
    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Wrapped, Downstream.Failure == Never {
        if let output = output {
            subscriber.receive(subscription: Inner(value: output, downstream: subscriber))
        } else {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: .finished)
        }
    }

    private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible
    where Downstream.Input == Wrapped {
        private var downstream: Downstream?
        private let output: Wrapped

        init(value: Wrapped, downstream: Downstream) {
            self.output = value
            self.downstream = downstream
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            guard let downstream = self.downstream else { return }
            self.downstream = nil
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
        }

        func cancel() {
            downstream = nil
        }

        var description: String { "Optional" }
    }
}

extension Optional.OCombine.Publisher: Equatable where Wrapped: Equatable {}

extension Optional.OCombine.Publisher {
    func map<ElementOfResult>(
        _ transform: (Output) -> ElementOfResult
    ) -> Optional<ElementOfResult>.OCombine.Publisher {
        .init(output.map(transform))
    }

    func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.OCombine.Publisher {
        .init(output.flatMap { isIncluded($0) ? $0 : nil })
    }
}
