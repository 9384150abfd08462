import Foundation

// MARK: - The scenarios the explorer runs

// Two threads each, written against the step's own API (this file is compiled with the
// step). What each checks holds in every interleaving in RxSwift; a deadlock is checked in
// every one of them too. Ids and names are TraceSuite's `InterleavingScenarioID`; the
// workshop tool says when the two lists disagree.
struct ExplorerScenario: Sendable {
    let id: String
    // Builds fresh objects for one run: the two threads' actions and the check after both.
    let make: @Sendable () -> (threads: [[(label: String, action: () -> Void)]], problem: () -> String?)
}

// A counter the scenario's threads share; only one explored thread runs at a time.
final class Tally: @unchecked Sendable {
    var count = 0
    var elements: [Int] = []
}

struct CountingDisposable: Disposable {
    let tally: Tally
    func dispose() { tally.count += 1 }
}

func once(_ tally: Tally, _ what: String) -> String? {
    tally.count == 1 ? nil : "\(what) ran \(tally.count) times; RxSwift runs it exactly once"
}

let explorerScenarios: [ExplorerScenario] =
    [
        ExplorerScenario(id: "disposeTwice") {
            let closure = Tally()
            // `subscribe(_ on:)` returns the SinkDisposer itself, not a BinaryDisposable around it.
            let subscription = Observable<Int>.create { _ in Disposables.create { closure.count += 1 } }.subscribe {
                _ in
            }
            let dispose = ("subscription.dispose()", { subscription.dispose() })
            return ([[dispose], [dispose]], { once(closure, "the dispose closure") })
        },
        ExplorerScenario(id: "anonymousDisposeTwice") {
            let action = Tally()
            let disposable = Disposables.create { action.count += 1 }
            let dispose = ("disposable.dispose()", { disposable.dispose() })
            return ([[dispose], [dispose]], { once(action, "the action") })
        },
        ExplorerScenario(id: "binaryDisposeTwice") {
            let first = Tally()
            let second = Tally()
            let both = Disposables.create(CountingDisposable(tally: first), CountingDisposable(tally: second))
            let dispose = ("both.dispose()", { both.dispose() })
            return ([[dispose], [dispose]], { once(first, "a.dispose()") ?? once(second, "b.dispose()") })
        },
        ExplorerScenario(id: "completedRacingDispose") {
            let closure = Tally()
            let completed = Tally()
            let disposed = Tally()
            nonisolated(unsafe) var source: AnyObserver<Int>? = nil
            let subscription = Observable<Int>.create { observer in
                source = observer
                return Disposables.create { closure.count += 1 }
            }.subscribe(onCompleted: { completed.count += 1 }, onDisposed: { disposed.count += 1 })
            return (
                [
                    [("observer.onCompleted()", { source?.onCompleted() })],
                    [("subscription.dispose()", { subscription.dispose() })],
                ],
                {
                    once(closure, "the dispose closure") ?? once(disposed, "onDisposed")
                        ?? (completed.count <= 1
                            ? nil : "onCompleted ran \(completed.count) times; RxSwift: at most once")
                }
            )
        },
        ExplorerScenario(id: "subscribeRacingCompleted") {
            let subject = PublishSubject<Int>()
            let completed = Tally()
            let keep = Tally()
            nonisolated(unsafe) var subscription: Disposable? = nil
            return (
                [
                    [
                        (
                            "subject.subscribe(onCompleted:)",
                            { subscription = subject.subscribe(onCompleted: { completed.count += 1 }) }
                        )
                    ],
                    [("subject.onCompleted()", { subject.onCompleted() })],
                ],
                {
                    _ = (subscription, keep)
                    return completed.count == 1
                        ? nil
                        : "the subscriber got completed \(completed.count) times; RxSwift: once, from the subject or, subscribing after it, at once"
                }
            )
        },
        ExplorerScenario(id: "subscribeRacingNewValue") {
            let subject = BehaviorSubject(value: 1)
            let received = Tally()
            nonisolated(unsafe) var subscription: Disposable? = nil
            return (
                [
                    [
                        (
                            "subject.subscribe(onNext:)",
                            { subscription = subject.subscribe(onNext: { received.elements.append($0) }) }
                        )
                    ],
                    [("subject.onNext(2)", { subject.onNext(2) })],
                ],
                {
                    _ = subscription
                    return received.elements == [1, 2] || received.elements == [2]
                        ? nil
                        : "the subscriber got \(received.elements); RxSwift: [1, 2] or [2], the current value and then every later one"
                }
            )
        },
        ExplorerScenario(id: "publishHandlerTakesLock") {
            let subject = PublishSubject<Int>()
            let appLock = NSLock()
            let subscription = subject.subscribe(onNext: { _ in appLock.withLock {} })
            return (
                [
                    [("subject.onNext(1)", { subject.onNext(1) })],
                    [("appLock.withLock { subject.hasObservers }", { appLock.withLock { _ = subject.hasObservers } })],
                ],
                {
                    _ = subscription
                    return nil
                }
            )
        },
        ExplorerScenario(id: "behaviorHandlerTakesLock") {
            let subject = BehaviorSubject(value: 0)
            let appLock = NSLock()
            let subscription = subject.subscribe(onNext: { _ in appLock.withLock {} })
            return (
                [
                    [("subject.onNext(1)", { subject.onNext(1) })],
                    [("appLock.withLock { try? subject.value() }", { appLock.withLock { _ = try? subject.value() } })],
                ],
                {
                    _ = subscription
                    return nil
                }
            )
        },
    ] + sharingExplorerScenarios

// From step 11: two first subscribers to one `share()` must connect it once. RxSwift 6.10.0
// checked "first?" and inserted the observer under two holds of its lock (#2718).
#if RXDEMO_EXPLORE_SHARING
    let sharingExplorerScenarios: [ExplorerScenario] = [
        ExplorerScenario(id: "shareFirstSubscribers") {
            let runs = Tally()
            let shared = Observable<Int>.create { _ in
                runs.count += 1
                return Disposables.create()
            }.share()
            let subscribe = ("shared.subscribe { _ in }", { _ = shared.subscribe { _ in } })
            return ([[subscribe], [subscribe]], { once(runs, "the generator") })
        }
    ]
#else
    let sharingExplorerScenarios: [ExplorerScenario] = []
#endif
