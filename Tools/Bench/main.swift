import Foundation

// The half of `make bench` that knows a step's API: a source that sends `count` events
// while it is being subscribed to, `map`, and `subscribe`. Compiled with one step's files,
// chosen by RXDEMO_BENCH (Package.swift defines RXDEMO05 for step 05, and RXDEMO_SINCE_01 …
// RXDEMO_SINCE_05: "step 05 or later").

// The step's name, from the number the build was made for (the same variable, at run time).
let step = "RxDemo" + (ProcessInfo.processInfo.environment["RXDEMO_BENCH"] ?? "??")

#if RXDEMO01
    func source(sending count: Int) -> Observable<Int> {
        Observable<Int> { observer in
            for value in 0..<count { observer.on(event: .next(value)) }
            observer.on(event: .completed)
        }
    }
#elseif !RXDEMO_SINCE_05
    func source(sending count: Int) -> Observable<Int> {
        Observable<Int> { observer in
            for value in 0..<count { observer.on(event: .next(value)) }
            observer.on(event: .completed)
            return AnonymousDisposable {}
        }
    }
#elseif RXDEMO_SINCE_07
    func source(sending count: Int) -> Observable<Int> {
        Observable<Int>.create { observer in
            for value in 0..<count { observer.onNext(value) }
            observer.onCompleted()
            return Disposables.create()
        }
    }
#else
    func source(sending count: Int) -> Observable<Int> {
        Observable<Int>.create { observer in
            for value in 0..<count { observer.on(event: .next(value)) }
            observer.on(event: .completed)
            return AnonymousDisposable {}
        }
    }
#endif

#if RXDEMO_SINCE_07
    // The way apps subscribe from step 07 on.
    func subscribeCounting(_ observable: Observable<Int>) {
        _ = observable.subscribe(onNext: { checksum &+= $0 })
    }
#else
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
#endif

