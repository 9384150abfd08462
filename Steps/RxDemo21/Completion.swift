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

extension Subscribers.Completion: Sendable {}

// As OpenCombine writes it: {"success": true}, or {"success": false, "error": …}.
extension Subscribers.Completion {
    private enum CodingKeys: String, CodingKey {
        case success
        case error
    }
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .finished:
            try container.encode(true, forKey: .success)
        case .failure(let error):
            try container.encode(false, forKey: .success)
            try container.encode(error, forKey: .error)
        }
    }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Bool.self, forKey: .success) {
            self = .finished
        } else {
            self = .failure(try container.decode(Failure.self, forKey: .error))
        }
    }
}
