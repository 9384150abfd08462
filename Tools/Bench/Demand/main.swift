import Foundation

// The half of `make bench` that knows the demand act's API (Combine's, as OpenCombine spells
// it), compiled with a step of the act instead of Tools/Bench/main.swift. The same file with
// `import OpenCombine` on top, in a scratch package outside the repository, gave the figures
// for OpenCombine that `make bench-instructions` prints beside the step's
// (Tests/Generated/OpenCombine-bench.txt).

let step = "RxDemo" + (ProcessInfo.processInfo.environment["RXDEMO_BENCH"] ?? "??")

// Asks for one element at a time: `.max(1)` first, and `.max(1)` back from each `receive`.
final class OneAtATime: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    func receive(subscription: Subscription) { subscription.request(.max(1)) }
    func receive(_ input: Int) -> Subscribers.Demand {
        checksum &+= input
        return .max(1)
    }
    func receive(completion: Subscribers.Completion<Never>) {}
}

// `count` elements through `maps` maps to a subscriber that asks for everything (`sink`) or
// for one at a time. Deferred, so that each map is a Publishers.Map: a sequence maps itself
// at once. Each chain is written out, so that the optimiser sees the types it runs.
func run(_ count: Int, maps: Int, oneAtATime: Bool) {
    let source = Deferred { (0..<count).publisher }
    func subscribe<P: Publisher>(_ publisher: P) where P.Output == Int, P.Failure == Never {
        if oneAtATime {
            publisher.subscribe(OneAtATime())
        } else {
            _ = publisher.sink { checksum &+= $0 }
        }
    }
    switch maps {
    case 0: subscribe(source)
    case 1: subscribe(source.map { $0 &+ 1 })
    case 2: subscribe(source.map { $0 &+ 1 }.map { $0 &+ 1 })
    default: subscribe(source.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 })
    }
}

// `count` subscriptions, one after another, each to a `Just(1)` through `maps` maps: the
// subscription made, its one element and `finished`, and everything freed.
func subscribeOneByOne(_ count: Int, maps: Int) {
    let source = Deferred { Just(1) }
    for _ in 0..<count {
        switch maps {
        case 0: _ = source.sink { checksum &+= $0 }
        case 1: _ = source.map { $0 &+ 1 }.sink { checksum &+= $0 }
        default: _ = source.map { $0 &+ 1 }.map { $0 &+ 1 }.sink { checksum &+= $0 }
        }
    }
}

let demandMaps = [0, 1, 4]
let elements = 100_000
let demandHeader = [
    "ns per element, per subscription", "0 maps", "1 map", "4 maps", "0 maps, .max(1)", "4 maps, .max(1)",
    "subscribe+1+done", "allocs",
]
let demandWidths = [32, 10, 10, 10, 16, 16, 16, 6]

#if !RXDEMO16
    // From step 17: `count` values sent into a PassthroughSubject, to `sinks` sinks that ask for
    // everything, straight from the subject or through `share()`.
    func sendThroughSubject(_ count: Int, sinks: Int, shared: Bool) {
        let subject = PassthroughSubject<Int, Never>()
        func subscribe<P: Publisher>(_ publisher: P) -> [AnyCancellable] where P.Output == Int, P.Failure == Never {
            (0..<sinks).map { _ in publisher.sink { checksum &+= $0 } }
        }
        let kept = shared ? subscribe(subject.share()) : subscribe(subject)
        for value in 0..<count { subject.send(value) }
        withExtendedLifetime(kept) {}
    }

    // `count` subscribers that come to one subject and cancel.
    func comeAndCancel(_ count: Int) {
        let subject = PassthroughSubject<Int, Never>()
        for _ in 0..<count { subject.sink { checksum &+= $0 }.cancel() }
    }

    let subjectWorkloads: [String: (Int) -> Void] = [
        "PassthroughSubject per element, 1 sink": { sendThroughSubject($0, sinks: 1, shared: false) },
        "PassthroughSubject per element, 4 sinks": { sendThroughSubject($0, sinks: 4, shared: false) },
        "share() per element, 2 sinks": { sendThroughSubject($0, sinks: 2, shared: true) },
        "PassthroughSubject per sink that comes and cancels": { comeAndCancel($0) },
    ]
#else
    let subjectWorkloads: [String: (Int) -> Void] = [:]
#endif

#if !RXDEMO16 && !RXDEMO17
    // From step 18: `count` children, one per element of a sequence, each a `Just` of it,
    // through `flatMap` to a sink: a child's subscription made, its element passed on, its
    // `finished` and everything freed. With `.max(1)`, one child at a time, each asking the
    // sequence for the next.
    func flatMapChildren(_ count: Int, maxPublishers: Subscribers.Demand) {
        _ = (0..<count).publisher.flatMap(maxPublishers: maxPublishers) { Just($0) }.sink { checksum &+= $0 }
    }

    let flatMapWorkloads: [String: (Int) -> Void] = [
        "flatMap per child, .unlimited": { flatMapChildren($0, maxPublishers: .unlimited) },
        "flatMap per child, .max(1)": { flatMapChildren($0, maxPublishers: .max(1)) },
    ]
