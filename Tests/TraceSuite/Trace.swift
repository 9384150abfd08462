// The one log a scenario writes to: what the source sends, what the subscriber receives,
// when the source's dispose closure runs, and what is left alive at the end. Entries are
// spelled as the article's demos print them ("send 0", "receive 0", "dispose").
public final class Trace {
    public private(set) var entries: [String] = []

    public init() {}

    public func record(_ entry: String, by label: String? = nil) {
        entries.append(label.map { "\($0): \(entry)" } ?? entry)
    }
}

// A step-independent copy of an event, as the trace spells it.
public enum Signal: Equatable, Sendable {
    case next(Int)
    case error
    case completed

    var traceName: String {
        switch self {
        case .next(let value): "\(value)"
        case .error: "error"
        case .completed: "completed"
        }
    }
}

// The error every scripted failure carries.
public struct ScriptedError: Error, Equatable {}
