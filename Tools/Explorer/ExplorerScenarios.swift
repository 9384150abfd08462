import Foundation

// MARK: - The scenarios the explorer runs on the Rx act's steps

// Written against the step's own API, RxSwift's (this file is compiled with the step; the
// demand act's steps get DemandExplorerScenarios.swift instead). What each checks holds in every
// interleaving in RxSwift; a deadlock is checked in every one of them too. Ids and names are
// TraceSuite's `InterleavingScenarioID`; the workshop tool says when the two lists disagree.

struct Failure: Error {}

struct CountingDisposable: Disposable {
    let tally: Tally
    func dispose() {
        yours("a disposable's dispose()")
        tally.count += 1
    }
}

func once(_ tally: Tally, _ what: String) -> String? {
    tally.count == 1
        ? nil
        : tr(
            "\(what) ran \(tally.count) times; RxSwift runs it exactly once",
            spaced(shown(what), "运行了 \(tally.count) 次；RxSwift 恰好运行一次"))
}

let explorerScenarios: [ExplorerScenario] =
    [
        ExplorerScenario(id: "disposeTwice") {
            let closure = Tally()
            // `subscribe(_ on:)` returns the SinkDisposer itself, not a BinaryDisposable around it.
            let subscription = Observable<Int>.create { _ in
                Disposables.create {
                    yours("the dispose closure")
                    closure.count += 1
                }
            }.subscribe { _ in yours("the observer") }
            let dispose = ("subscription.dispose()", { subscription.dispose() })
            return ([[dispose], [dispose]], { once(closure, "the dispose closure") })
        },
        ExplorerScenario(id: "anonymousDisposeTwice") {
            let action = Tally()
            let disposable = Disposables.create {
                yours("the action")
                action.count += 1
            }
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
                return Disposables.create {
                    yours("the dispose closure")
                    closure.count += 1
                }
            }.subscribe(
                onCompleted: {
                    yours("onCompleted")
                    completed.count += 1
                },
                onDisposed: {
                    yours("onDisposed")
                    disposed.count += 1
                })
            return (
                [
                    [("observer.onCompleted()", { source?.onCompleted() })],
                    [("subscription.dispose()", { subscription.dispose() })],
                ],
                {
                    once(closure, "the dispose closure") ?? once(disposed, "onDisposed")
                        ?? (completed.count <= 1
                            ? nil
                            : tr(
                                "onCompleted ran \(completed.count) times; RxSwift: at most once",
                                "onCompleted 运行了 \(completed.count) 次；RxSwift：最多一次"))
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
                            {
                                subscription = subject.subscribe(onCompleted: {
                                    yours("onCompleted")
                                    completed.count += 1
                                })
                            }
                        )
                    ],
                    [("subject.onCompleted()", { subject.onCompleted() })],
                ],
                {
                    _ = (subscription, keep)
                    return completed.count == 1
                        ? nil
                        : tr(
                            "the subscriber got completed \(completed.count) times; RxSwift: once, from the subject or, subscribing after it, at once",
                            "订阅者收到了 \(completed.count) 次 completed；RxSwift：一次，来自 Subject，或者在它之后订阅时立即收到")
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
                            {
                                subscription = subject.subscribe(onNext: {
                                    yours("onNext")
                                    received.elements.append($0)
                                })
                            }
                        )
                    ],
                    [("subject.onNext(2)", { subject.onNext(2) })],
                ],
                {
                    _ = subscription
                    return received.elements == [1, 2] || received.elements == [2]
                        ? nil
                        : tr(
                            "the subscriber got \(received.elements); RxSwift: [1, 2] or [2], the current value and then every later one",
                            "订阅者收到了 \(received.elements)；RxSwift：[1, 2] 或 [2]，先是当前值，然后是之后的每一个")
                }
            )
        },
        ExplorerScenario(id: "publishHandlerTakesLock") {
            let subject = PublishSubject<Int>()
            let appLock = NSLock()
            let subscription = subject.subscribe(onNext: { _ in
                yours("onNext")
                appLock.withLock {}
            })
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
            let subscription = subject.subscribe(onNext: { _ in
                yours("onNext")
                appLock.withLock {}
            })
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
    ] + sharingExplorerScenarios + mergeExplorerScenarios + bridgeExplorerScenarios

