// MARK: - Merge

extension Publisher {
    // Step 12's Observable.merge, under demand: the elements of both publishers, in the order
    // they come, and finished once both have finished.
    func merge<Other: Publisher>(with other: Other) -> Publishers.Merge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.Merge(self, other)
    }

    // OpenCombine's overload for a publisher of the same type: Swift picks it over the one
    // above, so a program that merges two of a kind gets a MergeMany, as it does there.
    func merge(with other: Self) -> Publishers.MergeMany<Self> {
        Publishers.MergeMany(self, other)
    }
}

extension Publishers {
    struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        typealias Output = A.Output

        typealias Failure = A.Failure

        let a: A

        let b: B

        init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        // The subscriber gets its subscription first, then each publisher is subscribed in
        // order, through a side that knows its number.
        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let merger = Merger(downstream: subscriber, count: 2)
            subscriber.receive(subscription: merger)
            a.subscribe(Merger.Side(index: 0, merger: merger))
            b.subscribe(Merger.Side(index: 1, merger: merger))
        }
    }

    // Any number of publishers of one type, merged by one Merger.
    struct MergeMany<Upstream: Publisher>: Publisher {
        typealias Output = Upstream.Output

        typealias Failure = Upstream.Failure

        let publishers: [Upstream]

        init(_ upstream: Upstream...) {
            publishers = upstream
        }

        init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let merger = Merger(downstream: subscriber, count: publishers.count)
            subscriber.receive(subscription: merger)
            for (index, publisher) in publishers.enumerated() {
                publisher.subscribe(Merger.Side(index: index, merger: merger))
            }
        }

        func merge(with other: Upstream) -> MergeMany<Upstream> {
            MergeMany(publishers + [other])
        }
    }
}
