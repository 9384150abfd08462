// MARK: - ConduitBase

// One subscriber's subscription to a subject: the subject offers it each value and finishes
// it once; the conduit keeps that subscriber's demand. A class the subjects subclass, so that
// one list holds conduits of every kind of subscriber.
class ConduitBase<Output, Failure: Error>: Subscription {
    init() {}

    // A value the subject was sent: delivered if this subscriber has demand, else dropped.
    func offer(_ output: Output) {
        preconditionFailure("a subject's conduit overrides offer")
    }

    func finish(completion: Subscribers.Completion<Failure>) {
        preconditionFailure("a subject's conduit overrides finish")
    }

    func request(_ demand: Subscribers.Demand) {
        preconditionFailure("a subject's conduit overrides request")
    }

    func cancel() {
        preconditionFailure("a subject's conduit overrides cancel")
    }
}

// The subscribers of a subject, in the order they subscribed. OpenCombine keeps them in a set,
// whose order changes from run to run; a list makes a trace the same every time.
struct ConduitList<Output, Failure: Error> {
    private var conduits: [ConduitBase<Output, Failure>] = []

    mutating func insert(_ conduit: ConduitBase<Output, Failure>) {
        guard !conduits.contains(where: { $0 === conduit }) else { return }
        conduits.append(conduit)
    }

    // A subscriber leaves once: the first match is the only one.
    mutating func remove(_ conduit: ConduitBase<Output, Failure>) {
        if let index = conduits.firstIndex(where: { $0 === conduit }) {
            conduits.remove(at: index)
        }
    }

    // Every conduit, and an empty list left behind: what `send(completion:)` finishes.
    mutating func take() -> ConduitList {
        defer { conduits = [] }
        return self
    }

    func forEach(_ body: (ConduitBase<Output, Failure>) -> Void) {
        conduits.forEach(body)
    }
}
