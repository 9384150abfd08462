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

    init(_ name: String, initial: Subscribers.Demand, each: Subscribers.Demand = .none) {
        self.name = name
        self.initial = initial
        self.each = each
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        guard initial > 0 else {
            print("  \(name): receive(subscription: \(subscription)), asks for nothing yet")
            return
        }
        print("  \(name): receive(subscription: \(subscription)), request(\(initial))")
        subscription.request(initial)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        print("  \(name): receive(\(input)), returns \(each)")
        return each
    }

    func receive(completion: Subscribers.Completion<Never>) {
        print("  \(name): receive(completion: \(completion))")
    }
}

print("1. A PassthroughSubject drops a value for a subscriber that has not asked for one.")
let subject = PassthroughSubject<Int, Never>()
let eager = Printer("a", initial: .unlimited)
let slow = Printer("b", initial: .max(1))
subject.subscribe(eager)
subject.subscribe(slow)
for value in [1, 2] {
    print("  send(\(value))")
    subject.send(value)
}
print("  b asks for one more; 2 is gone")
slow.subscription?.request(.max(1))
print("  send(3)")
subject.send(3)
subject.send(completion: .finished)

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
