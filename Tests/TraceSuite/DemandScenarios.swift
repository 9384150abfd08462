// The demand act's lessons: each a program of Combine's API (DemandPrograms.swift) with the trace
// that Combine's rules give it, written from those rules and held to OpenCombine (its recorded
// run of each is the same). A subscriber of the program's own is "sub 1"; a publisher of its own,
// which sends only what it was asked for, is "source".
extension Scenario {
    // The scenarios of the observables (acts 1-3 and the side step); the demand act's are others.
    public static var observableScenarios: [Scenario] { all.filter { $0.demand == nil } }

    // The scenarios a step is measured against: its act's.
    public static func family(of step: Step) -> [Scenario] {
        step.isDemandAct ? demandScenarios : observableScenarios
    }

    // Whether a trace is the one expected. Where several subscribers wait on one subject or
    // one Future, OpenCombine tells them in an order that changes from run to run (a set):
    // there each subscriber's own order counts, not the order among them.
    public func isExpected(_ trace: [String]) -> Bool {
        trace == expected || (demand?.ordersSubscribersFreely == true && byActor(trace) == byActor(expected))
    }

    // A demand scenario has no observable: its program is all it runs.
    init(
        _ id: ScenarioID, demand: DemandProgram, expected: [String], fileID: String = #fileID,
        filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            id, source: SourceScript(hasDisposeClosure: false), demand: demand, expected: expected, fileID: fileID,
            filePath: filePath, line: line, column: column)
    }

    private typealias Program = DemandProgram
    private typealias Script = DemandProgram.DemandScript

    private static func asking(
        _ initial: Program.Ask?, returns: [Program.Ask] = [], requestsInReceive: [Int: Program.Ask] = [:],
        cancelsInReceive: Int? = nil, at time: Int = 0
    ) -> Program.SubscriberScript {
        .init(
            kind: .demanding(
                Script(
                    initial: initial, returns: returns, requestsInReceive: requestsInReceive,
                    cancelsInReceive: cancelsInReceive)), subscribeAt: time)
    }

    private static func program(
        _ source: Program.Source, _ operators: [Program.Operator] = [], _ subscribers: [Program.SubscriberScript],
        _ moments: [(Int, Program.Action)] = []
    ) -> Program {
        Program(
            source: source, operators: operators, subscribers: subscribers,
            moments: moments.map { Program.Moment(time: $0.0, action: $0.1) })
    }

    private static let sink = Program.SubscriberScript(kind: .sink, subscribeAt: 0)

    public static let demandScenarios: [Scenario] = [
        Scenario(
            .demandOneAtATime,
            demand: program(.sequence([1, 2, 3]), [], [asking(.max(1))], [(1, .request(subscriber: 0, .max(1)))]),
            expected: [
                "sub 1 subscription [1, 2, 3]", "sub 1 requests max(1)", "sub 1 receive 1", "sub 1 returns max(0)",
                "sub 1 requests max(1)", "sub 1 receive 2", "sub 1 returns max(0)", "end",
            ]),
        Scenario(
            .demandReturnedAdds, demand: program(.sequence([1, 2, 3]), [], [asking(.max(1), returns: [.max(1)])]),
            expected: [
                "sub 1 subscription [1, 2, 3]", "sub 1 requests max(1)", "sub 1 receive 1", "sub 1 returns max(1)",
                "sub 1 receive 2", "sub 1 returns max(1)", "sub 1 receive 3", "sub 1 returns max(1)",
                "sub 1 finished", "end",
            ]),
        // Rule 3.3: `request` from inside `receive` adds to the demand; the loop already running
        // serves it once `receive` returns, so the stack never grows with the elements.
        Scenario(
            .demandRequestInReceiveQueued,
            demand: program(.sequence([1, 2, 3]), [], [asking(.max(1), requestsInReceive: [1: .max(2)])]),
            expected: [
                "sub 1 subscription [1, 2, 3]", "sub 1 requests max(1)", "sub 1 receive 1", "sub 1 requests max(2)",
                "sub 1 returns max(0)", "sub 1 receive 2", "sub 1 returns max(0)", "sub 1 receive 3",
                "sub 1 returns max(0)", "sub 1 finished", "end",
            ]),
        Scenario(
            .demandNothingBeforeAsked,
            demand: program(.just(1), [], [asking(nil)], [(1, .request(subscriber: 0, .max(1)))]),
            expected: [
                "sub 1 subscription Just", "sub 1 requests max(1)", "sub 1 receive 1", "sub 1 returns max(0)",
                "sub 1 finished", "end",
            ]),
        // Rule 3.6 and 1.8: a cancelled subscription sends nothing more, not even its completion.
        Scenario(
            .demandNothingAfterCancel,
            demand: program(.sequence([1, 2, 3]), [], [asking(.unlimited, cancelsInReceive: 1)]),
            expected: [
                "sub 1 subscription [1, 2, 3]", "sub 1 requests unlimited", "sub 1 receive 1", "sub 1 cancels",
                "sub 1 returns max(0)", "end",
            ]),
        // Rule 1.9: every subscriber gets a subscription first, even one that ends at once.
        Scenario(
            .demandEmptySequence, demand: program(.sequence([]), [], [asking(nil)]),
            expected: ["sub 1 subscription Empty", "sub 1 finished", "end"]),
        Scenario(
            .demandSinkAsksEverything,
            demand: program(
                .scripted(sends: [1, 2], end: .finished), [], [sink], [(1, .send), (2, .send), (3, .end)]),
            expected: [
                "source: subscription 1 made", "source: subscription 1 asks unlimited",
                "source: sends 1 to subscription 1", "sink 1 receive 1", "source: sends 2 to subscription 1",
                "sink 1 receive 2", "source: ends subscription 1", "sink 1 finished", "end",
            ]),
        Scenario(
            .demandReleasingCancels,
            demand: program(.scripted(sends: [1], end: nil), [], [sink], [(1, .send)]),
            expected: [
                "source: subscription 1 made", "source: subscription 1 asks unlimited",
                "source: sends 1 to subscription 1", "sink 1 receive 1", "end", "source: subscription 1 cancelled",
            ]),
        Scenario(
            .demandFutureValueWaits,
            demand: program(
                .future(value: 3, at: 1), [], [asking(nil)], [(1, .keepPromise), (2, .request(subscriber: 0, .max(1)))]
            ),
            expected: [
                "future runs", "sub 1 subscription Future", "promise 3", "sub 1 requests max(1)", "sub 1 receive 3",
                "sub 1 returns max(0)", "sub 1 finished", "end",
            ]),
        Scenario(
            .demandFutureFailureDoesNotWait,
            demand: program(.future(value: nil, at: 1), [], [asking(nil)], [(1, .keepPromise)]),
            expected: ["future runs", "sub 1 subscription Future", "promise fails", "sub 1 failure(source)", "end"]),
        Scenario(
            .demandDeferredPerSubscriber,
            demand: program(.deferred(.just(2)), [], [sink, .init(kind: .sink, subscribeAt: 1)]),
            expected: [
                "deferred runs", "sink 1 receive 2", "sink 1 finished", "deferred runs", "sink 2 receive 2",
                "sink 2 finished", "end",
            ]),
        // `filter` passes the upstream's subscription on; a dropped element returns `.max(1)`.
        Scenario(
            .demandFilterAsksForMore,
            demand: program(
                .scripted(sends: [1, 2, 3], end: .finished), [.filter(keepsEven: true)], [asking(.max(1))],
                [(1, .send), (2, .send), (3, .send), (4, .end)]),
            expected: [
                "source: subscription 1 made", "sub 1 subscription Source", "sub 1 requests max(1)",
                "source: subscription 1 asks max(1)", "source: sends 1 to subscription 1",
                "source: sends 2 to subscription 1", "sub 1 receive 2", "sub 1 returns max(0)",
                "source: nobody asked subscription 1 for 3", "source: ends subscription 1", "sub 1 finished", "end",
            ]),
        Scenario(
            .demandTryMapCancelsUpstream,
            demand: program(
                .scripted(sends: [1, 2], end: .finished), [.tryMap(throwsOn: 1)], [sink],
                [(1, .send), (2, .send), (3, .end)]),
            expected: [
                "source: subscription 1 made", "source: subscription 1 asks unlimited",
                "source: sends 1 to subscription 1", "source: subscription 1 cancelled", "sink 1 failure(map)", "end",
            ]),
        Scenario(
            .demandAssignWritesEachValue,
            demand: program(.sequence([1, 2]), [], [.init(kind: .assign, subscribeAt: 0)]),
            expected: ["assign 1 value 1", "assign 1 value 2", "end"]),
        // Step 17 on. A subject keeps nothing for a subscriber: without demand, a value is gone.
        Scenario(
            .demandPassthroughDropsUnasked,
            demand: program(
                .subject(current: nil, sends: [1, 2], end: nil), [], [asking(.max(1))], [(1, .send), (1, .send)]),
            expected: [
                "sub 1 subscription PassthroughSubject", "sub 1 requests max(1)", "subject sends 1", "sub 1 receive 1",
                "sub 1 returns max(0)", "subject sends 2", "end",
            ]),
        Scenario(
            .demandCurrentValueOnFirstRequest,
            demand: program(
                .subject(current: 5, sends: [], end: nil), [], [asking(nil)], [(1, .request(subscriber: 0, .max(1)))]),
            expected: [
                "sub 1 subscription CurrentValueSubject", "sub 1 requests max(1)", "sub 1 receive 5",
                "sub 1 returns max(0)", "end",
            ]),
        Scenario(
            .demandCurrentValueKeepsLatest,
            demand: program(
                .subject(current: 1, sends: [2, 3], end: nil), [], [asking(nil)],
                [(1, .send), (1, .send), (2, .request(subscriber: 0, .max(1)))]),
            expected: [
                "sub 1 subscription CurrentValueSubject", "subject sends 2", "subject sends 3", "sub 1 requests max(1)",
                "sub 1 receive 3", "sub 1 returns max(0)", "end",
            ]),
        // Rule 1.7 and its kin: a terminal event needs no demand.
        Scenario(
            .demandSubjectEndsUnasked,
            demand: program(.subject(current: nil, sends: [], end: .finished), [], [asking(nil)], [(1, .end)]),
            expected: ["sub 1 subscription PassthroughSubject", "subject sends finished", "sub 1 finished", "end"]),
        Scenario(
            .demandSubjectLateSubscriber,
            demand: program(
                .subject(current: nil, sends: [], end: .failure), [], [asking(.max(1), at: 2)], [(1, .end)]),
            expected: [
                "subject sends failure(source)", "sub 1 subscription Empty", "sub 1 requests max(1)",
                "sub 1 failure(source)", "end",
            ]),
        // The first subscriber subscribes to the subject inside, then the subject to upstream,
        // which it asks for everything: its subscriber has asked already.
        Scenario(
            .demandShareSubscribesOnce,
            demand: program(
                .scripted(sends: [1], end: .finished), [.share], [sink, .init(kind: .sink, subscribeAt: 0)],
                [(1, .send), (2, .end)]),
            expected: [
                "source: subscription 1 made", "source: subscription 1 asks unlimited",
                "source: sends 1 to subscription 1", "sink 1 receive 1", "sink 2 receive 1",
                "source: ends subscription 1", "sink 1 finished", "sink 2 finished", "end",
            ]),
        Scenario(
            .demandShareSlowSubscriberMisses,
            demand: program(
                .scripted(sends: [1, 2], end: nil), [.share], [sink, asking(.max(1))], [(1, .send), (2, .send)]),
            expected: [
                "source: subscription 1 made", "source: subscription 1 asks unlimited", "sub 2 subscription Multicast",
                "sub 2 requests max(1)", "source: sends 1 to subscription 1", "sink 1 receive 1", "sub 2 receive 1",
                "sub 2 returns max(0)", "source: sends 2 to subscription 1", "sink 1 receive 2", "end",
            ]),
        Scenario(
            .demandMulticastWaitsForConnect,
            demand: program(
                .sequence([1, 2]), [.multicast(autoconnect: false)], [asking(.unlimited)], [(1, .connect)]),
            expected: [
                "sub 1 subscription Multicast", "sub 1 requests unlimited", "multicast connects", "sub 1 receive 1",
                "sub 1 returns max(0)", "sub 1 receive 2", "sub 1 returns max(0)", "sub 1 finished", "end",
            ]),
        // The count goes down on cancel alone; the connection ends with the last one.
        Scenario(
            .demandAutoconnectLastCancel,
            demand: program(
                .scripted(sends: [], end: nil), [.multicast(autoconnect: true)],
                [sink, .init(kind: .sink, subscribeAt: 0)],
                [(1, .cancel(subscriber: 0)), (2, .cancel(subscriber: 1))]),
            expected: [
                "source: subscription 1 made", "source: subscription 1 asks unlimited", "sink 1 cancels",
                "sink 2 cancels", "source: subscription 1 cancelled", "end",
            ]),
        // What `receive` returns goes to the subject's subscription as a request: without it,
        // the subject would drop the next value.
        Scenario(
            .demandMulticastAsksForReturnedDemand,
            demand: program(
                .subject(current: nil, sends: [1, 2], end: nil), [.multicast(autoconnect: true)],
                [asking(.max(1), returns: [.max(1)])], [(1, .send), (1, .send)]),
            expected: [
                "sub 1 subscription Multicast", "sub 1 requests max(1)", "subject sends 1", "sub 1 receive 1",
                "sub 1 returns max(1)", "subject sends 2", "sub 1 receive 2", "sub 1 returns max(1)", "end",
            ]),
        // Step 18. A finished child makes room: flatMap asks its upstream for one more publisher.
        Scenario(
            .demandFlatMapOnePublisherAtATime,
            demand: program(
                .scripted(sends: [1, 2], end: .finished),
                [.flatMap(maxPublishers: .max(1), child: .init(count: 1, end: .finished))], [sink],
                [(1, .send), (2, .send), (3, .end)]),
            expected: [
                "source: subscription 1 made", "source: subscription 1 asks max(1)",
                "source: sends 1 to subscription 1",
                "child 1 subscribed", "child 1 asked unlimited", "child 1 sends 11", "sink 1 receive 11",
                "child 1 finished", "source: subscription 1 asks max(1)", "source: sends 2 to subscription 1",
                "child 2 subscribed", "child 2 asked unlimited", "child 2 sends 21", "sink 1 receive 21",
                "child 2 finished", "source: subscription 1 asks max(1)", "source: ends subscription 1",
                "sink 1 finished", "end",
            ]),
        // Each delivered element earns its child one more request; what comes while the
        // subscriber has no demand waits, and a request takes it from the buffer first.
        Scenario(
            .demandFlatMapBuffersForSlowSubscriber,
            demand: program(
                .sequence([1, 2]), [.flatMap(maxPublishers: .unlimited, child: .init(count: 2, end: .finished))],
                [asking(.max(1))], [(1, .request(subscriber: 0, .max(1))), (2, .request(subscriber: 0, .max(2)))]),
            expected: [
                "sub 1 subscription FlatMap", "sub 1 requests max(1)", "child 1 subscribed", "child 1 asked max(1)",
                "child 1 sends 11", "sub 1 receive 11", "sub 1 returns max(0)", "child 1 sends 12", "child 1 finished",
                "child 2 subscribed", "child 2 asked max(1)", "child 2 sends 21", "sub 1 requests max(1)",
                "sub 1 receive 12", "sub 1 returns max(0)", "sub 1 requests max(2)", "sub 1 receive 21",
                "sub 1 returns max(0)", "child 2 asked max(1)", "child 2 sends 22", "child 2 finished",
                "sub 1 receive 22", "sub 1 returns max(0)", "sub 1 finished", "end",
            ]),
        // The upstream's end is not the subscriber's: an element in the buffer still has to go.
        Scenario(
            .demandFlatMapFinishesAfterBuffer,
            demand: program(
                .scripted(sends: [1], end: .finished),
                [.flatMap(maxPublishers: .max(1), child: .init(count: 2, end: .finished))], [asking(.max(1))],
                [(1, .send), (2, .end), (3, .request(subscriber: 0, .max(1)))]),
            expected: [
                "sub 1 subscription FlatMap", "sub 1 requests max(1)", "source: subscription 1 made",
                "source: subscription 1 asks max(1)", "source: sends 1 to subscription 1", "child 1 subscribed",
                "child 1 asked max(1)", "child 1 sends 11", "sub 1 receive 11", "sub 1 returns max(0)",
                "child 1 sends 12", "child 1 finished", "source: subscription 1 asks max(1)",
                "source: ends subscription 1", "sub 1 requests max(1)", "sub 1 receive 12", "sub 1 returns max(0)",
                "sub 1 finished", "end",
            ]),
        // Step 19. The next publisher replaces the child before, which is cancelled at once.
        Scenario(
            .demandSwitchToLatestCancelsPrevious,
            demand: program(
                .scripted(sends: [1, 2], end: .finished), [.switchToLatest(child: .init(count: 2, end: nil))],
                [asking(.max(1))], [(1, .send), (2, .send), (3, .request(subscriber: 0, .max(1))), (4, .end)]),
            expected: [
                "sub 1 subscription SwitchToLatest",
                "sub 1 requests max(1)",
                "source: subscription 1 made",
                "source: subscription 1 asks unlimited",
                "source: sends 1 to subscription 1",
                "child 1 subscribed",
                "child 1 asked max(1)",
                "child 1 sends 11",
                "sub 1 receive 11",
                "sub 1 returns max(0)",
                "source: sends 2 to subscription 1",
                "child 1 cancelled",
                "child 2 subscribed",
                "sub 1 requests max(1)",
                "child 2 asked max(1)",
                "child 2 sends 21",
                "sub 1 receive 21",
                "sub 1 returns max(0)",
                "source: ends subscription 1",
                "end",
            ]),
        // The downstream's demand is the latest child's: what was asked and not received goes
        // to the next child whole.
        Scenario(
            .demandSwitchToLatestCarriesDemand,
            demand: program(
                .scripted(sends: [1, 2], end: nil), [.switchToLatest(child: .init(count: 1, end: nil))],
                [asking(.max(3))], [(1, .send), (2, .send)]),
            expected: [
                "sub 1 subscription SwitchToLatest",
                "sub 1 requests max(3)",
                "source: subscription 1 made",
                "source: subscription 1 asks unlimited",
                "source: sends 1 to subscription 1",
                "child 1 subscribed",
                "child 1 asked max(3)",
                "child 1 sends 11",
                "sub 1 receive 11",
                "sub 1 returns max(0)",
                "source: sends 2 to subscription 1",
                "child 1 cancelled",
                "child 2 subscribed",
                "child 2 asked max(2)",
                "child 2 sends 21",
                "sub 1 receive 21",
                "sub 1 returns max(0)",
                "end",
            ]),
        // The upstream's end waits for the latest child's.
        Scenario(
            .demandSwitchToLatestFinishesWithLatestChild,
            demand: program(
                .scripted(sends: [1], end: .finished), [.switchToLatest(child: .init(count: 2, end: .finished))],
                [asking(.max(1))], [(1, .send), (2, .end), (3, .request(subscriber: 0, .max(1)))]),
            expected: [
                "sub 1 subscription SwitchToLatest",
                "sub 1 requests max(1)",
                "source: subscription 1 made",
                "source: subscription 1 asks unlimited",
                "source: sends 1 to subscription 1",
                "child 1 subscribed",
                "child 1 asked max(1)",
                "child 1 sends 11",
                "sub 1 receive 11",
                "sub 1 returns max(0)",
                "source: ends subscription 1",
                "sub 1 requests max(1)",
                "child 1 asked max(1)",
                "child 1 sends 12",
                "sub 1 receive 12",
                "sub 1 returns max(0)",
                "child 1 finished",
                "sub 1 finished",
                "end",
            ]),
        // Step 20. keepFull fills the buffer before anyone asks, and refills it as it empties.
        Scenario(
            .demandBufferKeepsFull,
            demand: program(
                .scripted(sends: [1, 2, 3, 4], end: .finished),
                [.buffer(size: 2, keepFull: true, whenFull: .dropNewest)], [asking(nil)],
                [
                    (1, .send), (1, .send), (2, .request(subscriber: 0, .max(1))), (3, .send), (3, .send),
                    (4, .request(subscriber: 0, .unlimited)), (5, .end),
                ]),
            expected: [
                "source: subscription 1 made",
                "source: subscription 1 asks max(2)",
                "sub 1 subscription Buffer",
                "source: sends 1 to subscription 1",
                "source: sends 2 to subscription 1",
                "sub 1 requests max(1)",
                "sub 1 receive 1",
                "sub 1 returns max(0)",
                "source: subscription 1 asks max(1)",
                "source: sends 3 to subscription 1",
                "source: nobody asked subscription 1 for 4",
                "sub 1 requests unlimited",
                "sub 1 receive 2",
                "sub 1 returns max(0)",
                "sub 1 receive 3",
                "sub 1 returns max(0)",
                "source: subscription 1 asks max(2)",
                "source: ends subscription 1",
                "sub 1 finished",
                "end",
            ]),
        // byRequest asks for everything; what finds the buffer full is dropped.
        Scenario(
            .demandBufferDropsNewest,
            demand: program(
                .scripted(sends: [1, 2, 3, 4], end: .finished),
                [.buffer(size: 2, keepFull: false, whenFull: .dropNewest)], [asking(nil)],
                [
                    (1, .send), (1, .send), (1, .send), (1, .send), (2, .request(subscriber: 0, .max(1))),
                    (3, .end), (4, .request(subscriber: 0, .max(3))),
                ]),
            expected: [
                "source: subscription 1 made",
                "source: subscription 1 asks unlimited",
                "sub 1 subscription Buffer",
                "source: sends 1 to subscription 1",
                "source: sends 2 to subscription 1",
                "source: sends 3 to subscription 1",
                "source: sends 4 to subscription 1",
                "sub 1 requests max(1)",
                "sub 1 receive 1",
                "sub 1 returns max(0)",
                "source: ends subscription 1",
                "sub 1 requests max(3)",
                "sub 1 receive 2",
                "sub 1 returns max(0)",
                "sub 1 finished",
                "end",
            ]),
        Scenario(
            .demandBufferDropsOldest,
            demand: program(
                .scripted(sends: [1, 2, 3, 4], end: .finished),
                [.buffer(size: 2, keepFull: false, whenFull: .dropOldest)], [asking(nil)],
                [
                    (1, .send), (1, .send), (1, .send), (1, .send), (2, .request(subscriber: 0, .max(1))),
                    (3, .end), (4, .request(subscriber: 0, .max(3))),
                ]),
            expected: [
                "source: subscription 1 made",
                "source: subscription 1 asks unlimited",
                "sub 1 subscription Buffer",
                "source: sends 1 to subscription 1",
                "source: sends 2 to subscription 1",
                "source: sends 3 to subscription 1",
                "source: sends 4 to subscription 1",
                "sub 1 requests max(1)",
                "sub 1 receive 3",
                "sub 1 returns max(0)",
                "source: ends subscription 1",
                "sub 1 requests max(3)",
                "sub 1 receive 4",
                "sub 1 returns max(0)",
                "sub 1 finished",
                "end",
            ]),
        // The error is kept, not sent: the subscriber hears of it when it asks.
        Scenario(
            .demandBufferCustomErrorWhenAsked,
            demand: program(
                .scripted(sends: [1, 2, 3], end: nil),
                [.buffer(size: 2, keepFull: false, whenFull: .customError)], [asking(nil)],
                [
                    (1, .send), (1, .send), (1, .send), (2, .request(subscriber: 0, .max(1))),
                    (3, .request(subscriber: 0, .max(2))),
                ]),
            expected: [
                "source: subscription 1 made",
                "source: subscription 1 asks unlimited",
                "sub 1 subscription Buffer",
                "source: sends 1 to subscription 1",
                "source: sends 2 to subscription 1",
                "source: sends 3 to subscription 1",
                "source: subscription 1 cancelled",
                "sub 1 requests max(1)",
                "sub 1 receive 1",
                "sub 1 returns max(0)",
                "sub 1 failure(full)",
                "sub 1 requests max(2)",
                "end",
            ]),
        // A failure does not wait behind the buffer when nothing is asked for.
        Scenario(
            .demandBufferFailsAtOnce,
            demand: program(
                .scripted(sends: [1, 2], end: .failure),
                [.buffer(size: 2, keepFull: true, whenFull: .dropNewest)], [asking(nil)],
                [(1, .send), (1, .send), (2, .end), (3, .request(subscriber: 0, .max(2)))]),
            expected: [
                "source: subscription 1 made",
                "source: subscription 1 asks max(2)",
                "sub 1 subscription Buffer",
                "source: sends 1 to subscription 1",
                "source: sends 2 to subscription 1",
                "source: ends subscription 1",
                "sub 1 failure(source)",
                "sub 1 requests max(2)",
                "end",
            ]),
        // Step 21. Each publisher is asked for one element at a time; one that comes while the
        // subscriber asks for nothing waits in its publisher's slot.
        Scenario(
            .demandMergeOneAtATime,
            demand: program(
                .scripted(sends: [1, 2, 3], end: nil), [.merge(other: .init(count: 2, end: nil))], [asking(.max(1))],
                [(1, .send), (1, .send), (2, .request(subscriber: 0, .max(2))), (3, .send)]),
            expected: [
                "sub 1 subscription Merge",
                "sub 1 requests max(1)",
                "source: subscription 1 made",
                "source: subscription 1 asks max(1)",
                "child 0 subscribed",
                "child 0 asked max(1)",
                "child 0 sends 51",
                "sub 1 receive 51",
                "sub 1 returns max(0)",
                "child 0 sends 52",
                "source: sends 1 to subscription 1",
                "source: nobody asked subscription 1 for 2",
                "sub 1 requests max(2)",
                "sub 1 receive 1",
                "sub 1 returns max(0)",
                "sub 1 receive 52",
                "sub 1 returns max(0)",
                "source: subscription 1 asks max(1)",
                "child 0 asked max(1)",
                "source: sends 3 to subscription 1",
                "end",
            ]),
        Scenario(
            .demandMergeUnlimited,
            demand: program(
                .scripted(sends: [1, 2], end: nil), [.merge(other: .init(count: 3, end: nil))], [asking(nil)],
                [(1, .send), (2, .request(subscriber: 0, .unlimited)), (3, .send)]),
            expected: [
                "sub 1 subscription Merge",
                "source: subscription 1 made",
                "source: subscription 1 asks max(1)",
                "child 0 subscribed",
                "child 0 asked max(1)",
                "child 0 sends 51",
                "source: sends 1 to subscription 1",
                "sub 1 requests unlimited",
                "sub 1 receive 1",
                "sub 1 returns max(0)",
                "sub 1 receive 51",
                "sub 1 returns max(0)",
                "source: subscription 1 asks unlimited",
                "child 0 asked unlimited",
                "child 0 sends 52",
                "sub 1 receive 52",
                "sub 1 returns max(0)",
                "child 0 sends 53",
                "sub 1 receive 53",
                "sub 1 returns max(0)",
                "source: sends 2 to subscription 1",
                "sub 1 receive 2",
                "sub 1 returns max(0)",
                "end",
            ]),
        Scenario(
            .demandMergeFinishesWithBoth,
            demand: program(
                .scripted(sends: [1], end: .finished), [.merge(other: .init(count: 1, end: .finished))],
                [asking(.max(1))], [(1, .send), (2, .end), (3, .request(subscriber: 0, .max(1)))]),
            expected: [
                "sub 1 subscription Merge",
                "sub 1 requests max(1)",
                "source: subscription 1 made",
                "source: subscription 1 asks max(1)",
                "child 0 subscribed",
                "child 0 asked max(1)",
                "child 0 sends 51",
                "sub 1 receive 51",
                "sub 1 returns max(0)",
                "child 0 finished",
                "source: sends 1 to subscription 1",
                "source: ends subscription 1",
                "sub 1 requests max(1)",
                "sub 1 receive 1",
                "sub 1 returns max(0)",
                "sub 1 finished",
                "end",
            ]),
        Scenario(
            .demandMergeFailureCancelsOther,
            demand: program(
                .scripted(sends: [1], end: .failure), [.merge(other: .init(count: 1, end: nil))], [asking(.unlimited)],
                [(1, .send), (2, .end)]),
            expected: [
                "sub 1 subscription Merge",
                "sub 1 requests unlimited",
                "source: subscription 1 made",
                "source: subscription 1 asks unlimited",
                "child 0 subscribed",
                "child 0 asked unlimited",
                "child 0 sends 51",
                "sub 1 receive 51",
                "sub 1 returns max(0)",
                "source: sends 1 to subscription 1",
                "sub 1 receive 1",
                "sub 1 returns max(0)",
                "source: ends subscription 1",
                "source: subscription 1 cancelled",
                "child 0 cancelled",
                "sub 1 failure(source)",
                "end",
            ]),
    ]
}