// What the second and third acts add, each in a line of its own under the step's row.
#if RXDEMO_SINCE_07
    func extraRows() {
        // A subscription that goes into a bag, and the bag freed: per subscription.
        let single = source(sending: 1)
        let bagged = measure(subscriptions) {
            var bag: DisposeBag? = DisposeBag()
            for _ in 0..<subscriptions { single.subscribe(onNext: { checksum &+= $0 }).disposed(by: bag!) }
            bag = nil
        }
        printLine("  \(step): subscribe+1+done into a DisposeBag, then free it: \(cell(bagged)) ns per subscription")
        #if RXDEMO_SINCE_08
            // One onNext to a PublishSubject with n subscribers: per event and per subscriber.
            for subscribers in [1, 10, 100] {
                let subject = PublishSubject<Int>()
                let bag = DisposeBag()
                for _ in 0..<subscribers { subject.subscribe(onNext: { checksum &+= $0 }).disposed(by: bag) }
                let count = 100_000 / subscribers
                let result = measure(count * subscribers) { for value in 0..<count { subject.onNext(value) } }
                printLine(
                    "  \(step): PublishSubject.onNext to \(subscribers) subscriber\(subscribers == 1 ? "" : "s"): \(cell(result)) ns per event and subscriber"
                )
            }
        #endif
        #if RXDEMO_SINCE_10
            // Each event hops to a serial queue (observe(on:)): per event, from the send to the
            // handler on the queue's thread.
            let hops = 100_000
            let hopped = measure(hops) {
                let done = DispatchSemaphore(value: 0)
                _ = source(sending: hops).observe(on: SerialDispatchQueueScheduler(internalSerialQueueName: "bench"))
                    .subscribe(onNext: { checksum &+= $0 }, onCompleted: { done.signal() })
                done.wait()
            }
            printLine("  \(step): observe(on: a serial queue): \(cell(hopped)) ns per event hop")
            // n items scheduled on virtual time, due in an order that is not the order of
            // scheduling, then run: per item, so that a cost growing faster than n shows as a
            // growing figure. One run each; the next size is skipped after a run over 1 s (it could take minutes).
            func scheduleAndRun(_ items: Int) -> Double {
                let scheduler = HistoricalScheduler()
                let elapsed = ContinuousClock().measure {
                    for item in 0..<items {
                        _ = scheduler.scheduleRelative(item, dueTime: .seconds((item * 7919) % 1000)) { value in
                            checksum &+= value
                            return Disposables.create()
                        }
                    }
                    scheduler.start()
                }
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            _ = scheduleAndRun(1_000)  // warm-up
            var cells: [String] = []
            for items in [1_000, 10_000, 100_000] {
                let seconds = scheduleAndRun(items)
                cells.append("\(items): \(String(format: "%.0f", seconds * 1e9 / Double(items))) ns")
                if seconds > 1 {
                    cells.append("larger sizes skipped (that run took \(String(format: "%.0f", seconds)) s)")
                    break
                }
            }
            printLine(
                "  \(step): n items scheduled on virtual time, then run, per item: " + cells.joined(separator: ", "))
        #endif
        #if RXDEMO_SINCE_11
            // What share() saves: 100 subscribers to one source whose elements come from a
            // subject. Without share, each subscription is a run of its own (its own subject
            // subscription and sink); with share(), one run feeds a bag of 100 observers.
            let upstream = PublishSubject<Int>()
            let cold = Observable<Int>.create { upstream.subscribe($0) }
            for (name, observable) in [("without share", cold), ("share()", cold.share())] {
                let bag = DisposeBag()
                for _ in 0..<100 { observable.subscribe(onNext: { checksum &+= $0 }).disposed(by: bag) }
                let delivered = measure(100_000) { for value in 0..<1_000 { upstream.onNext(value) } }
                let joined = measure(subscriptions) {
                    for _ in 0..<subscriptions { observable.subscribe(onNext: { checksum &+= $0 }).dispose() }
                }
                printLine(
                    "  \(step): 100 subscribers \(name): \(cell(delivered)) ns per element and subscriber; one more subscribes and leaves: \(cell(joined)) ns"
                )
            }
        #endif
        #if RXDEMO_SINCE_12
            // What an inner subscription costs: each element of a subject becomes `just(x)`
            // through flatMap (an inner subscribed, one element, completed, removed from the
            // group) or flatMapLatest (the same, through a SerialDisposable), against a map.
            let elements = PublishSubject<Int>()
            let ways: [(String, Observable<Int>)] = [
                ("map", elements.map { $0 &+ 1 }),
                ("flatMap { just }", elements.flatMap { Observable.just($0 &+ 1) }),
                ("flatMapLatest { just }", elements.flatMapLatest { Observable.just($0 &+ 1) }),
            ]
            for (name, observable) in ways {
                let subscription = observable.subscribe(onNext: { checksum &+= $0 })
                let perElement = measure(1_000) { for value in 0..<1_000 { elements.onNext(value) } }
                subscription.dispose()
                printLine("  \(step): \(name): \(cell(perElement)) ns per element")
            }
        #endif
        #if RXDEMO_SINCE_13
            // What a trait costs per subscription: the same one-element source subscribed as
            // an Observable, as a Single (a struct around it, and a stopped flag), and through
            // asSingle() (one more sink that holds the element until completed).
            let traitWays: [(String, () -> Disposable)] = [
                ("Observable.just, subscribe(onNext:)", { Observable.just(1).subscribe(onNext: { checksum &+= $0 }) }),
                ("Single.just, subscribe(onSuccess:)", { Single.just(1).subscribe(onSuccess: { checksum &+= $0 }) }),
                (
                    "Observable.just.asSingle(), subscribe(onSuccess:)",
                    { Observable.just(1).asSingle().subscribe(onSuccess: { checksum &+= $0 }) }
                ),
            ]
            for (name, subscribe) in traitWays {
                let perSubscription = measure(1_000) { for _ in 0..<1_000 { _ = subscribe() } }
                printLine("  \(step): \(name): \(cell(perSubscription)) ns per subscription")
            }
        #endif
        #if RXDEMO_SINCE_14
            // What a Driver adds per element to observe(on:) alone: its catch and its share.
            // Both deliver on one HistoricalScheduler, run after the sends.
            let clock = HistoricalScheduler()
            SharingScheduler.mock(scheduler: clock) {
                let upstream = PublishSubject<Int>()
                let ways: [(String, () -> Disposable)] = [
                    (
                        "observe(on:), subscribe(onNext:)",
                        { upstream.observe(on: clock).subscribe(onNext: { checksum &+= $0 }) }
                    ),
                    (
                        "asDriver(onErrorJustReturn:), drive(onNext:)",
                        { upstream.asDriver(onErrorJustReturn: 0).drive(onNext: { checksum &+= $0 }) }
                    ),
                ]
                for (name, subscribe) in ways {
                    let subscription = subscribe()
                    let perElement = measure(1_000) {
                        for value in 0..<1_000 { upstream.onNext(value) }
                        clock.start()
                    }
                    subscription.dispose()
                    printLine("  \(step): \(name): \(cell(perElement)) ns per element")
                }
            }
        #endif
    }
#else
    func extraRows() {}
#endif

// Workloads for `make bench-instructions`, each `count` repetitions of one thing the third
// act adds, run once under callgrind: the figure is the difference between two counts, so
// the setup cancels out. The same programs, compiled against RxSwift and RxCocoa, gave
// issue 32's figures for RxSwift.
var workloads: [String: (Int) -> Void] = [:]
#if RXDEMO_SINCE_11
    // A subject feeds a shared source: per event, with `subscribers` observers.
    func sharedEvents(_ share: @escaping (Observable<Int>) -> Observable<Int>, subscribers: Int) -> (Int) -> Void {
        { count in
            let upstream = PublishSubject<Int>()
            let shared = share(Observable<Int>.create { upstream.subscribe($0) })
            let bag = DisposeBag()
            for _ in 0..<subscribers { shared.subscribe(onNext: { checksum &+= $0 }).disposed(by: bag) }
            for value in 0..<count { upstream.onNext(value) }
        }
    }
    workloads["share() per event, one subscriber"] = sharedEvents({ $0.share() }, subscribers: 1)
    workloads["share() per event, four subscribers"] = sharedEvents({ $0.share() }, subscribers: 4)
    workloads["share(replay: 1) per event, one subscriber"] = sharedEvents({ $0.share(replay: 1) }, subscribers: 1)
    workloads["share() subscribe and dispose, per subscription"] = { count in
        let shared = Observable<Int>.create { _ in Disposables.create() }.share()
        for _ in 0..<count { shared.subscribe(onNext: { checksum &+= $0 }).dispose() }
    }
    workloads["share(replay: 1) late subscriber, per subscription"] = { count in
        let upstream = PublishSubject<Int>()
        let shared = Observable<Int>.create { upstream.subscribe($0) }.share(replay: 1)
        let first = shared.subscribe(onNext: { checksum &+= $0 })
        upstream.onNext(1)
        for _ in 0..<count { shared.subscribe(onNext: { checksum &+= $0 }).dispose() }
        first.dispose()
    }
#endif
#if RXDEMO_SINCE_12
    workloads["concatMap per inner event"] = { count in
        let inner = PublishSubject<Int>()
        let source = PublishSubject<Int>()
        let subscription = source.concatMap { _ in inner }.subscribe(onNext: { checksum &+= $0 })
        source.onNext(0)
        for value in 0..<count { inner.onNext(value) }
        subscription.dispose()
    }
#endif
#if RXDEMO_SINCE_14
    workloads["Driver (asDriver, map, drive) per event"] = { count in
        let clock = HistoricalScheduler()
        SharingScheduler.mock(scheduler: clock) {
            let upstream = PublishSubject<Int>()
            let subscription = upstream.asDriver(onErrorJustReturn: 0).map { $0 &+ 1 }
                .drive(onNext: { checksum &+= $0 })
            for value in 0..<count {
                upstream.onNext(value)
                clock.start()
            }
            subscription.dispose()
        }
    }
#endif

#if RXDEMO_SINCE_15
    // The bridge: what `values` costs per element, and `value` per call. Each runs in one task
    // that this thread waits for, so the figure is the bridge's and the task's switches.
    func awaiting(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await work()
            done.signal()
        }
        done.wait()
    }
    workloads["values per element"] = { count in
        awaiting {
            let source = Observable<Int>.create { observer in
                for value in 0..<count { observer.onNext(value) }
                observer.onCompleted()
                return Disposables.create()
            }
            do {
                for try await value in source.values { checksum &+= value }
            } catch {}
        }
    }
    workloads["Single's value per call"] = { count in
        awaiting {
            let single = Single<Int>.create { single in
                single(.success(1))
                return Disposables.create()
            }
            for _ in 0..<count { checksum &+= (try? await single.value) ?? 0 }
        }
    }
#endif

#if RXDEMO_SINCE_04
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
} else if arguments.first == "--workloads" {
    workloads.keys.sorted().forEach { print($0) }
} else if arguments.first == "--workload", arguments.count == 3, let run = workloads[arguments[1]],
    let count = Int(arguments[2])
{
    silenceStepOutput()
    run(count)
} else if arguments.first == "--subscriptions", arguments.count == 3, let maps = Int(arguments[1]),
    let count = Int(arguments[2])
{
    // `count` subscriptions, one after another, each to a source that sends one element and
    // completes, through `maps` maps: per subscription under callgrind.
    silenceStepOutput()
    if let chain = mapped(source(sending: 1), maps) { for _ in 0..<count { subscribeCounting(chain) } }

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
    extraRows()
}
