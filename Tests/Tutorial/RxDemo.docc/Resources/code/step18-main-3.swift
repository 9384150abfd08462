// MARK: - Demo

// Prints every call it gets under its name; asks `initial` at subscription, and returns
// `each` from every `receive`.
enum DemoError: Error { case broken }

// What the demo's sinks return, kept until the end.
var kept = Set<AnyCancellable>()

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

print("1. flatMap(maxPublishers: .max(1)): one child at a time; what the upstream was not asked for is dropped.")
let ids = PassthroughSubject<Int, Never>()
var responses: [Int: PassthroughSubject<Int, Never>] = [:]
let one = Printer("a", initial: .unlimited)
ids.flatMap(maxPublishers: .max(1)) { id -> PassthroughSubject<Int, Never> in
    print("  child \(id) made")
    let response = PassthroughSubject<Int, Never>()
    responses[id] = response
    return response
}.subscribe(one)
for id in [1, 2] {
    print("  ids.send(\(id))")
    ids.send(id)
}
print("  b asks for one more; 2 is gone")
slow.subscription?.request(.max(1))
print("  send(3)")
subject.send(3)
subject.send(completion: .finished)

print("2. A CurrentValueSubject hands its value over at the first request, not at subscription.")
let current = CurrentValueSubject<Int, Never>(10)
let late = Printer("c", initial: .none)
current.subscribe(late)
current.value = 20
print("  c asks for one")
late.subscription?.request(.max(1))

print("3. share(): one subscription upstream; the second subscriber, late, misses the first value.")
let upstream = PassthroughSubject<Int, Never>()
let shared = upstream.map { $0 * 10 }.share()
shared.subscribe(Printer("d", initial: .unlimited))
upstream.send(1)
shared.subscribe(Printer("e", initial: .unlimited))
upstream.send(2)

print("4. multicast: subscribers attach first; nothing flows before connect().")
let multicast = [1, 2].publisher.multicast(subject: PassthroughSubject<Int, Never>())
multicast.subscribe(Printer("f", initial: .unlimited))
print("  connect()")
let connection = multicast.connect()
withExtendedLifetime(connection) {}
