// The half of `make bench` that knows a step's API: a source that sends `count` events
// while it is being subscribed to, `map`, and `subscribe`. Compiled with one step's files,
// chosen by RXDEMO_BENCH (Package.swift defines RXDEMO01 … RXDEMO06).

#if RXDEMO01
    let step = "RxDemo01"
    func source(sending count: Int) -> Observable<Int> {
        Observable<Int> { observer in
            for value in 0..<count { observer.on(event: .next(value)) }
            observer.on(event: .completed)
        }
    }
#elseif RXDEMO02 || RXDEMO03 || RXDEMO04
    #if RXDEMO02
        let step = "RxDemo02"
    #elseif RXDEMO03
        let step = "RxDemo03"
    #else
        let step = "RxDemo04"
    #endif
    func source(sending count: Int) -> Observable<Int> {
        Observable<Int> { observer in
            for value in 0..<count { observer.on(event: .next(value)) }
            observer.on(event: .completed)
            return AnonymousDisposable {}
        }
    }
#else
    #if RXDEMO05
        let step = "RxDemo05"
    #else
        let step = "RxDemo06"
    #endif
    func source(sending count: Int) -> Observable<Int> {
        Observable<Int>.create { observer in
            for value in 0..<count { observer.on(event: .next(value)) }
            observer.on(event: .completed)
            return AnonymousDisposable {}
        }
    }
#endif

func subscribeCounting(_ observable: Observable<Int>) {
    let observer = Observer<Int> { event in
        if case .next(let value) = event { checksum &+= value }
    }
    #if RXDEMO01
        observable.subscribe(observer: observer)
    #else
        _ = observable.subscribe(observer: observer)
    #endif
}

#if RXDEMO04 || RXDEMO05 || RXDEMO06
    func mapped(_ observable: Observable<Int>, _ maps: Int) -> Observable<Int>? {
        var chain = observable
        for _ in 0..<maps { chain = chain.map { $0 &+ 1 } }
        return chain
    }
    func demoChain(_ observable: Observable<Int>) -> Observable<Int>? { observable.map { $0 * 2 }.map { $0 + 1 } }
#else
    func mapped(_ observable: Observable<Int>, _ maps: Int) -> Observable<Int>? { maps == 0 ? observable : nil }
    func demoChain(_ observable: Observable<Int>) -> Observable<Int>? { nil }
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--header" {
    printRow(header)
    printRow(widths.map { String(repeating: "-", count: $0) })
} else if arguments.first == "--baseline" {
    baselineRows()
} else if arguments.first == "--events", arguments.count == 3, let maps = Int(arguments[1]),
    let count = Int(arguments[2])
{
    // One pass, no timing: for instruction counts under `valgrind --tool=callgrind`.
    silenceStepOutput()
    if let chain = mapped(source(sending: count), maps) { subscribeCounting(chain) }

} else {
    silenceStepOutput()
    var row = [step + (arguments.first.map { " (\($0))" } ?? "")]
    for maps in mapCounts {
        let count = events(through: maps)
        row.append(
            cell(mapped(source(sending: count), maps).map { chain in measure(count) { subscribeCounting(chain) } }))
    }
    // Subscriptions one after another, each to a source that sends one element and completes.
    let single = source(sending: 1)
    row.append(cell(measure(subscriptions) { for _ in 0..<subscriptions { subscribeCounting(single) } }))
    row.append(
        allocationCell(allocationsPer(subscriptions) { for _ in 0..<subscriptions { subscribeCounting(single) } }))
    if let chain = demoChain(single) {
        row.append(cell(measure(subscriptions) { for _ in 0..<subscriptions { subscribeCounting(chain) } }))
        row.append(
            allocationCell(allocationsPer(subscriptions) { for _ in 0..<subscriptions { subscribeCounting(chain) } }))
    } else {
        row += ["—", "—"]
    }
    printRow(row)
}
