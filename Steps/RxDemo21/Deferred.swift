// MARK: - Deferred

// Makes its publisher at each subscription, not when it is created, and hands the
// subscriber to it: no subscription of its own, so demand goes straight to the one made.
struct Deferred<DeferredPublisher: Publisher>: Publisher {
    typealias Output = DeferredPublisher.Output

    typealias Failure = DeferredPublisher.Failure

    let createPublisher: () -> DeferredPublisher

    init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Failure == Downstream.Failure, Output == Downstream.Input {
        let deferredPublisher = createPublisher()
        deferredPublisher.subscribe(subscriber)
    }
}
