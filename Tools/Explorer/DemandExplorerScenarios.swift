import Foundation

// MARK: - The scenarios the explorer runs on the demand act's steps

// Written against the step's own API, Combine's as OpenCombine spells it (this file is compiled
// with the step instead of ExplorerScenarios.swift). What each checks holds in every
// interleaving in OpenCombine, but for the two that step 17 keeps as OpenCombine has them
// (TraceSuite's `knownCallOut`). Ids and names are TraceSuite's `InterleavingScenarioID`.

// A subscriber that notices two deliveries at once: the explorer may switch threads inside
// its `receive` (a point there), so a second call that starts before the first returned is
// seen. Only one explored thread runs at a time, so its counts need no lock.
final class ExploredSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never
    let initial: Subscribers.Demand
    var inputs: [Int] = []
    var completions = 0
    var overlaps = 0
    private var busy = false
    var subscription: Subscription?

    init(initial: Subscribers.Demand) { self.initial = initial }

    func receive(subscription: Subscription) {
        yours("the subscriber's receive(subscription:)")
        self.subscription = subscription
        subscription.request(initial)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        deliver { inputs.append(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        deliver { completions += 1 }
    }

    private func deliver(_ record: () -> Void, file: StaticString = #fileID, line: UInt = #line) {
        yours("the subscriber's receive")
        if busy { overlaps += 1 }
        busy = true
        _ = Interleavings.shared.point(place(file, line), "receive")
        record()
        busy = false
    }

    // What went wrong, against the elements and the number of completions it should have got.
    func problem(expected: [Int], finished: Int) -> String? {
        if overlaps > 0 {
            return tr(
                "receive was called while another receive was still running",
                "上一次 receive 还没返回，receive 又被调用了")
        }
        if inputs != expected {
            return tr(
                "the subscriber got \(inputs), not \(expected) (once each, in order)",
                "订阅者收到了 \(inputs)，而不是 \(expected)（各一次、按顺序）")
        }
        if completions != finished {
            return tr(
                "finished arrived \(completions) times, not \(finished)",
                "finished 到达了 \(completions) 次，而不是 \(finished) 次")
        }
        return nil
    }
}

// An upstream of the scenario's own: it counts its subscribers and its cancels.
final class CountingUpstream: Publisher, Subscription, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    var subscribes = 0
    var cancels = 0

    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Int, Downstream.Failure == Never {
        yours("the upstream's subscribe")
        subscribes += 1
        subscriber.receive(subscription: self)
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
        yours("the upstream's cancel()")
        cancels += 1
    }
}

