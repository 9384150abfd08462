// The act's six programs in Combine's demand model, against OpenCombine.
import OpenCombine

// A subscriber that asks for `initial` elements when it subscribes, and for more when told.
final class Taker<Input>: Subscriber {
    typealias Failure = Never
    let name: String
    let initial: Subscribers.Demand
    var subscription: Subscription?
    var log: ((String) -> Void)?

    init(_ name: String, asks initial: Subscribers.Demand, log: ((String) -> Void)? = nil) {
        self.name = name
        self.initial = initial
        self.log = log
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        ask(initial)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        say("got \(input)")
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        say("finished")
    }

    func ask(_ demand: Subscribers.Demand) {
        if log == nil { print(name.isEmpty ? "asks \(demand)" : "\(name) asks \(demand)") }
        subscription?.request(demand)
    }

    private func say(_ what: String) {
        if let log { log(what) } else { print(name.isEmpty ? what : "\(name) \(what)") }
    }
}

// 1. A slow subscriber: it can take two elements now.
func slowSubscriber() {
    // handleEvents, not map: a sequence's own map runs over the whole sequence at once.
    let source = (1...5).publisher.handleEvents(receiveOutput: { print("sent \($0)") })
    source.subscribe(Taker<Int>("", asks: .max(2)))
}

// 2. share: B subscribes after the first element and can take one. Each one's events are
// printed together at the end (OpenCombine tells its subscribers in an order that varies).
func share() {
    var log: [String: [String]] = [:]
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.map { n -> Int in
        log["map", default: []].append("\(n)")
        return n
    }.share()
    let a = shared.sink(
        receiveCompletion: { _ in log["A", default: []].append("finished") },
        receiveValue: { log["A", default: []].append("\($0)") })
    subject.send(1)
    let b = Taker<Int>("B", asks: .max(1)) { log["B", default: []].append(String($0.split(separator: " ").last!)) }
    shared.subscribe(b)
    subject.send(2)
    subject.send(3)
    subject.send(completion: .finished)
    for who in ["map", "A", "B"] { print("\(who): " + (log[who] ?? []).joined(separator: ", ")) }
    a.cancel()
}

// 3. A flatMap of requests: each id starts a request, answered when the program says so.
func flatMapOfRequests() {
    var pending: [(id: Int, subject: PassthroughSubject<String, Never>)] = []
    func request(_ id: Int) -> Deferred<PassthroughSubject<String, Never>> {
        Deferred {
            print("start \(id)")
            let subject = PassthroughSubject<String, Never>()
            pending.append((id, subject))
            return subject
        }
    }
    let c = [1, 2, 3].publisher.flatMap(maxPublishers: .max(1)) { request($0) }
        .sink(receiveCompletion: { _ in print("finished") }, receiveValue: { print("got \($0)") })
    while !pending.isEmpty {
        let (id, subject) = pending.removeFirst()
        subject.send("response \(id)")
        subject.send(completion: .finished)
    }
    c.cancel()
}

// 4. A full buffer: five elements at once, to a subscriber that can take one now.
func fullBuffer() {
    let subject = PassthroughSubject<Int, Never>()
    let taker = Taker<Int>("", asks: .max(1))
    subject.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(taker)
    for n in 1...5 {
        print("send \(n)")
        subject.send(n)
    }
    taker.ask(.max(4))
}

// 5. Latest only: a new query replaces the request of the one before.
func latestOnly() {
    let queries = PassthroughSubject<String, Never>()
    var pending: [String: PassthroughSubject<String, Never>] = [:]
    func search(_ query: String) -> AnyPublisher<String, Never> {
        Deferred { () -> PassthroughSubject<String, Never> in
            print("start \(query)")
            let subject = PassthroughSubject<String, Never>()
            pending[query] = subject
            return subject
        }.handleEvents(receiveCancel: { print("cancel \(query)") }).eraseToAnyPublisher()
    }
    let c = queries.map { search($0) }.switchToLatest().sink { print("got \($0)") }
    queries.send("a")
    queries.send("ab")
    print("answer a")
    pending["a"]?.send("results for a")
    print("answer ab")
    pending["ab"]?.send("results for ab")
    c.cancel()
}

// 6. A subject fed faster than it is read: three elements, a subscriber that takes one now.
func subjectFedFast() {
    let subject = PassthroughSubject<Int, Never>()
    let taker = Taker<Int>("", asks: .max(1))
    subject.subscribe(taker)
    for n in 1...3 {
        print("send \(n)")
        subject.send(n)
    }
    taker.ask(.max(2))
}

for (name, program) in [
    ("slow subscriber", slowSubscriber), ("share", share), ("flatMap of requests", flatMapOfRequests),
    ("full buffer", fullBuffer), ("latest only", latestOnly), ("subject fed fast", subjectFedFast),
] {
    print("== \(name)")
    program()
}