#else
    let flatMapWorkloads: [String: (Int) -> Void] = [:]
#endif

#if !RXDEMO16 && !RXDEMO17 && !RXDEMO18
    // From step 19: the same children through `map` and `switchToLatest()`: each element's
    // `Just` replaces the one before, which has already finished.
    func latestChildren(_ count: Int) {
        _ = (0..<count).publisher.map { Just($0) }.switchToLatest().sink { checksum &+= $0 }
    }

    let switchToLatestWorkloads: [String: (Int) -> Void] = ["switchToLatest per child": { latestChildren($0) }]
#else
    let switchToLatestWorkloads: [String: (Int) -> Void] = [:]
#endif

#if !RXDEMO16 && !RXDEMO17 && !RXDEMO18 && !RXDEMO19
    // From step 20: a sequence through a buffer that keeps itself full, to a subscriber that asks
    // for one element at a time: each element stored, sent on, and asked for again upstream.
    func bufferedOneAtATime(_ count: Int) {
        (0..<count).publisher.buffer(size: 8, prefetch: .keepFull, whenFull: .dropNewest).subscribe(OneAtATime())
    }

    let bufferWorkloads: [String: (Int) -> Void] = ["buffer per element, .max(1)": { bufferedOneAtATime($0) }]
#else
    let bufferWorkloads: [String: (Int) -> Void] = [:]
#endif

#if !RXDEMO16 && !RXDEMO17 && !RXDEMO18 && !RXDEMO19 && !RXDEMO20
    // From step 21: a sequence merged with a publisher that sends nothing, to a sink (everything
    // asked for at once) or to a subscriber that asks for one element at a time.
    func merged(_ count: Int, oneAtATime: Bool) {
        let publisher = (0..<count).publisher.merge(with: Empty<Int, Never>(completeImmediately: false))
        if oneAtATime {
            publisher.subscribe(OneAtATime())
        } else {
            _ = publisher.sink { checksum &+= $0 }
        }
    }

    let mergeWorkloads: [String: (Int) -> Void] = [
        "merge per element, .unlimited": { merged($0, oneAtATime: false) },
        "merge per element, .max(1)": { merged($0, oneAtATime: true) },
    ]
#else
    let mergeWorkloads: [String: (Int) -> Void] = [:]
#endif

// For `make bench-instructions`: each workload `count` times, run once under callgrind.
let demandWorkloads: [String: (Int) -> Void] = [
    "demand .max(1) per element, 0 maps": { run($0, maps: 0, oneAtATime: true) },
    "demand .max(1) per element, 4 maps": { run($0, maps: 4, oneAtATime: true) },
].merging(subjectWorkloads) { $1 }.merging(flatMapWorkloads) { $1 }.merging(switchToLatestWorkloads) { $1 }
    .merging(bufferWorkloads) { $1 }.merging(mergeWorkloads) { $1 }

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--header" {
    printRow(demandHeader, widths: demandWidths)
    printRow(demandWidths.map { String(repeating: "-", count: $0) }, widths: demandWidths)
} else if arguments.first == "--baseline" {
    printLine(
        "(no baseline for the demand act: make bench-instructions STEP=16 prints OpenCombine's figures beside the step's)"
    )
} else if arguments.first == "--events", arguments.count == 3, let maps = Int(arguments[1]),
    let count = Int(arguments[2])
{
    // One pass, no timing: for instruction counts under `valgrind --tool=callgrind`.
    silenceStepOutput()
    run(count, maps: maps, oneAtATime: false)
} else if arguments.first == "--subscriptions", arguments.count == 3, let maps = Int(arguments[1]),
    let count = Int(arguments[2])
{
    silenceStepOutput()
    subscribeOneByOne(count, maps: maps)
} else if arguments.first == "--workloads" {
    demandWorkloads.keys.sorted().forEach { print($0) }
} else if arguments.first == "--workload", arguments.count == 3, let workload = demandWorkloads[arguments[1]],
    let count = Int(arguments[2])
{
    silenceStepOutput()
    workload(count)
} else {
    silenceStepOutput()
    var row = [step + (arguments.first.map { " (\($0))" } ?? "")]
    for maps in demandMaps {
        row.append(cell(measure(elements) { run(elements, maps: maps, oneAtATime: false) }))
    }
    for maps in [0, 4] {
        row.append(cell(measure(elements) { run(elements, maps: maps, oneAtATime: true) }))
    }
    row.append(cell(measure(subscriptions) { subscribeOneByOne(subscriptions, maps: 0) }))
    row.append(allocationCell(allocationsPer(subscriptions) { subscribeOneByOne(subscriptions, maps: 0) }))
    printRow(row, widths: demandWidths)
}