// Step 17 on; with those of the later steps, what the explorer runs (`explorerScenarios`).
let subjectsAndCoreScenarios: [ExplorerScenario] = [
    // The thread that sends goes on with the other's demand (OpenCombine's recursion flag):
    // one delivery at a time, each element once.
    ExplorerScenario(id: "sequenceRequestsFromTwoThreads") {
        let subscriber = ExploredSubscriber(initial: .max(1))
        [0, 1, 2].publisher.subscribe(subscriber)  // 0 arrives here, before the threads
        let request = ("subscription.request(.max(1))", { _ = subscriber.subscription?.request(.max(1)) })
        return ([[request], [request]], { subscriber.problem(expected: [0, 1, 2], finished: 1) })
    },
    ExplorerScenario(id: "sinkCancelledTwice") {
        let upstream = CountingUpstream()
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        sink.receive(subscription: upstream)
        let cancel = ("sink.cancel()", { sink.cancel() })
        return (
            [[cancel], [cancel]],
            {
                upstream.cancels == 1
                    ? nil
                    : tr(
                        "the sink's upstream was cancelled \(upstream.cancels) times; OpenCombine cancels it once",
                        "sink 的上游被取消了 \(upstream.cancels) 次；OpenCombine 只取消一次")
            }
        )
    },
    ExplorerScenario(id: "futurePromisedWhileSubscribing") {
        nonisolated(unsafe) var promise: ((Result<Int, Never>) -> Void)? = nil
        let future = Future<Int, Never> { promise = $0 }
        let subscriber = ExploredSubscriber(initial: .unlimited)
        return (
            [
                [("promise(.success(7))", { _ = promise?(.success(7)) })],
                [("future.subscribe(subscriber)", { future.subscribe(subscriber) })],
            ],
            { subscriber.problem(expected: [7], finished: 1) }
        )
    },
    ExplorerScenario(id: "subjectSendRacingCancel") {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = ExploredSubscriber(initial: .unlimited)
        subject.subscribe(subscriber)
        return (
            [
                [("subject.send(1)", { subject.send(1) })],
                [("subscription.cancel()", { _ = subscriber.subscription?.cancel() })],
            ],
            {
                let before = subscriber.inputs
                subject.send(2)
                subject.send(completion: .finished)
                if let problem = subscriber.problem(expected: before == [1] ? [1] : [], finished: 0) { return problem }
                return before == [] || before == [1]
                    ? nil
                    : tr("the subscriber got \(before), not [1] or nothing", "订阅者收到了 \(before)，而不是 [1] 或什么都没有")
            }
        )
    },
    // OpenCombine's autoconnect asks "connected?" and connects under two holds of its lock, as
    // RxSwift 6.10.0's share did (#2718): step 17 keeps it, as OpenCombine has it.
    ExplorerScenario(id: "autoconnectFirstSubscribersAtOnce") {
        let upstream = CountingUpstream()
        let shared = upstream.share()
        let subscribe = ("shared.subscribe(subscriber)", { shared.subscribe(ExploredSubscriber(initial: .unlimited)) })
        return (
            [[subscribe], [subscribe]],
            {
                upstream.subscribes == 1
                    ? nil
                    : tr(
                        "the upstream was subscribed \(upstream.subscribes) times for two first subscribers; once is right",
                        "两个第一批订阅者让上游被订阅了 \(upstream.subscribes) 次；一次才对")
            }
        )
    },
    // OpenCombine's multicast creates its subject with its lock held (`lazySubject`): step 17
    // keeps it, as OpenCombine has it. Made outside the lock, two threads may each make one:
    // both subscribers must still be on the one that connect() connects.
    ExplorerScenario(id: "multicastSubscribersShareOneSubject") {
        let source = PassthroughSubject<Int, Never>()
        let multicast = source.multicast {
            yours("the createSubject closure")
            return PassthroughSubject<Int, Never>()
        }
        let subscribers = [ExploredSubscriber(initial: .unlimited), ExploredSubscriber(initial: .unlimited)]
        return (
            [
                [("multicast.subscribe(first)", { multicast.subscribe(subscribers[0]) })],
                [("multicast.subscribe(second)", { multicast.subscribe(subscribers[1]) })],
            ],
            {
                let connection = multicast.connect()
                source.send(1)
                connection.cancel()
                let missed = subscribers.filter { $0.inputs != [1] }.count
                return missed == 0
                    ? nil
                    : tr(
                        "\(missed) of the two subscribers did not get the value sent after connect(): not on the subject it connected",
                        "两个订阅者中有 \(missed) 个没有收到 connect() 之后发送的值：它不在被连接的那个 subject 上")
            }
        )
    },
]