// A source that counts its live subscriptions: +1 on subscribe, -1 when disposed.
func countingSource(_ live: Tally) -> Observable<Int> {
    Observable<Int>.create { _ in
        yours("the generator")
        live.count += 1
        return Disposables.create {
            yours("the dispose closure")
            live.count -= 1
        }
    }
}

// A late subscriber whose handler takes the app's lock, while another thread holds that lock and
// subscribes too: a replay with the source's lock held deadlocks here, or calls out under it.
func lateHandlerTakesLock(_ replaying: Observable<Int>, keeping kept: Any) -> (
    threads: [[(label: String, action: () -> Void)]], problem: () -> String?
) {
    let appLock = NSLock()
    return (
        [
            [
                (
                    "late.subscribe(onNext: { _ in appLock.withLock {} })",
                    {
                        _ = replaying.subscribe(onNext: { _ in
                            yours("onNext")
                            appLock.withLock {}
                        })
                    }
                )
            ],
            [
                (
                    "appLock.withLock { late.subscribe { _ in } }",
                    { appLock.withLock { _ = replaying.subscribe { _ in } } }
                )
            ],
        ],
        {
            _ = kept
            return nil
        }
    )
}

// One subscriber leaves a shared source while another comes: whichever goes first, the
// newcomer ends up with a connection of its own, so exactly one subscription is live.
func subscribeRacingDispose(_ shared: Observable<Int>, _ live: Tally) -> (
    threads: [[(label: String, action: () -> Void)]], problem: () -> String?
) {
    let first = shared.subscribe { _ in }
    nonisolated(unsafe) var second: Disposable? = nil
    return (
        [
            [("first.dispose()", { first.dispose() })],
            [("second = shared.subscribe { _ in }", { second = shared.subscribe { _ in } })],
        ],
        {
            _ = second
            return live.count == 1
                ? nil
                : tr(
                    "one subscriber left and one came, and the source has \(live.count) live subscriptions; RxSwift: 1, the newcomer's",
                    "一个订阅者离开、一个到来之后，源有 \(live.count) 个存活的订阅；RxSwift：1 个，新来者的")
        }
    )
}

// From step 11: sharing. Two first subscribers to one `share()` must connect it once (RxSwift
// 6.10.0 checked "first?" and inserted the observer under two holds of its lock: #2718); a
// subscriber that comes while the last one leaves must be connected; a ReplaySubject's new
// subscriber gets the replay and every later element, none twice, none lost.
#if RXDEMO_EXPLORE_11
    let sharingExplorerScenarios: [ExplorerScenario] = [
        ExplorerScenario(id: "shareFirstSubscribers") {
            let runs = Tally()
            let shared = Observable<Int>.create { _ in
                yours("the generator")
                runs.count += 1
                return Disposables.create()
            }.share()
            let subscribe = ("shared.subscribe { _ in }", { _ = shared.subscribe { _ in } })
            return ([[subscribe], [subscribe]], { once(runs, "the generator") })
        },
        ExplorerScenario(id: "shareSubscribeRacingDispose") {
            let live = Tally()
            return subscribeRacingDispose(countingSource(live).share(), live)
        },
        ExplorerScenario(id: "refCountSubscribeRacingDispose") {
            let live = Tally()
            return subscribeRacingDispose(countingSource(live).publish().refCount(), live)
        },
        // RxSwift #2653: a replay under the share's lock calls the handler with the lock held.
        ExplorerScenario(id: "shareReplayHandlerTakesLock") {
            let upstream = PublishSubject<Int>()
            let shared = upstream.share(replay: 1)
            let first = shared.subscribe { _ in }
            upstream.onNext(1)
            return lateHandlerTakesLock(shared, keeping: first)
        },
        // RxSwift #2723: a ReplaySubject replays to a newcomer under its lock.
        ExplorerScenario(id: "replayHandlerTakesLock") {
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            subject.onNext(1)
            return lateHandlerTakesLock(subject.asObservable(), keeping: subject)
        },
        // RxSwift #2723: connect() subscribes the source under the connectable's lock.
        ExplorerScenario(id: "connectGeneratorTakesLock") {
            let appLock = NSLock()
            let connectable = Observable<Int>.create { _ in
                yours("the generator")
                appLock.withLock {}
                return Disposables.create()
            }.publish()
            nonisolated(unsafe) var connection: Disposable? = nil
            return (
                [
                    [("connection = connectable.connect()", { connection = connectable.connect() })],
                    [
                        (
                            "appLock.withLock { connectable.subscribe { _ in } }",
                            { appLock.withLock { _ = connectable.subscribe { _ in } } }
                        )
                    ],
                ],
                {
                    _ = connection
                    return nil
                }
            )
        },
        ExplorerScenario(id: "replaySubscribeRacingNewValue") {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            subject.onNext(1)
            subject.onNext(2)
            let received = Tally()
            nonisolated(unsafe) var subscription: Disposable? = nil
            return (
                [
                    [
                        (
                            "subject.subscribe(onNext:)",
                            {
                                subscription = subject.subscribe(onNext: {
                                    yours("onNext")
                                    received.elements.append($0)
                                })
                            }
                        )
                    ],
                    [("subject.onNext(3)", { subject.onNext(3) })],
                ],
                {
                    _ = subscription
                    return received.elements == [1, 2, 3] || received.elements == [2, 3]
                        ? nil
                        : tr(
                            "the subscriber got \(received.elements); RxSwift: [1, 2, 3] or [2, 3], the replay and then every later element",
                            "订阅者收到了 \(received.elements)；RxSwift：[1, 2, 3] 或 [2, 3]，先是回放，然后是之后的每一个元素")
                }
            )
        },
    ]
