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

// A publisher that says what it is asked for, and sends its next number for each, three in all.
// (`Swift.print`: inside a publisher, Combine's `print()` operator would be found first.)
final class Counter: Publisher, Subscription {
    typealias Output = Int
    typealias Failure = Never

    private let name: String
    private var next: Int
    private let last: Int
    private var deliver: ((Int) -> Subscribers.Demand)?

    init(_ name: String, from first: Int) {
        self.name = name
        next = first
        last = first + 2
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        deliver = subscriber.receive(_:)
        subscriber.receive(subscription: self)
    }

    func request(_ demand: Subscribers.Demand) {
        Swift.print("  \(name): asked for \(demand)")
        var demand = demand
        while demand > 0, next <= last, let deliver {
            Swift.print("  \(name): sends \(next)")
            next += 1
            demand -= 1
            demand += deliver(next - 1)
        }
    }

    func cancel() {
        Swift.print("  \(name): cancelled")
        deliver = nil
    }
}
