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

print("1. switchToLatest: each query's publisher replaces the one before, which is cancelled.")
let queries = PassthroughSubject<String, Never>()
var answers: [String: PassthroughSubject<String, Never>] = [:]
queries.map { query -> PassthroughSubject<String, Never> in
    print("  search \"\(query)\" starts")
    let answer = PassthroughSubject<String, Never>()
    answers[query] = answer
    return answer
}.switchToLatest().sink { print("  a: \($0)") }.store(in: &kept)
queries.send("s")
queries.send("sw")
print("  the answer for \"s\" comes late: nobody listens")
answers["s"]?.send("results for s")
answers["sw"]?.send("results for sw")

print("2. Demand carries over: a new child is asked for what the subscriber asked and did not get.")
let numbers = PassthroughSubject<Int, Never>()
let slow = Printer("b", initial: .max(2))
numbers.map { [$0 * 10 + 1, $0 * 10 + 2, $0 * 10 + 3].publisher }.switchToLatest().subscribe(slow)
print("  numbers.send(1)")
numbers.send(1)
print("  numbers.send(2): child 1 is cancelled with 13 unsent; b has asked for nothing more")
numbers.send(2)
print("  b asks for one more")
slow.subscription?.request(.max(1))

print("3. The upstream finishes: the downstream finishes when the latest child does.")
let outer = PassthroughSubject<Int, DemoError>()
var inners: [PassthroughSubject<Int, DemoError>] = []
outer.map { _ -> PassthroughSubject<Int, DemoError> in
    let inner = PassthroughSubject<Int, DemoError>()
    inners.append(inner)
    return inner
}.switchToLatest().sink(
    receiveCompletion: { completion in
        guard case .failure(let error) = completion else { return print("  c: finished") }
        print("  c: failure(\(error))")
    }, receiveValue: { print("  c: \($0)") }
).store(in: &kept)
outer.send(1)
print("  the upstream finishes")
outer.send(completion: .finished)
inners[0].send(1)
print("  the child finishes")
inners[0].send(completion: .finished)
