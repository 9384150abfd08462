// MARK: - SwitchToLatest

extension Publisher where Output: Publisher, Output.Failure == Failure {
    // Step 12's flatMapLatest, split in two as Combine has it (`map`, then `switchToLatest()`):
    // each publisher the upstream sends replaces the one before, which is cancelled. The
    // downstream's demand is the latest child's: a new child is asked for all that is left.
    func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

// Where one side never fails and the other may, OpenCombine types the `Never` side as the
// other's (`setFailureType`), as flatMap's overloads do.
extension Publisher where Output: Publisher, Failure == Never {
    func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        setFailureType(to: Output.Failure.self).switchToLatest()
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    func switchToLatest()
        -> Publishers.SwitchToLatest<
            Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
        >
    {
        map { $0.setFailureType(to: Failure.self) }.switchToLatest()
    }
}

extension Publishers {
    struct SwitchToLatest<Child: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == Child, Upstream.Failure == Child.Failure {
        typealias Output = Child.Output

        typealias Failure = Child.Failure

        let upstream: Upstream

        // The downstream gets its subscription before the upstream is subscribed, as in flatMap.
        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let outer = Outer(downstream: subscriber)
            subscriber.receive(subscription: outer)
            upstream.subscribe(outer)
        }
    }
}
