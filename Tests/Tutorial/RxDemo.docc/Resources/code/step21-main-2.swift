// MARK: - Demo

// Prints every call it gets under its name; asks `initial` at subscription, and returns
// `each` from every `receive`.
enum DemoError: Error { case broken }

final class Printer<Failure: Error>: Subscriber {
    typealias Input = Int

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

    func receive(completion: Subscribers.Completion<Failure>) {
        guard case .failure(let error) = completion else { return print("  \(name): receive(completion: finished)") }
        print("  \(name): receive(completion: failure(\(error)))")
    }
}

// A publisher that says what it is asked for, and sends the next number for each.
// (`Swift.print`: inside a publisher, Combine's `print()` operator would be found first.)
final class Counter: Publisher, Subscription {
    typealias Output = Int
    typealias Failure = Never

    private var next = 1
    private var deliver: ((Int) -> Subscribers.Demand)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        deliver = subscriber.receive(_:)
        subscriber.receive(subscription: self)
    }

    func request(_ demand: Subscribers.Demand) {
        Swift.print("  counter: asked for \(demand)")
        var demand = demand
        while demand > 0, next <= 6, let deliver {
            Swift.print("  counter: sends \(next)")
            next += 1
            demand -= 1
            demand += deliver(next - 1)
        }
    }

    func cancel() { deliver = nil }
}

print("1. keepFull: the buffer asks for its size before the subscriber asks, then one more for each it sends on.")
let counted = Printer<Never>("a", initial: .none)
Counter().buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(counted)
print("  a asks for one")
counted.subscription?.request(.max(1))

print("2. byRequest asks for everything; a full buffer drops the newest element, or the oldest.")
for strategy in [Publishers.BufferingStrategy<Never>.dropNewest, .dropOldest] {
    let subject = PassthroughSubject<Int, Never>()
    let slow = Printer<Never>(strategy.name, initial: .max(1))
    subject.buffer(size: 2, prefetch: .byRequest, whenFull: strategy).subscribe(slow)
    print("  send 1 … 5")
    (1...5).forEach { subject.send($0) }
    print("  \(strategy.name) asks for everything left")
    slow.subscription?.request(.unlimited)
}

print("3. customError: the upstream is cancelled when the buffer is full; the subscriber hears it when it asks.")
let subject = PassthroughSubject<Int, DemoError>()
let late = Printer<DemoError>("c", initial: .none)
subject.buffer(size: 1, prefetch: .byRequest, whenFull: .customError { .full }).subscribe(late)
print("  send 1, 2")
subject.send(1)
subject.send(2)
print("  c asks for five")
late.subscription?.request(.max(5))

extension Publishers.BufferingStrategy {
    var name: String {
        switch self {
        case .dropNewest: "dropNewest"
        case .dropOldest: "dropOldest"
        case .customError: "customError"
        }
    }
}
