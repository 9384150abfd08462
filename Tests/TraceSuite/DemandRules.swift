// The Reactive Streams rules that Combine keeps, as a demand program's trace shows them: each
// subscriber's subscription, requests, elements, returned demand, cancel and completion. A
// report names the first rule a step's trace breaks where the library's trace keeps it.
public struct DemandRule: Sendable, Equatable {
    // Its number in the Reactive Streams specification (github.com/reactive-streams).
    public let number: String
    public let sentence: String
    public let chinese: String

    public var localized: String { tr("rule \(number): \(sentence)", "规则 \(number)：\(chinese)") }

    public static let subscriptionFirst = DemandRule(
        number: "1.9", sentence: "a subscriber is given its subscription before anything else",
        chinese: "订阅者先拿到它的订阅，然后才有别的")
    public static let noMoreThanRequested = DemandRule(
        number: "1.1", sentence: "a publisher sends no more elements than its subscriber has asked for",
        chinese: "发布者发出的元素不多于订阅者要的")
    public static let boundedRecursion = DemandRule(
        number: "3.3",
        sentence: "a request from inside receive does not recurse: the element it asks for comes after receive returns",
        chinese: "在 receive 里发出的 request 不递归：它要的元素在 receive 返回之后才来")
    public static let nothingAfterTerminal = DemandRule(
        number: "1.7", sentence: "after finished or a failure, nothing more arrives",
        chinese: "finished 或失败之后，不再有任何东西到达")
    public static let nothingAfterCancel = DemandRule(
        number: "1.8", sentence: "after cancel, no more elements arrive",
        chinese: "cancel 之后，不再有元素到达")

    // The first rule that `actual` breaks and `expected` (the library's trace) does not.
    public static func firstBroken(in actual: [String], keptBy expected: [String]) -> DemandRule? {
        let expectedBreaks = Set(broken(in: expected).map(\.number))
        return broken(in: actual).first { !expectedBreaks.contains($0.number) }
    }

    // Every rule the trace breaks, in the order it breaks them.
    static func broken(in trace: [String]) -> [DemandRule] {
        var subscribers: [String: SubscriberState] = [:]
        var rules: [DemandRule] = []
        for entry in trace {
            let words = entry.split(separator: " ").map(String.init)
            guard words.count >= 3, ["sub", "sink", "assign"].contains(words[0]), Int(words[1]) != nil else {
                continue
            }
            let name = words[0] + " " + words[1]
            let asksItself = words[0] == "sub"
            var state = subscribers[name] ?? SubscriberState(outstanding: asksItself ? 0 : .max)
            let broken = state.apply(words[2], value: words.count > 3 ? words[3] : nil, countsDemand: asksItself)
            rules += broken.filter { !rules.contains($0) }
            subscribers[name] = state
        }
        return rules
    }

    private struct SubscriberState {
        var outstanding: Int
        var subscribed = false
        var receiving = 0
        var cancelled = false
        var ended = false

        mutating func apply(_ verb: String, value: String?, countsDemand: Bool) -> [DemandRule] {
            var broken: [DemandRule] = []
            let arrives = ["receive", "value", "finished"].contains(verb) || verb.hasPrefix("failure(")
            if arrives {
                // `sink` and `assign` show no subscription: they ask for everything on it.
                if countsDemand && !subscribed { broken.append(.subscriptionFirst) }
                if ended { broken.append(.nothingAfterTerminal) }
            }
            // Combine may still finish a subscription cancelled during its last element.
            if cancelled && (verb == "receive" || verb == "value") { broken.append(.nothingAfterCancel) }
            switch verb {
            case "subscription": subscribed = true
            case "requests": outstanding = adding(outstanding, value)
            case "returns":
                receiving -= 1
                outstanding = adding(outstanding, value)
            case "cancels": cancelled = true
            case "receive", "value":
                if receiving > 0 { broken.append(.boundedRecursion) }
                if outstanding == 0 { broken.append(.noMoreThanRequested) }
                if outstanding != .max { outstanding = max(0, outstanding - 1) }
                if countsDemand { receiving += 1 }
            default: if arrives { ended = true }
            }
            return broken
        }

        // A demand as the trace prints it: "max(2)" or "unlimited".
        private func adding(_ outstanding: Int, _ demand: String?) -> Int {
            guard let demand, outstanding != .max else { return outstanding }
            if demand == "unlimited" { return .max }
            let count = Int(demand.dropFirst(4).dropLast()) ?? 0
            return outstanding > .max - count ? .max : outstanding + count
        }
    }
}
