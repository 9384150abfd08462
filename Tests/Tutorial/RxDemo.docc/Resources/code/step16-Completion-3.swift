// MARK: - Completion

extension Subscribers {
    // Step 06's `.error` and `.completed`, now the argument of their own call
    // (`receive(completion:)`), with the error's type in the publisher's type.
    enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}

extension Subscribers.Completion: Hashable where Failure: Hashable {}
