// A scenario: what the source does and when, what sits between it and the subscriber,
// what each subscriber does and when, and the one trace correct Rx behaviour prints.
// The expected traces follow the article's printed output and RxSwift's rules; they are
// written here by hand, never copied from a step's output.
public struct Scenario: Sendable {
    public let id: ScenarioID
    let source: SourceScript
    let operators: [Operator]
    let subscribers: [SubscriberScript]
    let checksLifetimes: Bool
    public let expected: [String]

    init(
        _ id: ScenarioID, source: SourceScript, operators: [Operator] = [],
        subscribers: [SubscriberScript] = [SubscriberScript()], checksLifetimes: Bool = false,
        expected: [String]
    ) {
        self.id = id
        self.source = source
        self.operators = operators
        self.subscribers = subscribers
        self.checksLifetimes = checksLifetimes
        self.expected = expected
    }

    public var name: String { id.rawValue }

    // What a step must offer to run this scenario at all.
    public var needs: Set<Capability> {
        var needs: Set<Capability> = []
        if !operators.isEmpty { needs.insert(.map) }
        if source.hasDisposeClosure || subscribers.contains(where: \.disposes) { needs.insert(.dispose) }
        return needs
    }
}

public enum Capability: String, Sendable, CaseIterable {
    // `subscribe` returns a Disposable, and the event generator can return one.
    case dispose
    // The `map` operator.
    case map
}

// What the source's event generator does. Time 0 means "during `subscribe`", on the
// subscriber's stack; later times are scheduled on the virtual clock.
struct SourceScript: Sendable {
    struct Action: Sendable {
        let time: Int
        let signal: Signal
    }

    let actions: [Action]
    // Whether the generator returns a disposable whose closure records "dispose".
    let hasDisposeClosure: Bool

    init(hasDisposeClosure: Bool, _ actions: Action...) {
        self.hasDisposeClosure = hasDisposeClosure
        self.actions = actions
    }
}

extension SourceScript.Action {
    static func send(_ value: Int, at time: Int = 0) -> Self { .init(time: time, signal: .next(value)) }
    static func complete(at time: Int = 0) -> Self { .init(time: time, signal: .completed) }
    static func fail(at time: Int = 0) -> Self { .init(time: time, signal: .error) }
}

// What one subscriber does besides recording what it receives.
struct SubscriberScript: Sendable {
    var disposeTimes: [Int] = []
    // Disposes from inside its own handler when this value arrives.
    var disposeOnReceiving: Int?

    var disposes: Bool { !disposeTimes.isEmpty || disposeOnReceiving != nil }

    static func dispose(at times: Int...) -> Self { .init(disposeTimes: times) }
}

// The transforms a scenario can put between source and subscriber, each through `map`.
enum Operator: Sendable {
    case times(Int)
    case plus(Int)
    case failing(on: Int)

    var transform: @Sendable (Int) throws -> Int {
        switch self {
        case .times(let factor): { $0 * factor }
        case .plus(let addend): { $0 + addend }
        case .failing(let bad):
            { value in
                guard value != bad else { throw ScriptedError() }
                return value
            }
        }
    }
}
