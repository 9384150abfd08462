// MARK: - Event

// What travels down a stream. `error` and `completed` are terminal: a well-behaved
// stream sends nothing after either of them.
enum Event<Element> {
    case next(Element)
    case error(Swift.Error)
    case completed
}

// RxSwift prints an event as "next(1)", "error(…)" or "completed", and lets a handler ask
// what it holds without a `switch`.
extension Event: CustomDebugStringConvertible {
    var debugDescription: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }

    var isStopEvent: Bool {
        if case .next = self { false } else { true }
    }

    var element: Element? {
        if case .next(let value) = self { value } else { nil }
    }

    var error: Swift.Error? {
        if case .error(let error) = self { error } else { nil }
    }

    var isCompleted: Bool {
        if case .completed = self { true } else { false }
    }
}