#else
    let sharingExplorerScenarios: [ExplorerScenario] = []
#endif

// From step 12: an inner and the source of one flatMap complete on two threads (the subscriber
// gets completed once, from whichever finishes last); two sources of one amb send their first
// element at once (one of them wins, and only its element goes on).
#if RXDEMO_EXPLORE_12
    let mergeExplorerScenarios: [ExplorerScenario] = [
        ExplorerScenario(id: "flatMapInnerRacingSourceCompleted") {
            let source = PublishSubject<Int>()
            let inner = PublishSubject<Int>()
            let completed = Tally()
            let subscription = source.flatMap { _ in inner }.subscribe(onCompleted: {
                yours("onCompleted")
                completed.count += 1
            })
            source.onNext(1)
            return (
                [
                    [("inner.onCompleted()", { inner.onCompleted() })],
                    [("source.onCompleted()", { source.onCompleted() })],
                ],
                {
                    _ = subscription
                    return completed.count == 1
                        ? nil
                        : tr(
                            "the subscriber got completed \(completed.count) times; RxSwift: once, when the last of the two ends",
                            "订阅者收到了 \(completed.count) 次 completed；RxSwift：一次，在两者中后结束的那个结束时")
                }
            )
        },
        // RxSwift #2711: an error tore flatMap down under its lock, running the inners' dispose
        // closures there.
        ExplorerScenario(id: "flatMapTeardownTakesLock") {
            let source = PublishSubject<Int>()
            let appLock = NSLock()
            let inner = Observable<Int>.create { _ in
                Disposables.create {
                    yours("the inner's dispose closure")
                    appLock.withLock {}
                }
            }
            let subscription = source.flatMap { _ in
                yours("the selector")
                return inner
            }.subscribe(onError: { _ in yours("onError") })
            source.onNext(1)
            return (
                [
                    [("source.onError(Failure())", { source.onError(Failure()) })],
                    [("appLock.withLock { source.onNext(2) }", { appLock.withLock { source.onNext(2) } })],
                ],
                {
                    _ = subscription
                    return nil
                }
            )
        },
        // RxSwift #2711's other path: an inner that completed was removed from the group, and so
        // disposed, under the lock (fixed on its main branch with #2724).
        ExplorerScenario(id: "flatMapInnerCompletedTakesLock") {
            let source = PublishSubject<Int>()
            let appLock = NSLock()
            nonisolated(unsafe) var innerObserver: AnyObserver<Int>? = nil
            let inner = Observable<Int>.create { observer in
                if innerObserver == nil { innerObserver = observer }
                return Disposables.create {
                    yours("the inner's dispose closure")
                    appLock.withLock {}
                }
            }
            let subscription = source.flatMap { _ in
                yours("the selector")
                return inner
            }.subscribe(onCompleted: { yours("onCompleted") })
            source.onNext(1)
            return (
                [
                    [("inner.onCompleted()", { innerObserver?.onCompleted() })],
                    [("appLock.withLock { source.onNext(2) }", { appLock.withLock { source.onNext(2) } })],
                ],
                {
                    _ = subscription
                    return nil
                }
            )
        },
        ExplorerScenario(id: "ambFirstElements") {
            let left = PublishSubject<Int>()
            let right = PublishSubject<Int>()
            let received = Tally()
            let subscription = left.amb(right).subscribe(onNext: {
                yours("onNext")
                received.elements.append($0)
            })
            return (
                [
                    [("left.onNext(1)", { left.onNext(1) })],
                    [("right.onNext(2)", { right.onNext(2) })],
                ],
                {
                    _ = subscription
                    return received.elements == [1] || received.elements == [2]
                        ? nil
                        : tr(
                            "the subscriber got \(received.elements); RxSwift: [1] or [2], the first source's element only",
                            "订阅者收到了 \(received.elements)；RxSwift：[1] 或 [2]，只有先发送的那个源的元素")
                }
            )
        },
    ]
