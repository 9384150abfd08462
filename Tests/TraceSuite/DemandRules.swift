// The Reactive Streams rules that Combine keeps (github.com/reactive-streams, numbered as there),
// each with what to look at when a step breaks it. Most show in a demand program's trace (each
// subscriber's subscription, requests, elements, returned demand, cancel and completion): a
// report names the first rule a step's trace breaks where the library's trace keeps it. The
// others are checked on the step directly (Tests/DemandAdapter): demand's arithmetic, what a
// cancel or an end lets go of, and the requests Combine refuses with a trap.
public struct DemandRule: Sendable, Equatable {
    public let number: String
    public let sentence: String
    public let chinese: String
    // What to look at in your code when the rule is broken.
    public let hint: String
    public let chineseHint: String

    public var localized: String { tr("rule \(number): \(sentence)", "规则 \(number)：\(chinese)") }
    public var localizedHint: String { tr(hint, chineseHint) }

    public static func == (lhs: DemandRule, rhs: DemandRule) -> Bool { lhs.number == rhs.number }

    // MARK: Shown by a trace

    public static let noMoreThanRequested = DemandRule(
        number: "1.1", sentence: "a publisher sends no more elements than its subscriber has asked for",
        chinese: "发布者发出的元素不多于订阅者要的",
        hint:
            "Count the outstanding demand down by one for each element you send, and send only while it is above zero.",
        chineseHint: "每发出一个元素，就把尚未满足的需求减一；只在它大于零时发送。")
    public static let oneAtATime = DemandRule(
        number: "1.3",
        sentence: "a subscriber's signals arrive one at a time: nothing arrives while its receive(_:) is still running",
        chinese: "发给一个订阅者的信号一个接一个到达：它的 receive(_:) 还没返回时，什么也不会到达",
        hint:
            "Call the subscriber's receive(_:) and receive(completion:) from one place that waits for each call to return; never from inside another of its calls.",
        chineseHint: "从同一个地方调用订阅者的 receive(_:) 和 receive(completion:)，每次都等它返回；不要在它的另一次调用里面调用。")
    public static let nothingAfterTerminal = DemandRule(
        number: "1.7", sentence: "after finished or a failure, nothing more arrives",
        chinese: "finished 或失败之后，不再有任何东西到达",
        hint: "Once you have sent a completion, forget the subscriber (set it to nil) and check for it before sending.",
        chineseHint: "发出完成事件之后就忘掉订阅者（设为 nil），发送之前先检查它还在不在。")
    public static let nothingAfterCancel = DemandRule(
        number: "1.8", sentence: "after cancel, no more elements arrive",
        chinese: "cancel 之后，不再有元素到达",
        hint: "cancel() must drop the subscriber, and the loop that sends must check for it before each element.",
        chineseHint: "cancel() 要丢掉订阅者，发送元素的循环每次发送之前都要检查它还在不在。")
    public static let subscriptionFirst = DemandRule(
        number: "1.9", sentence: "a subscriber is given its subscription before anything else",
        chinese: "订阅者先拿到它的订阅，然后才有别的",
        hint: "receive(subscriber:) calls subscriber.receive(subscription:) first; elements come only after a request.",
        chineseHint: "receive(subscriber:) 先调用 subscriber.receive(subscription:)；元素要等到 request 之后才发。")
    public static let subscriptionOnce = DemandRule(
        number: "2.12", sentence: "a subscriber is given a subscription once",
        chinese: "一个订阅者只拿到一次订阅",
        hint: "Give each subscriber one subscription: an operator passes its upstream's on, or its own, never both.",
        chineseHint: "每个订阅者只给一次订阅：操作符要么把上游的订阅交下去，要么交它自己的，不能两个都给。")
    public static let boundedRecursion = DemandRule(
        number: "3.3",
        sentence: "a request from inside receive does not recurse: the element it asks for comes after receive returns",
        chinese: "在 receive 里发出的 request 不递归：它要的元素在 receive 返回之后才来",
        hint:
            "While you are sending, a request only adds to the demand; the loop that is already sending sends what it asks for.",
        chineseHint: "正在发送的时候，request 只把需求加上去；由已经在发送的那个循环来发它要的元素。")
    public static let requestAfterCancel = DemandRule(
        number: "3.6", sentence: "after cancel, a request does nothing",
        chinese: "cancel 之后，request 什么也不做",
        hint: "request(_:) returns at once when the subscription has been cancelled (its subscriber is gone).",
        chineseHint: "订阅已经取消（订阅者已不在）时，request(_:) 直接返回。")
    public static let demandNotLost = DemandRule(
        number: "3.8",
        sentence:
            "demand is not lost: what a request or receive(_:) adds stays outstanding until elements meet it",
        chinese: "需求不会丢：request 或 receive(_:) 加上的需求一直有效，直到有元素满足它",
        hint:
            "Add every request and every demand receive(_:) returns to the outstanding demand (+=, not =), and send again while it is above zero.",
        chineseHint: "把每次 request 和 receive(_:) 返回的需求都加到尚未满足的需求上（用 +=，不是 =），只要它大于零就继续发送。")

