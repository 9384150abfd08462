// MARK: - Demo

// Prints every call it gets under its name; asks `initial` at subscription, and returns
// `each` from every `receive`.
final class Printer: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    let name: String
    let initial: Subscribers.Demand
    let each: Subscribers.Demand
    private(set) var subscription: Subscription?

    init(requestsInsideReceive: Bool = false) {
        self.requestsInsideReceive = requestsInsideReceive
    }

    func receive(subscription: Subscription) {
        print("  receive(subscription: \(subscription)), request(.max(1))")
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        depth += 1
        defer { depth -= 1 }
        print("  receive(\(input)), depth \(depth)")
        guard requestsInsideReceive else { return .max(1) }
        subscription?.request(.max(1))  // only counted: the sequence sends once this returns
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        print("  receive(completion: \(completion))")
        subscription = nil
    }
}

print("1. Nothing flows before a request; each `.max(1)` that receive returns asks for one more.")
[1, 2, 3].publisher.map { $0 * 10 }.subscribe(OneAtATime())

print("2. sink asks for everything at once.")
_ = Just("hello").sink(receiveCompletion: { print("  \($0)") }, receiveValue: { print("  \($0)") })

print("3. Future: the result waits for it; a late subscriber gets it when it asks.")
var fulfil: Future<Int, Never>.Promise?
let future = Future<Int, Never> { promise in fulfil = promise }
future.subscribe(OneAtATime())
print("  fulfil(.success(42))")
fulfil?(.success(42))
future.subscribe(OneAtATime())

print("4. A request from inside receive is queued, not recursed: the depth stays 1.")
[1, 2, 3].publisher.subscribe(OneAtATime(requestsInsideReceive: true))
