// The act's six programs in the async pull model, against Swift's AsyncStream (Swift 6.3.1).

// Makes 1, 2, … up to `last`, one each time it is asked.
final class Counter: @unchecked Sendable {
    private var n = 0
    let last: Int
    init(to last: Int) { self.last = last }
    func next() -> Int? {
        guard n < last else { return nil }
        n += 1
        print("sent \(n)")
        return n
    }
}

// 1. A slow subscriber: it can take two elements now.
func slowSubscriber() async {
    let counter = Counter(to: 5)
    let source = AsyncStream<Int> { counter.next() }
    var iterator = source.makeAsyncIterator()
    for _ in 1...2 {
        print("asks 1")
        if let n = await iterator.next() { print("got \(n)") }
    }
}

// 2. share: B starts after the first element and can take one. Each one's events are printed
// together at the end, as in the other two models.
func share() async {
    // A class: the map's closure is @Sendable, and may not change a captured var.
    final class Log: @unchecked Sendable {
        var lines: [String: [String]] = [:]
        func add(_ who: String, _ what: String) { lines[who, default: []].append(what) }
    }
    let log = Log()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let mapped = stream.map { n -> Int in
        log.add("map", "\(n)")
        return n
    }
    var a = mapped.makeAsyncIterator()
    continuation.yield(1)
    if let n = await a.next() { log.add("A", "\(n)") }
    var b = mapped.makeAsyncIterator()
    continuation.yield(2)
    continuation.yield(3)
    continuation.finish()
    if let n = await b.next() { log.add("B", "\(n)") }
    while let n = await a.next() { log.add("A", "\(n)") }
    log.add("A", "finished")
    for who in ["map", "A", "B"] { print("\(who): " + (log.lines[who] ?? []).joined(separator: ", ")) }
}

// 3. A flatMap of requests: each id starts a request, and the loop awaits its answer.
func flatMapOfRequests() async {
    func request(_ id: Int) async -> String {
        print("start \(id)")
        return "response \(id)"
    }
    let (ids, continuation) = AsyncStream.makeStream(of: Int.self)
    for id in 1...3 { continuation.yield(id) }
    continuation.finish()
    for await id in ids {
        print("got \(await request(id))")
    }
    print("finished")
}

// 4. A full buffer: five elements at once, a buffer of two, read after they were sent.
func fullBuffer() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingOldest(2))
    for n in 1...5 {
        print("send \(n)")
        if case .dropped(let dropped) = continuation.yield(n) { print("dropped \(dropped)") }
    }
    continuation.finish()
    for await n in stream { print("got \(n)") }
}

// 5. Latest only: each query's request is awaited before the next query is read.
func latestOnly() async {
    func search(_ query: String) async -> String {
        print("start \(query)")
        print("answer \(query)")
        return "results for \(query)"
    }
    let (queries, continuation) = AsyncStream.makeStream(of: String.self)
    continuation.yield("a")
    continuation.yield("ab")
    continuation.finish()
    for await query in queries {
        print("got \(await search(query))")
    }
}

// 6. A subject fed faster than it is read: three elements, read after they were sent.
func subjectFedFast() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for n in 1...3 {
        print("send \(n)")
        continuation.yield(n)
    }
    continuation.finish()
    for await n in stream { print("got \(n)") }
}

let programs: [(String, () async -> Void)] = [
    ("slow subscriber", slowSubscriber), ("share", share), ("flatMap of requests", flatMapOfRequests),
    ("full buffer", fullBuffer), ("latest only", latestOnly), ("subject fed fast", subjectFedFast),
]
for (name, program) in programs {
    print("== \(name)")
    await program()
}
