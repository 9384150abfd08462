// MARK: - Demo

// Prints every call it gets, and asks for one value at a time: by what `receive` returns,
// or by calling `request` from inside `receive`.
final class OneAtATime: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    let requestsInsideReceive: Bool
    private var subscription: Subscription?
    private var depth = 0  // how many `receive` calls are on the stack

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