#else
    let mergeExplorerScenarios: [ExplorerScenario] = []
#endif

// From step 15: the bridge. The awaiting task runs on an executor of the explorer's: a resume
// hands the task to it on the resuming thread, so the explorer sees that moment as a call-out
// and names any step lock held there (RxSwift #2727: a resume under `value`'s lock deadlocks
// against a cancellation, which holds the task's status lock while its handler disposes).
// Cancellation itself is not explored: the runtime's status lock is not one the explorer can
// schedule, so the thread scenarios race it on real tasks instead.
#if RXDEMO_EXPLORE_15
    final class ResumeWatcher: TaskExecutor, @unchecked Sendable {
        private let queue = DispatchQueue(label: "RxDemoExplorer.awaitingTask")
        // Signalled each time a job has run, so the task stands still: the setup waits for the
        // first (the subscribe inside `value`), or its end would race the explored threads.
        let ran = DispatchSemaphore(value: 0)

        func enqueue(_ job: consuming ExecutorJob) {
            yours("the awaiting task's resume")
            let job = UnownedJob(job)
            queue.async {
                job.runSynchronously(on: self.asUnownedTaskExecutor())
                self.ran.signal()
            }
        }
    }

    final class Outcome: @unchecked Sendable {
        var text = ""
    }

    let bridgeExplorerScenarios: [ExplorerScenario] = [
        ExplorerScenario(id: "singleValueSuccessRacingFailure") {
            nonisolated(unsafe) var observer: ((SingleEvent<Int>) -> Void)? = nil
            let single = Single<Int>.create { single in
                observer = single
                return Disposables.create()
            }
            let resumeWatcher = ResumeWatcher()
            let outcome = Outcome()
            let resumed = DispatchSemaphore(value: 0)
            let awaited = UncheckedBox(single)
            Task(executorPreference: resumeWatcher) {
                do {
                    outcome.text = "value \(try await awaited.value.value)"
                } catch {
                    outcome.text = error is Failure ? "threw Failure" : "threw \(error)"
                }
                resumed.signal()
            }
            guard resumeWatcher.ran.wait(timeout: .now() + 10) == .success, let send = observer else {
                return ([], { tr("value never subscribed to the Single", "value 始终没有订阅这个 Single") })
            }
            return (
                [
                    [("single(.success(1))", { send(.success(1)) })],
                    [("single(.failure(Failure()))", { send(.failure(Failure())) })],
                ],
                {
                    guard resumed.wait(timeout: .now() + 10) == .success else {
                        return tr(
                            "the await never resumed: its continuation leaked; RxSwift resumes it once",
                            "await 始终没有恢复：它的 continuation 泄漏了；RxSwift 恰好恢复一次")
                    }
                    return ["value 1", "threw Failure"].contains(outcome.text)
                        ? nil
                        : tr(
                            "the await ended with \(outcome.text); RxSwift: value 1 or threw Failure, whichever came first",
                            "await 的结果是 \(outcome.text)；RxSwift：value 1 或 threw Failure，看哪个先到")
                }
            )
        }
    ]
#else
    let bridgeExplorerScenarios: [ExplorerScenario] = []
#endif
