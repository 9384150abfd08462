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

print("2. A slow subscriber: the children's elements wait in flatMap's buffer until it asks.")
let slow = Printer("b", initial: .max(1))
[1, 2].publisher.flatMap { [$0 * 10 + 1, $0 * 10 + 2].publisher }.subscribe(slow)
print("  b asks for two more")
slow.subscription?.request(.max(2))
print("  b asks for everything")
slow.subscription?.request(.unlimited)

print("3. A child that fails ends the whole stream; the other children are cancelled.")
let failing = PassthroughSubject<Int, DemoError>()
var children: [PassthroughSubject<Int, DemoError>] = []
failing.flatMap { _ -> PassthroughSubject<Int, DemoError> in
    let child = PassthroughSubject<Int, DemoError>()
    children.append(child)
    return child
}.sink(
    receiveCompletion: { completion in
        guard case .failure(let error) = completion else { return print("  c: finished") }
        print("  c: failure(\(error))")
    }, receiveValue: { print("  c: \($0)") }
).store(in: &kept)
failing.send(1)
failing.send(2)
children[0].send(1)
print("  child 2 fails")
children[1].send(completion: .failure(.broken))
print("  child 1 sends again: nobody listens")
children[0].send(2)
