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