    // MARK: Checked on the step directly

    public static let zeroRequestRefused = DemandRule(
        number: "3.9",
        sentence: "a request for no elements, or a negative demand, is refused (Combine: a precondition)",
        chinese: "要零个元素的 request，或者负的需求，会被拒绝（Combine 里是一个前置条件）",
        hint:
            "Subscribers.Demand.max(_:) checks precondition(value >= 0), and Just's and Future's request(_:) check precondition(demand != .none).",
        chineseHint:
            "Subscribers.Demand.max(_:) 检查 precondition(value >= 0)，Just 和 Future 的 request(_:) 检查 precondition(demand != .none)。"
    )
    public static let endCancels = DemandRule(
        number: "2.4",
        sentence: "a subscriber that has received finished or a failure takes its subscription as cancelled",
        chinese: "收到 finished 或失败之后，订阅者把它的订阅当作已经取消",
        hint:
            "In sink's and assign's receive(completion:), set the status to terminal; receive(_:) then checks it and ignores what still arrives.",
        chineseHint: "在 sink 和 assign 的 receive(completion:) 里把状态设为结束；receive(_:) 先检查它，忽略之后还到达的东西。")
    public static let secondSubscriptionCancelled = DemandRule(
        number: "2.5", sentence: "a subscriber that already has a subscription cancels a second one",
        chinese: "已经有订阅的订阅者，会取消第二个订阅",
        hint:
            "sink's and assign's receive(subscription:) keep the first subscription only: when they are past awaiting one, they cancel the new one.",
        chineseHint: "sink 和 assign 的 receive(subscription:) 只保留第一个订阅：已经不在等待订阅时，就取消新来的那个。")
    public static let cancelReleases = DemandRule(
        number: "3.13", sentence: "cancel lets go of the subscriber",
        chinese: "cancel 会放开订阅者",
        hint: "cancel() sets the subscription's downstream to nil (and a Future forgets the subscription).",
        chineseHint: "cancel() 把订阅的 downstream 设为 nil（Future 还要忘掉这个订阅）。")
    public static let endReleases = DemandRule(
        number: "1.6", sentence: "once it has sent finished or a failure, a subscription lets go of its subscriber",
        chinese: "发出 finished 或失败之后，订阅会放开它的订阅者",
        hint: "Take the subscriber out (set downstream to nil) before you send it its completion.",
        chineseHint: "在给订阅者发完成事件之前，先把它取出来（把 downstream 设为 nil）。")
    public static let cancelTwice = DemandRule(
        number: "3.7", sentence: "a second cancel does nothing",
        chinese: "第二次 cancel 什么也不做",
        hint: "cancel() returns at once when the subscriber is already gone.",
        chineseHint: "订阅者已经不在时，cancel() 直接返回。")
    public static let demandSaturates = DemandRule(
        number: "3.17", sentence: "demand adds up to .unlimited and no further, and never goes below zero",
        chinese: "需求相加最多到 .unlimited，相减也不会小于零",
        hint:
            "Subscribers.Demand's + and - saturate: .max(Int.max) + .max(1) is .unlimited, .unlimited - .max(1) stays .unlimited, .max(1) - .max(3) traps.",
        chineseHint:
            "Subscribers.Demand 的 + 和 - 是饱和的：.max(Int.max) + .max(1) 是 .unlimited，.unlimited - .max(1) 仍是 .unlimited，.max(1) - .max(3) 会陷入陷阱。"
    )