// Step 18 on: flatMap's children, each on a thread of its own.
#if RXDEMO_EXPLORE_18
    enum ExploredFailure: Error { case failed }

    // An upstream the scenario drives itself, holding no lock as it sends or fails: a subject
    // would fail its subscribers under its delivery lock, and everything they do with it.
    final class DrivenUpstream: Publisher, Subscription, @unchecked Sendable {
        typealias Output = Int
        typealias Failure = ExploredFailure
        var send: ((Int) -> Subscribers.Demand)?
        var fail: (() -> Void)?

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Int, Downstream.Failure == ExploredFailure {
            send = subscriber.receive(_:)
            fail = { subscriber.receive(completion: .failure(.failed)) }
            subscriber.receive(subscription: self)
        }

        func request(_ demand: Subscribers.Demand) {}

        func cancel() { yours("the upstream's cancel()") }
    }

    let flatMapScenarios: [ExplorerScenario] = [
        // One element of demand between two children sending at once: one goes down, the other
        // waits in the buffer until the next request; never two receives at once.
        ExplorerScenario(id: "flatMapChildrenSendAtOnce") {
            let ids = PassthroughSubject<Int, Never>()
            nonisolated(unsafe) var children: [PassthroughSubject<Int, Never>] = []
            let subscriber = ExploredSubscriber(initial: .max(1))
            ids.flatMap { _ -> PassthroughSubject<Int, Never> in
                let child = PassthroughSubject<Int, Never>()
                children.append(child)
                return child
            }.subscribe(subscriber)
            ids.send(0)
            ids.send(1)
            let (first, second) = (children[0], children[1])
            return (
                [[("first.send(1)", { first.send(1) })], [("second.send(2)", { second.send(2) })]],
                {
                    if subscriber.inputs.count != 1 {
                        return tr(
                            "with one element of demand, the subscriber got \(subscriber.inputs)",
                            "只有一个元素的需求，订阅者却收到了 \(subscriber.inputs)")
                    }
                    subscriber.subscription?.request(.max(1))
                    let got = subscriber.inputs
                    return subscriber.problem(expected: got.sorted() == [1, 2] ? got : [1, 2], finished: 0)
                }
            )
        },
        // OpenCombine cancels the children with its lock held when the upstream fails ("Not
        // good, but that's what Combine does"): step 18 cancels them after letting go.
        ExplorerScenario(id: "flatMapUpstreamFailsWhileCancelled") {
            let ids = DrivenUpstream()
            let child = CountingUpstream()
            let sink = Subscribers.Sink<Int, ExploredFailure>(receiveCompletion: { _ in }, receiveValue: { _ in })
            ids.flatMap { _ in child }.subscribe(sink)
            _ = ids.send?(0)
            return (
                [
                    [("upstream fails", { ids.fail?() })],
                    [("sink.cancel()", { sink.cancel() })],
                ],
                {
                    child.cancels == 1
                        ? nil
                        : tr(
                            "the child was cancelled \(child.cancels) times; once is right",
                            "子发布者被取消了 \(child.cancels) 次；一次才对")
                }
            )
        },
    ]
#else
    let flatMapScenarios: [ExplorerScenario] = []
#endif

// Step 19 on: switchToLatest's next child against its subscriber's cancel.
#if RXDEMO_EXPLORE_19
    let switchToLatestScenarios: [ExplorerScenario] = [
        // Whichever comes first, every child that was subscribed is cancelled once: the one
        // replaced by the next, or the one running when the subscriber cancels, or the next one,
        // turned away when it gives its subscription after the cancel.
        ExplorerScenario(id: "switchToLatestNextChildWhileCancelled") {
            let ids = DrivenUpstream()
            let children = [CountingUpstream(), CountingUpstream()]
            nonisolated(unsafe) var made = 0
            let sink = Subscribers.Sink<Int, ExploredFailure>(receiveCompletion: { _ in }, receiveValue: { _ in })
            ids.map { _ -> CountingUpstream in
                made += 1
                return children[made - 1]
            }.switchToLatest().subscribe(sink)
            _ = ids.send?(0)
            return (
                [
                    [("ids.send(1)", { _ = ids.send?(1) })],
                    [("sink.cancel()", { sink.cancel() })],
                ],
                {
                    for (number, child) in children.enumerated() where child.cancels != child.subscribes {
                        return tr(
                            "child \(number + 1) was subscribed \(child.subscribes) times and cancelled \(child.cancels) times; each subscription is cancelled once",
                            "第 \(number + 1) 个子发布者被订阅了 \(child.subscribes) 次，被取消了 \(child.cancels) 次；每次订阅都应恰好取消一次"
                        )
                    }
                    return nil
                }
            )
        }
    ]
#else
    let switchToLatestScenarios: [ExplorerScenario] = []
#endif

let explorerScenarios = subjectsAndCoreScenarios + flatMapScenarios + switchToLatestScenarios
