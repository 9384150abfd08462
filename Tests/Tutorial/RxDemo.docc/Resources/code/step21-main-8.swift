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

print("1. merge: the elements of both publishers, in the order they come; finished when both have.")
let left = PassthroughSubject<Int, Never>()
let right = PassthroughSubject<Int, Never>()
let merged = Printer<Never>("a", initial: .unlimited)
left.merge(with: right).subscribe(merged)
left.send(1)
right.send(10)
left.send(2)
left.send(completion: .finished)
print("  left has finished; right has not")
right.send(20)
right.send(completion: .finished)

print("2. Under demand: each publisher is asked for one element at a time; one that comes unasked waits.")
let slow = Printer<Never>("b", initial: .max(1))
Counter("ones", from: 1).merge(with: Counter("tens", from: 11)).subscribe(slow)
print("  b asks for two")
slow.subscription?.request(.max(2))

print("3. A failure from either publisher cancels the other and ends the merge.")
let healthy = PassthroughSubject<Int, DemoError>()
let failing = PassthroughSubject<Int, DemoError>()
let ended = Printer<DemoError>("c", initial: .unlimited)
healthy.merge(with: failing).subscribe(ended)
healthy.send(1)
failing.send(completion: .failure(.broken))
print("  healthy sends 2: nobody is subscribed")
healthy.send(2)