    // Every rule the checks name, in the order of their numbers.
    public static let all: [DemandRule] = [
        .noMoreThanRequested, .oneAtATime, .endReleases, .nothingAfterTerminal, .nothingAfterCancel,
        .subscriptionFirst, .endCancels, .secondSubscriptionCancelled, .subscriptionOnce, .boundedRecursion,
        .requestAfterCancel, .cancelTwice, .demandNotLost, .zeroRequestRefused, .cancelReleases, .demandSaturates,
    ]

    // The first rule that `actual` breaks and `expected` (the library's trace) does not.
    public static func firstBroken(in actual: [String], keptBy expected: [String]) -> DemandRule? {
        let expectedBreaks = Set(broken(in: expected).map(\.number))
        if let rule = broken(in: actual).first(where: { !expectedBreaks.contains($0.number) }) { return rule }
        return losesDemand(actual, expected) ? .demandNotLost : nil
    }

    // Every rule the trace breaks, in the order it breaks them.
    static func broken(in trace: [String]) -> [DemandRule] {
        var rules: [DemandRule] = []
        _ = replay(trace) { rules += $0.filter { !rules.contains($0) } }
        return rules
    }

    // A subscriber still waiting with demand outstanding, never ended or cancelled, that got
    // fewer elements than the library's trace gives it.
    static func losesDemand(_ actual: [String], _ expected: [String]) -> Bool {
        let (mine, theirs) = (replay(actual) { _ in }, replay(expected) { _ in })
        return mine.contains { name, state in
            state.outstanding > 0 && !state.ended && !state.cancelled
                && state.elements < (theirs[name]?.elements ?? 0)
        }
    }

    // Each subscriber's state at the end of the trace; `broke` hears each entry's broken rules.
    private static func replay(_ trace: [String], broke: ([DemandRule]) -> Void) -> [String: SubscriberState] {
        var subscribers: [String: SubscriberState] = [:]
        for entry in trace {
            let words = entry.split(separator: " ").map(String.init)
            guard words.count >= 3, ["sub", "sink", "assign"].contains(words[0]), Int(words[1]) != nil else {
                continue
            }
            let name = words[0] + " " + words[1]
            let asksItself = words[0] == "sub"
            var state = subscribers[name] ?? SubscriberState(outstanding: asksItself ? 0 : .max)
            broke(state.apply(words[2], value: words.count > 3 ? words[3] : nil, countsDemand: asksItself))
            subscribers[name] = state
        }
        return subscribers
    }

    private struct SubscriberState {
        var outstanding: Int
        var subscribed = false
        var receiving = 0
        var requestedWhileReceiving = false
        var cancelled = false
        var requestedSinceCancel = false
        var ended = false
        var elements = 0

        mutating func apply(_ verb: String, value: String?, countsDemand: Bool) -> [DemandRule] {
            var broken: [DemandRule] = []
            let isElement = verb == "receive" || verb == "value"
            let arrives = isElement || verb == "finished" || verb.hasPrefix("failure(")
            if arrives {
                // `sink` and `assign` show no subscription: they ask for everything on it.
                if countsDemand && !subscribed { broken.append(.subscriptionFirst) }
                if ended { broken.append(.nothingAfterTerminal) }
                if receiving > 0 {
                    broken.append(isElement && requestedWhileReceiving ? .boundedRecursion : .oneAtATime)
                }
            }
            // Combine may still finish a subscription cancelled during its last element.
            if cancelled && isElement {
                broken.append(requestedSinceCancel ? .requestAfterCancel : .nothingAfterCancel)
            }
            switch verb {
            case "subscription":
                if subscribed { broken.append(.subscriptionOnce) }
                subscribed = true
            case "requests":
                outstanding = adding(outstanding, value)
                if receiving > 0 { requestedWhileReceiving = true }
                if cancelled { requestedSinceCancel = true }
            case "returns":
                receiving = max(0, receiving - 1)
                if receiving == 0 { requestedWhileReceiving = false }
                outstanding = adding(outstanding, value)
            case "cancels": cancelled = true
            case "receive", "value":
                elements += 1
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
