// The scenario table: every scenario runs against every step that has what it needs.
// Expected traces carry virtual times ("t2 dispose") wherever the scenario has a clock.
public enum ScenarioID: String, Sendable, CaseIterable, Codable {
    case articleDemo01 = "the article's RxDemo-01 demo"
    case articleDemo02 = "the article's RxDemo-02/03 demo: dispose at 2, completed at 3"
    case articleDemo04 = "the article's RxDemo-04 demo: map { $0 * 2 }"
    case articleDemo05 = "the article's RxDemo-05/06 demo: map { $0 * 2 }.map { $0 + 1 }"
    case eventsInOrderThenCompleted = "events arrive in order, then completed"
    case nothingAfterCompleted = "nothing is delivered after completed"
    case nothingAfterError = "nothing is delivered after error"
    case completedRunsDisposeClosure = "completed runs the dispose closure"
    case errorRunsDisposeClosure = "error terminates and runs the dispose closure"
    case disposeBeforeCompletion = "dispose before completion stops delivery and runs the closure"
    case disposeTwice = "dispose twice runs the closure once"
    case disposeAfterCompletion = "dispose after completion runs nothing again"
    case disposeFromHandler = "dispose from inside the subscriber's handler"
    case disposeFromHandlerThroughMaps = "dispose from inside the subscriber's handler, through two maps"
    case eventFromDisposeClosure = "an event sent from inside the dispose closure is not delivered"
    case disposeFromDisposeClosure = "a dispose from inside the dispose closure runs the closure once"
    case synchronousCompletion = "synchronous completion during subscribe"
    case synchronousCompletionThroughMaps = "synchronous completion during subscribe, through two maps"
    case errorThroughMaps = "an error travels through two maps and runs the dispose closure"
    case throwingMap = "a throwing map becomes an error and tears the source down"
    case independentSubscriptions = "two subscriptions to one observable are independent"
    case subscribeAgainAfterCompletion = "subscribing again after completion runs the generator again"
    case freedAfterCompletion = "every object is freed after completion"
    case freedAfterCompletionThroughMaps = "every object of a map chain is freed after completion"
    case freedAfterDispose = "every object of a map chain is freed after dispose"
    case freedAfterSynchronousCompletion = "every object of a map chain is freed after synchronous completion"
    case subscriberKeepsDisposable = "a subscriber that keeps its own disposable is freed after completion"
    case subscriberKeepsDisposableThroughMaps =
        "a subscriber that keeps its own disposable is freed after completion, through two maps"
    case transformOncePerElement = "map calls its transform once per element"
    case independentSubscriptionsThroughMap = "two subscriptions through one map are independent"
    case generatorFreedWhileDisposableHeld =
        "what the generator captures is freed after completion, while the disposable is still held"
    case disposeClosureCapturingObserverFreed = "a dispose closure that captures its observer is freed after dispose"
    case coldLateSubscriber = "cold: a late subscriber runs the generator again and gets everything"
    // The second act: RxSwift's API (step 07 on) and subjects (step 08 on).
    case articleDemo07 = "the RxDemo-07 demo: subscribe(onNext:…) into a DisposeBag that is freed at 2"
    case handlersOnCompleted = "subscribe(onNext:…): onCompleted, then onDisposed, then the dispose closure"
    case handlersOnError = "subscribe(onNext:…): onError, then onDisposed, then the dispose closure"
    case handlersDispose = "subscribe(onNext:…): dispose() runs the dispose closure, then onDisposed"
    case handlersDisposeTwice = "subscribe(onNext:…): a second dispose() runs nothing"
    case handlersDisposeFromOnNext = "subscribe(onNext:…): dispose() from inside onNext"
    case handlersSynchronousCompletion = "subscribe(onNext:…): synchronous completion through two maps"
    case bagDisposesInOrder = "a DisposeBag that is freed disposes its subscriptions in the order they went in"
    case bagAfterCompletion = "a DisposeBag freed after completion runs nothing again"
    case bagFreesChain = "every object of a map chain is freed when its DisposeBag is"
    case justElementThenCompleted = "just: its element and completed, during subscribe"
    case justThroughMap = "just through a map"
    case hotLateSubscriber = "hot: a late subscriber to a PublishSubject gets only what comes after it"
    case publishCompletedToLateSubscriber =
        "a PublishSubject: completed reaches every subscriber, then lets them go; a late one gets completed at once"
    case publishErrorToLateSubscriber = "a PublishSubject after an error: a late subscriber gets the error at once"
    case publishDisposeOne = "a PublishSubject: disposing one subscription removes only that observer"
    case publishDisposeFromOwnHandler =
        "a PublishSubject: a subscriber that disposes from its own handler; the others still get the event"
    case publishOrderAfterRemoval = "a PublishSubject calls a newcomer first when it takes a freed first slot"
    case behaviorCurrentValueFirst = "a BehaviorSubject sends its current value on subscribe, then what follows"
    case behaviorAfterError =
        "a BehaviorSubject after an error: value() throws it, a late subscriber gets it, the observers stay"
    // Step 10 on: schedulers, on the step's own virtual time.
    case observeOnKeepsOrder = "observe(on:) delivers each event later, on the scheduler, in order"
    case observeOnDropsQueuedAfterDispose =
        "observe(on:) drops the events still queued when the subscription is disposed"
    // Lifetimes after an error, subjects under re-entrancy (issue 19's blind spots).
    case freedAfterErrorThroughMaps = "every object of a map chain is freed after an upstream error"
    case handlersWithoutOnError =
        "subscribe(onNext:…) without onError: an error still ends it, and onDisposed runs before the dispose closure"
    case publishDisposeOtherDuringSend =
        "a PublishSubject: a handler disposes another subscriber during a send; that one still gets this event, not the next"
    case behaviorSendsFromInitialValue =
        "a BehaviorSubject: a handler that sends when it gets the current value gets what it sent too"
    case behaviorValueFromHandler = "a BehaviorSubject: a handler asks value() while it gets the current value"
    case hasObserversAfterSubjectDisposed = "a PublishSubject that is disposed has no observers, and sends nothing more"
    case subscribeOnDisposesOnScheduler =
        "subscribe(on:) a plain source: after completed, the source is disposed by a later action on the scheduler"
    case bufferDropsPendingOnError = "buffer: an error drops the elements still waiting; only the error arrives"
    case bufferTimeOrCount =
        "buffer(timeSpan: 3, count: 2): an array on two elements or 3 seconds after the previous array, the rest on completion"
    // The third act. Without sharing, and step 11 on: sharing one run of a cold source.
    case coldRunsPerSubscriber = "cold: each subscriber runs the generator once and gets elements of its own"
    case shareRunsOnce =
        "share(): two subscribers, one run of the generator; completed reaches both, then the source is disposed"
    case publishRefCountDisposesFirst =
        "publish().refCount(): a terminal event disposes the source before the subscribers get it"
    case shareLateSubscriber = "share(): a late subscriber gets only what comes after it"
    case shareReplay1LateSubscriber = "share(replay: 1): a late subscriber gets the latest element first"
    case shareReplay2LateSubscriber =
        "share(replay: 2): a late subscriber gets the last two; completed comes after the source is disposed"
    case whileConnectedAfterCompleted =
        "share(replay: 1): a subscriber after completed runs the generator again and gets nothing stale"
    case foreverAfterCompleted =
        "share(replay: 1, scope: .forever): a subscriber after completed gets the stale element and completed, and nothing runs"
    case whileConnectedAfterError =
        "share(replay: 1): a subscriber after an error runs the generator again"
    case foreverAfterError =
        "share(replay: 1, scope: .forever): a subscriber after an error gets the stale element and the error"
    case whileConnectedReconnect =
        "share(replay: 1): after the last subscriber left, the next one runs the generator again and gets nothing stale"
    case foreverReconnect =
        "share(replay: 1, scope: .forever): after the last subscriber left, the next one gets the stale element, then the generator runs again"
    case lastSubscriberDisposesSource = "share(): only the last subscriber to leave disposes the source"
    case publishStrandsSubscriber =
        "publish(): after a disconnect, the next connect() makes a new subject; an earlier subscriber hears nothing"
    case connectionEndsWithSource =
        "publish(): completed ends the connection, which disposes the source before the subscriber gets completed"
    case refCountReconnectsFromCompleted =
        "publish().refCount(): a subscriber that subscribes again from its completed handler connects again: a second run"
    case multicastKeepsSubject =
        "multicast(subject): after a disconnect, the next connect() uses the same subject; an earlier subscriber hears it"
    // Step 12: operators that own several subscriptions.
    case flatMapKeepsEveryInner =
        "flatMap: every inner runs; each is disposed when it completes; completed comes when the source and every inner have"
    case flatMapLatestDisposesPrevious =
        "flatMapLatest: a new element disposes the previous inner before subscribing the next; its late events are dropped"
    case concatMapOneAtATime =
        "concatMap: one inner at a time; the next is subscribed when the previous completes"
    case concatMapQueueInOrder =
        "concatMap: inners queued while one runs are subscribed in the order their elements came"
    case flatMapDisposedMidFlight =
        "flatMap: dispose() mid-flight disposes the source, then every inner in the order they came"
    case flatMapInnerErrorEndsAll =
        "flatMap: an inner's error goes on, then the source and every inner are disposed"
    case flatMapSourceCompletesLast =
        "flatMap on RxSwift 6.10: a source that completes after every inner is disposed first, then completed goes on"
    case concatMapSourceCompletesLast =
        "concatMap: a source that completes after every inner: completed goes on, then the source is disposed"
    case flatMapLatestSourceCompletesLast =
        "flatMapLatest: a source that completes after its inner is disposed first, then completed goes on"
    case mergeCompletesAfterAll = "Observable.merge: completed comes when every source has completed"
    case mergeErrorDisposesOthers = "Observable.merge: an error goes on, then every source is disposed"
    // Step 15: the orders RxSwift's main branch changed, and what its replay outside the lock fixed.
    case flatMapSourceCompletesLastMain =
        "flatMap on RxSwift's main branch: a source that completes after every inner: completed goes on, then the source is disposed"
    case mergeFailsDuringSubscribe =
        "Observable.merge on RxSwift 6.10: a source that fails during its subscribe: the next one is still subscribed, its events dropped"
    case mergeFailsDuringSubscribeMain =
        "Observable.merge on RxSwift's main branch: a source that fails during its subscribe: the next one is never subscribed"
    case sendDuringReplay =
        "share(replay: 2): an element that a late subscriber's handler sends during its replay reaches it after the replay"
    case lateSubscriberWithoutReplay =
        "share(): a late subscriber gets nothing that was sent before it, so its handler never runs"
    case ambListFirstWins =
        "Observable.amb([…]): the first source to send wins; the loser is disposed before that element arrives"
    case ambInstanceFirstWins =
        "a.amb(b): the first source to send wins; the loser is disposed before that element arrives"
    case catchSubscribesFallbackFirst =
        "catch: on an error the fallback is subscribed first, then the failed source is disposed"
    case catchAndReturnBeforeDispose =
        "catchAndReturn: the element and completed arrive before the failed source is disposed"
    case retryTwoAttempts =
        "retry(2): two attempts in all; each failed one is disposed before the next runs, and the last error goes on"
    case retryUntilDisposed = "retry(): the generator runs again after every error, until dispose()"
    case emptyCompletes = "Observable.empty(): completed at once"
    case neverUntilDisposed = "Observable.never(): nothing, until dispose()"
    case errorFails = "Observable.error(_:): the error at once"
    case deferredAtSubscribe = "Observable.deferred: the factory runs at each subscribe, not before"
    // Step 13: traits and hooks.
    case singleSuccess = "Single.create: a success reaches onSuccess, then onDisposed; the subscription ends with it"
    case singleSendsTwice =
        "Single.create: a second success goes nowhere; the subscription already ended at the first"
    case singleFailure =
        "Single.create: a failure reaches onFailure, then onDisposed, and never Hooks.defaultErrorHandler"
    case singleEventIsResult = "Single's subscribe(_:) hands each subscriber one SingleEvent, Swift's Result"
    case singleWithoutOnFailure = "Single without onFailure: the failure goes to Hooks.defaultErrorHandler"
    case observableWithoutOnError =
        "subscribe(onNext:…) without onError: the error goes to Hooks.defaultErrorHandler"
    case observableOnErrorTakesError =
        "subscribe(onNext:onError:…): the error goes to onError, and never to Hooks.defaultErrorHandler"
    case asSingleOneElement = "asSingle(): one element arrives as a success when the source completes, not before"
    case asSingleNoElement = "asSingle(): a source that completes empty fails with RxError.noElements"
    case asSingleTwoElements =
        "asSingle(): a second element fails with RxError.moreThanOneElement at once and disposes the source"
    case asMaybeNoElement = "asMaybe(): a source that completes empty completes the Maybe"
    case maybeSuccess = "Maybe.create: a success reaches onSuccess; onCompleted does not run"
    case completableCompleted = "Completable.create: completed reaches onCompleted, then onDisposed"
    case maybeErrorTakesError =
        "Maybe.create: an error reaches onError, then onDisposed, and never Hooks.defaultErrorHandler"
    case completableErrorTakesError =
        "Completable.create: an error reaches onError, then onDisposed, and never Hooks.defaultErrorHandler"
    case singleMap = "Single.map: the transformed element is the success"
    case singleFlatMap =
        "Single.flatMap: the second Single is subscribed when the first succeeds; its success is the result"
    // Step 14: RxCocoa's core, and the app.
    case driverErrorBecomesElement =
        "asDriver(onErrorJustReturn:): the error becomes that element, then completed; the source's run ends first"
    case driverDeliversOnScheduler =
        "Driver: elements arrive on the sharing scheduler, after the sends that made them"
    case driverReplaysLatest = "Driver: a late subscriber gets the latest element at once; the source runs once"
    case signalNoReplay = "Signal: a late subscriber gets only what comes after it; the source runs once"
    case driveOptionalObserver =
        "Driver: drive(_:) an observer of optional elements, as a label's text: each element, then completed"
    case emitToOptionalObserver =
        "Signal: emit(to:) an observer of optional elements, as a label's text: each element, then completed"
    case searchTypingFastCancels =
        "search screen: typing fast cancels the earlier request; only the last query's results arrive"
    case searchErrorKeepsWorking =
        "search screen: a failed request becomes a message, and the next query still searches"
    case searchRefreshRetries = "search screen: a refresh tap searches the latest query again"
    case searchClosedCancels =
        "search screen: closing it cancels the running request, and nothing is left alive or subscribed"
    // Hot sources written so that the side step's `Signal` can run them too: every subscriber
    // keeps its subscription (there, only a held Disposable keeps one), no terminal events.
    case heldUntilDisposed = "hot, its disposable held: a subscriber gets what is sent until it disposes"
    case heldLateSubscriber = "hot, every disposable held: a late subscriber gets only what comes after it"
    case heldDisposeOne = "hot, every disposable held: disposing one subscription ends only that one"
    case heldDisposeFromOwnHandler =
        "hot, every disposable held: a subscriber that disposes in its own handler gets nothing more"
    case heldDisposeOtherDuringSend =
        "hot, every disposable held: a subscriber that another's handler disposes during a send still gets that value"
    case hotThroughMaps = "hot, its disposable held: map { $0 * 2 }.map { $0 + 1 } on every value sent"
    case hotMapPerSubscriber = "hot, every disposable held: map calls its transform once per subscriber"
    case keptDisposableDisposed =
        "hot: a subscriber that keeps its own disposable and disposes it gets nothing more, and is freed"
    case hotFlatMapHearsEveryInner = "flatMap on a hot source: every inner is heard, the earlier ones too"
    case hotFlatMapLatestHearsLatest = "flatMapLatest on a hot source: only the latest inner is heard"
    // Not in the table: what every program of Tests/TraceSuite/Programs.swift is.
    case generated = "a generated program"
    // The demand act (DemandScenarios.swift).
    case demandOneAtATime = "a subscriber that asks for one element gets one, and no more until it asks again"
    case demandReturnedAdds = "the demand that receive returns adds to what is outstanding"
    case demandRequestInReceiveQueued = "a request from inside receive is served after receive returns, not inside it"
    case demandNothingBeforeAsked = "a publisher sends nothing before its subscriber asks"
    case demandNothingAfterCancel = "after cancel nothing arrives, not even finished"
    case demandEmptySequence = "an empty sequence hands over a subscription, then finishes"
    case demandSinkAsksEverything = "sink asks for everything at once"
    case demandReleasingCancels = "releasing the AnyCancellable cancels the subscription"
    case demandFutureValueWaits = "a Future's value waits for demand"
    case demandFutureFailureDoesNotWait = "a Future's failure does not wait for demand"
    case demandDeferredPerSubscriber = "Deferred makes a publisher for each subscriber, when it subscribes"
    case demandFilterAsksForMore = "filter asks upstream for one more element for each one it drops"
    case demandTryMapCancelsUpstream = "a tryMap that throws cancels upstream, then fails downstream"
    case demandAssignWritesEachValue = "assign writes each value to the property"
    // Step 17 on: subjects and sharing under demand.
    case demandPassthroughDropsUnasked =
        "a PassthroughSubject drops a value for a subscriber that has not asked for one"
    case demandCurrentValueOnFirstRequest =
        "a CurrentValueSubject hands its value over at the first request, not at subscription"
    case demandCurrentValueKeepsLatest = "a CurrentValueSubject keeps the latest value sent while nobody asked"
    case demandSubjectEndsUnasked = "a subject's completion reaches a subscriber that never asked"
    case demandSubjectLateSubscriber = "a subscriber after a subject's end gets an empty subscription, then the end"
    case demandShareSubscribesOnce = "share subscribes upstream once, for every subscriber"
    case demandShareSlowSubscriberMisses = "share: a value goes to the subscribers that asked; a slow one misses it"
    case demandMulticastWaitsForConnect = "multicast sends nothing before connect()"
    case demandAutoconnectLastCancel = "autoconnect cancels upstream when its last subscriber cancels"
    case demandMulticastAsksForReturnedDemand =
        "multicast asks the subject for the demand its subscriber's receive returns"
    case demandFlatMapOnePublisherAtATime =
        "flatMap(maxPublishers: .max(1)) asks for one publisher, and for the next when its child finishes"
    case demandFlatMapBuffersForSlowSubscriber =
        "flatMap asks a child for one element at a time and keeps what its subscriber has not asked for"
    case demandFlatMapFinishesAfterBuffer =
        "flatMap finishes once the upstream has finished and its buffer is empty"
    case demandSwitchToLatestCancelsPrevious =
        "switchToLatest cancels the child before when the next publisher comes"
    case demandSwitchToLatestCarriesDemand =
        "switchToLatest asks a new child for what its subscriber asked for and did not get"
    case demandSwitchToLatestFinishesWithLatestChild =
        "switchToLatest finishes once the upstream and its latest child have both finished"
    case demandBufferKeepsFull =
        "buffer with keepFull asks the upstream for its size at once, then one more for each element it sends on"
    case demandBufferDropsNewest =
        "a full buffer with dropNewest drops what comes, and keeps the oldest for its subscriber"
    case demandBufferDropsOldest =
        "a full buffer with dropOldest drops the oldest to make room, and keeps the newest for its subscriber"
    case demandBufferCustomErrorWhenAsked =
        "a full buffer with customError cancels the upstream, and fails its subscriber when it next asks, after the elements that request takes"
    case demandBufferFailsAtOnce =
        "a failure reaches a subscriber that asks for nothing at once, and the buffered elements are lost"
    case demandMergeOneAtATime =
        "merge asks each publisher for one element at a time, and keeps one that comes unasked until its subscriber asks"
    case demandMergeUnlimited =
        "a request for unlimited sends what waits, then asks every publisher of a merge for everything"
    case demandMergeFinishesWithBoth =
        "merge finishes once both publishers have finished and nothing waits"
    case demandMergeFailureCancelsOther =
        "a failure from one publisher of a merge cancels the other and goes down at once"
}

extension Scenario {
    // The article's demo source: 0...3 during subscribe, then completed at t=3.
    private static let articleSource = SourceScript(
        hasDisposeClosure: true, .send(0), .send(1), .send(2), .send(3), .complete(at: 3))

    public static let all: [Scenario] =
        [
            Scenario(
                .articleDemo01,
                source: SourceScript(hasDisposeClosure: false, .send(0), .send(1), .send(2), .send(3), .complete()),
                expected: [
                    "send 0", "receive 0", "send 1", "receive 1", "send 2", "receive 2", "send 3", "receive 3",
                    "send completed", "receive completed",
                ]),
            Scenario(
                .articleDemo02, source: articleSource, subscribers: [.dispose(at: 2)],
                expected: [
                    "t0 send 0", "t0 receive 0", "t0 send 1", "t0 receive 1", "t0 send 2", "t0 receive 2", "t0 send 3",
                    "t0 receive 3", "t2 dispose", "t3 send completed",
                ]),
            Scenario(
                .articleDemo04, source: articleSource, operators: [.times(2)], subscribers: [.dispose(at: 2)],
                expected: [
                    "t0 send 0", "t0 receive 0", "t0 send 1", "t0 receive 2", "t0 send 2", "t0 receive 4", "t0 send 3",
                    "t0 receive 6", "t2 dispose", "t3 send completed",
                ]),
            Scenario(
                .articleDemo05, source: articleSource, operators: [.times(2), .plus(1)], subscribers: [.dispose(at: 2)],
                expected: [
                    "t0 send 0", "t0 receive 1", "t0 send 1", "t0 receive 3", "t0 send 2", "t0 receive 5", "t0 send 3",
                    "t0 receive 7", "t2 dispose", "t3 send completed",
                ]),
            Scenario(
                .eventsInOrderThenCompleted,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2), .complete(at: 3)),
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send 2", "t2 receive 2", "t3 send completed",
                    "t3 receive completed",
                ]),
            Scenario(
                .nothingAfterCompleted,
                source: SourceScript(
                    hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2), .send(2, at: 3), .complete(at: 4)),
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send completed", "t2 receive completed", "t3 send 2",
                    "t4 send completed",
                ]),
            Scenario(
                .nothingAfterError,
                source: SourceScript(
                    hasDisposeClosure: false, .send(1, at: 1), .fail(at: 2), .send(2, at: 3), .complete(at: 4)),
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 receive error(source)", "t3 send 2",
                    "t4 send completed",
                ]),
            Scenario(
                .completedRunsDisposeClosure,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 2)),
                expected: ["t1 send 1", "t1 receive 1", "t2 send completed", "t2 receive completed", "t2 dispose"]),
            Scenario(
                .errorRunsDisposeClosure,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .fail(at: 2), .send(2, at: 3)),
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 receive error(source)", "t2 dispose",
                    "t3 send 2",
                ]),
            Scenario(
                .disposeBeforeCompletion,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 3), .complete(at: 4)),
                subscribers: [.dispose(at: 2)],
                expected: ["t1 send 1", "t1 receive 1", "t2 dispose", "t3 send 2", "t4 send completed"]),
            Scenario(
                .disposeTwice,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 4)),
                subscribers: [.dispose(at: 2, 3)],
                expected: ["t1 send 1", "t1 receive 1", "t2 dispose", "t4 send 2"]),
            Scenario(
                .disposeAfterCompletion,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 2)),
                subscribers: [.dispose(at: 3)],
                expected: ["t1 send 1", "t1 receive 1", "t2 send completed", "t2 receive completed", "t2 dispose"]),
            Scenario(
                .disposeFromHandler,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .send(3, at: 3)),
                subscribers: [SubscriberScript(disposeOnReceiving: 2)],
                expected: ["t1 send 1", "t1 receive 1", "t2 send 2", "t2 receive 2", "t2 dispose", "t3 send 3"]),
            Scenario(
                .disposeFromHandlerThroughMaps,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .send(3, at: 3)),
                operators: [.times(2), .plus(1)], subscribers: [SubscriberScript(disposeOnReceiving: 5)],
                expected: ["t1 send 1", "t1 receive 3", "t2 send 2", "t2 receive 5", "t2 dispose", "t3 send 3"]),
            Scenario(
                .eventFromDisposeClosure,
                source: SourceScript(
                    hasDisposeClosure: true, sendsWhenDisposed: .next(9), .send(1, at: 1), .send(2, at: 3)),
                subscribers: [.dispose(at: 2)],
                expected: ["t1 send 1", "t1 receive 1", "t2 dispose", "t2 send 9", "t3 send 2"]),
            Scenario(
                .disposeFromDisposeClosure,
                source: SourceScript(
                    hasDisposeClosure: true, disposesAgainWhenDisposed: true, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [.dispose(at: 2)],
                expected: ["t1 send 1", "t1 receive 1", "t2 dispose", "t3 send 2"]),
            Scenario(
                .synchronousCompletion,
                source: SourceScript(hasDisposeClosure: true, .send(1), .complete()),
                expected: ["send 1", "receive 1", "send completed", "receive completed", "dispose"]),
            Scenario(
                .synchronousCompletionThroughMaps,
                source: SourceScript(hasDisposeClosure: true, .send(1), .complete()),
                operators: [.times(2), .plus(1)],
                expected: ["send 1", "receive 3", "send completed", "receive completed", "dispose"]),
            Scenario(
                .errorThroughMaps,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .fail(at: 2), .send(2, at: 3)),
                operators: [.times(2), .plus(1)],
                expected: [
                    "t1 send 1", "t1 receive 3", "t2 send error(source)", "t2 receive error(source)", "t2 dispose",
                    "t3 send 2",
                ]),
            Scenario(
                .throwingMap,
                source: SourceScript(
                    hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .send(3, at: 3), .complete(at: 4)),
                operators: [.failing(on: 2)],
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send 2", "t2 receive error(map)", "t2 dispose", "t3 send 3",
                    "t4 send completed",
                ]),
            Scenario(
                .independentSubscriptions,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 3), .complete(at: 4)),
                subscribers: [.dispose(at: 2), SubscriberScript()],
                expected: [
                    "t1 a: send 1", "t1 a: receive 1", "t1 b: send 1", "t1 b: receive 1",
                    "t2 a: dispose",
                    "t3 a: send 2", "t3 b: send 2", "t3 b: receive 2",
                    "t4 a: send completed", "t4 b: send completed", "t4 b: receive completed", "t4 b: dispose",
                ]),
            Scenario(
                .subscribeAgainAfterCompletion,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 2)),
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 3)],
                expected: [
                    "t1 a: send 1", "t1 a: receive 1", "t2 a: send completed", "t2 a: receive completed",
                    "t2 a: dispose",
                    "t4 b: send 1", "t4 b: receive 1", "t5 b: send completed", "t5 b: receive completed",
                    "t5 b: dispose",
                ]),
            Scenario(
                .freedAfterCompletion,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2)),
                lifetimes: .everything,
                expected: ["t1 send 1", "t1 receive 1", "t2 send completed", "t2 receive completed"]),
            Scenario(
                .freedAfterCompletionThroughMaps,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2)),
                operators: [.times(2), .plus(1)], lifetimes: .everything,
                expected: ["t1 send 1", "t1 receive 3", "t2 send completed", "t2 receive completed"]),
            Scenario(
                .freedAfterDispose,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                operators: [.times(2), .plus(1)], subscribers: [.dispose(at: 2)], lifetimes: .everything,
                expected: ["t1 send 1", "t1 receive 3", "t3 send 2"]),
            Scenario(
                .freedAfterSynchronousCompletion,
                source: SourceScript(hasDisposeClosure: false, .send(1), .complete()),
                operators: [.times(2), .plus(1)], lifetimes: .everything,
                expected: ["send 1", "receive 3", "send completed", "receive completed"]),
            Scenario(
                .subscriberKeepsDisposable,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2)),
                subscribers: [SubscriberScript(keepsDisposable: true)], lifetimes: .everything,
                expected: ["t1 send 1", "t1 receive 1", "t2 send completed", "t2 receive completed"]),
            Scenario(
                .subscriberKeepsDisposableThroughMaps,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2)),
                operators: [.times(2), .plus(1)], subscribers: [SubscriberScript(keepsDisposable: true)],
                lifetimes: .everything,
                expected: ["t1 send 1", "t1 receive 3", "t2 send completed", "t2 receive completed"]),
            // The transform runs exactly once per element, between the send and the receive.
            Scenario(
                .transformOncePerElement,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .complete(at: 3)),
                operators: [.tracedTimes(2)],
                expected: [
                    "t1 send 1", "t1 map 1", "t1 receive 2", "t2 send 2", "t2 map 2", "t2 receive 4",
                    "t3 send completed",
                    "t3 receive completed", "t3 dispose",
                ]),
            // Each subscription through a map gets its own chain: disposing one leaves the other.
            Scenario(
                .independentSubscriptionsThroughMap,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 3), .complete(at: 4)),
                operators: [.times(2)], subscribers: [.dispose(at: 2), SubscriberScript()],
                expected: [
                    "t1 a: send 1", "t1 a: receive 2", "t1 b: send 1", "t1 b: receive 2",
                    "t2 a: dispose",
                    "t3 a: send 2", "t3 b: send 2", "t3 b: receive 4",
                    "t4 a: send completed", "t4 b: send completed", "t4 b: receive completed", "t4 b: dispose",
                ]),
            // RxSwift's sink uses the generator during `run` and keeps nothing of it: a disposable
            // that a screen still holds must not keep the generator's captures alive.
            Scenario(
                .generatorFreedWhileDisposableHeld,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2)),
                subscribers: [SubscriberScript(disposableHeldElsewhere: true)], lifetimes: .generatorCaptures,
                expected: ["t1 send 1", "t1 receive 1", "t2 send completed", "t2 receive completed"]),
            // RxSwift's AnonymousDisposable drops its closure once it has run it.
            Scenario(
                .disposeClosureCapturingObserverFreed,
                source: SourceScript(
                    hasDisposeClosure: true, disposeClosureCapturesObserver: true, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [.dispose(at: 2)], lifetimes: .everything,
                expected: ["t1 send 1", "t1 receive 1", "t2 dispose", "t3 send 2"]),
            // Cold: each subscription runs its own generator, its times counted from its start.
            // Beside `hotLateSubscriber` on the step 08 page.
            Scenario(
                .coldLateSubscriber,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 2)],
                expected: [
                    "t1 a: send 1", "t1 a: receive 1", "t3 a: send 2", "t3 a: receive 2", "t3 b: send 1",
                    "t3 b: receive 1", "t5 b: send 2", "t5 b: receive 2",
                ]),
        ] + secondAct

    // From step 07 on. Orders follow RxSwift 6: `subscribe(onNext:…)` returns
    // `Disposables.create(subscription, onDisposed's disposable)`, and a terminal event
    // reaches the handlers before the sink disposes the subscription.
    private static let secondAct: [Scenario] =
        [
            Scenario(
                .articleDemo07, source: articleSource, operators: [.times(2), .plus(1)],
                subscribers: [.handlers(inBag: true)], bagFreedAt: 2,
                expected: [
                    "t0 send 0", "t0 receive 1", "t0 send 1", "t0 receive 3", "t0 send 2", "t0 receive 5", "t0 send 3",
                    "t0 receive 7", "t2 dispose", "t2 onDisposed", "t3 send completed",
                ]),
            Scenario(
                .handlersOnCompleted,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 2)),
                subscribers: [.handlers()],
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send completed", "t2 receive completed", "t2 onDisposed",
                    "t2 dispose",
                ]),
            Scenario(
                .handlersOnError,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .fail(at: 2), .send(2, at: 3)),
                subscribers: [.handlers()],
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 receive error(source)", "t2 onDisposed",
                    "t2 dispose", "t3 send 2",
                ]),
            Scenario(
                .handlersDispose,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [.handlers(disposeAt: [2])],
                expected: ["t1 send 1", "t1 receive 1", "t2 dispose", "t2 onDisposed", "t3 send 2"]),
            Scenario(
                .handlersDisposeTwice,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 4)),
                subscribers: [.handlers(disposeAt: [2, 3])],
                expected: ["t1 send 1", "t1 receive 1", "t2 dispose", "t2 onDisposed", "t4 send 2"]),
            Scenario(
                .handlersDisposeFromOnNext,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .send(3, at: 3)),
                subscribers: [SubscriberScript(disposeOnReceiving: 2, style: .handlers)],
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send 2", "t2 receive 2", "t2 dispose", "t2 onDisposed",
                    "t3 send 3",
                ]),
            Scenario(
                .handlersSynchronousCompletion,
                source: SourceScript(hasDisposeClosure: true, .send(1), .complete()),
                operators: [.times(2), .plus(1)], subscribers: [.handlers()],
                expected: ["send 1", "receive 3", "send completed", "receive completed", "onDisposed", "dispose"]),
            Scenario(
                .bagDisposesInOrder,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [.handlers(inBag: true), .handlers(inBag: true)], bagFreedAt: 2,
                expected: [
                    "t1 a: send 1", "t1 a: receive 1", "t1 b: send 1", "t1 b: receive 1",
                    "t2 a: dispose", "t2 a: onDisposed", "t2 b: dispose", "t2 b: onDisposed",
                    "t3 a: send 2", "t3 b: send 2",
                ]),
            Scenario(
                .bagAfterCompletion,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 2)),
                subscribers: [.handlers(inBag: true)], bagFreedAt: 3,
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send completed", "t2 receive completed", "t2 onDisposed",
                    "t2 dispose",
                ]),
            Scenario(
                .bagFreesChain,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                operators: [.times(2), .plus(1)], subscribers: [.handlers(inBag: true)], lifetimes: .everything,
                bagFreedAt: 2,
                expected: ["t1 send 1", "t1 receive 3", "t2 onDisposed", "t3 send 2"]),
            Scenario(
                .justElementThenCompleted, kind: .just(7), source: SourceScript(hasDisposeClosure: false),
                subscribers: [.handlers()],
                expected: ["receive 7", "receive completed", "onDisposed"]),
            Scenario(
                .justThroughMap, kind: .just(7), source: SourceScript(hasDisposeClosure: false), operators: [.times(2)],
                subscribers: [.handlers()],
                expected: ["receive 14", "receive completed", "onDisposed"]),
            // Hot: one stream; the late subscriber missed 1. Beside `coldLateSubscriber`.
            Scenario(
                .hotLateSubscriber, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 2)],
                expected: ["t1 send 1", "t1 a: receive 1", "t3 send 2", "t3 a: receive 2", "t3 b: receive 2"]),
            Scenario(
                .publishCompletedToLateSubscriber, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2)),
                subscribers: [.handlers(), .handlers(), .handlers(at: 4)], probes: [.hasObservers(at: 3)],
                expected: [
                    "t1 send 1", "t1 a: receive 1", "t1 b: receive 1", "t2 send completed", "t2 a: receive completed",
                    "t2 a: onDisposed", "t2 b: receive completed", "t2 b: onDisposed", "t3 hasObservers false",
                    "t4 c: receive completed", "t4 c: onDisposed",
                ]),
            Scenario(
                .publishErrorToLateSubscriber, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .fail(at: 1), .send(1, at: 2)),
                subscribers: [.handlers(at: 3)],
                expected: ["t1 send error(source)", "t2 send 1", "t3 receive error(source)", "t3 onDisposed"]),
            Scenario(
                .publishDisposeOne, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [.handlers(disposeAt: [2]), .handlers(disposeAt: [5])],
                probes: [.hasObservers(at: 4), .hasObservers(at: 6)],
                expected: [
                    "t1 send 1", "t1 a: receive 1", "t1 b: receive 1", "t2 a: onDisposed", "t3 send 2",
                    "t3 b: receive 2",
                    "t4 hasObservers true", "t5 b: onDisposed", "t6 hasObservers false",
                ]),
            // The subject sends to a copy of its observers, so b still gets 1.
            Scenario(
                .publishDisposeFromOwnHandler, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2)),
                subscribers: [SubscriberScript(disposeOnReceiving: 1, style: .handlers), .handlers()],
                expected: [
                    "t1 send 1", "t1 a: receive 1", "t1 a: onDisposed", "t1 b: receive 1", "t2 send 2",
                    "t2 b: receive 2",
                ]),
            // RxSwift's Bag puts a newcomer into its first slot when that is free: c before b.
            Scenario(
                .publishOrderAfterRemoval, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 3)),
                subscribers: [.dispose(at: 1), SubscriberScript(), SubscriberScript(subscribeTime: 2)],
                expected: ["t3 send 1", "t3 c: receive 1", "t3 b: receive 1"]),
            Scenario(
                .behaviorCurrentValueFirst, kind: .behaviorSubject(0),
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 2)], probes: [.value(at: 4)],
                expected: [
                    "t0 a: receive 0", "t1 send 1", "t1 a: receive 1", "t2 b: receive 1", "t3 send 2",
                    "t3 a: receive 2",
                    "t3 b: receive 2", "t4 value 2",
                ]),
            // Unlike a PublishSubject, it keeps its observers after a terminal event.
            Scenario(
                .behaviorAfterError, kind: .behaviorSubject(5),
                source: SourceScript(hasDisposeClosure: false, .fail(at: 1)),
                subscribers: [.handlers(), .handlers(at: 3)], probes: [.value(at: 2), .hasObservers(at: 4)],
                expected: [
                    "t0 a: receive 5", "t1 send error(source)", "t1 a: receive error(source)", "t1 a: onDisposed",
                    "t2 value error(source)", "t3 b: receive error(source)", "t3 b: onDisposed", "t4 hasObservers true",
                ]),
            // The scheduler runs what is due in the order it was scheduled: both sends at t1 come
            // before the delivery that the first one scheduled. The source disposes itself right
            // after sending completed; the subscriber gets completed when the scheduler gets to it.
            Scenario(
                .observeOnKeepsOrder,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 1), .complete(at: 2)),
                operators: [.observeOnScheduler],
                expected: [
                    "t1 send 1", "t1 send 2", "t1 receive 1", "t1 receive 2", "t2 send completed", "t2 dispose",
                    "t2 receive completed",
                ]),
            Scenario(
                .observeOnDropsQueuedAfterDispose,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2)),
                operators: [.observeOnScheduler], subscribers: [.dispose(at: 1)],
                expected: ["t1 send 1", "t1 dispose", "t2 send 2"]),
            // The map sinks dispose on the error as on completed: nothing of the chain stays.
            Scenario(
                .freedAfterErrorThroughMaps,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .fail(at: 2)),
                operators: [.times(2), .plus(1)], lifetimes: .everything,
                expected: ["t1 send 1", "t1 receive 3", "t2 send error(source)", "t2 receive error(source)"]),
            // RxSwift hands an unhandled error to its error hook (a debug build prints it) and
            // still disposes: onDisposed, then the source's dispose closure.
            Scenario(
                .handlersWithoutOnError,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .fail(at: 2), .send(2, at: 3)),
                subscribers: [SubscriberScript(style: .handlersWithoutOnError)],
                expected: [
                    "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 onDisposed", "t2 dispose", "t3 send 2",
                ]),
            // The subject sends to the copy of its bag it took before calling anyone; disposing b
            // removes b from the bag, not from the copy, and nothing stops b's observer.
            Scenario(
                .publishDisposeOtherDuringSend, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2)),
                subscribers: [
                    SubscriberScript(style: .handlers, disposesOther: (onReceiving: 1, subscriber: 1)), .handlers(),
                ],
                expected: [
                    "t1 send 1", "t1 a: receive 1", "t1 b: onDisposed", "t1 b: receive 1", "t2 send 2",
                    "t2 a: receive 2",
                ]),
            // The newcomer is in the subject's bag before its replay runs, outside the lock: an
            // element sent meanwhile waits in its queue and comes after the replayed ones.
            Scenario(
                .sendDuringReplay, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2)),
                operators: [.share(replay: 2, scope: .whileConnected)],
                subscribers: [
                    SubscriberScript(), SubscriberScript(subscribeTime: 3, sends: (onReceiving: 1, value: 9)),
                ],
                expected: [
                    "t1 send 1", "t1 a: receive 1", "t2 send 2", "t2 a: receive 2", "t3 b: receive 1",
                    "t3 b: send 9", "t3 a: receive 9", "t3 b: receive 2", "t3 b: receive 9",
                ]),
            // The same program without a replay: what the newcomer would send, it never gets.
            Scenario(
                .lateSubscriberWithoutReplay, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2)),
                operators: [.share(replay: 0, scope: .whileConnected)],
                subscribers: [
                    SubscriberScript(), SubscriberScript(subscribeTime: 3, sends: (onReceiving: 1, value: 9)),
                ],
                expected: ["t1 send 1", "t1 a: receive 1", "t2 send 2", "t2 a: receive 2"]),
            // RxSwift puts the observer into the bag before it sends the current value, so the
            // value a handler sends from there reaches that handler too.
            Scenario(
                .behaviorSendsFromInitialValue, kind: .behaviorSubject(0),
                source: SourceScript(hasDisposeClosure: false),
                subscribers: [SubscriberScript(sends: (onReceiving: 0, value: 5))], probes: [.value(at: 1)],
                expected: ["t0 receive 0", "t0 send 5", "t0 receive 5", "t1 value 5"]),
            // The current value is sent under the subject's lock: value() from that handler takes
            // the lock again on the same thread, which only a recursive lock allows.
            Scenario(
                .behaviorValueFromHandler, kind: .behaviorSubject(0),
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1)),
                subscribers: [SubscriberScript(asksValueOnReceiving: 0)],
                expected: ["t0 receive 0", "t0 value 0", "t1 send 1", "t1 receive 1"]),
            Scenario(
                .hasObserversAfterSubjectDisposed, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 4)),
                subscribers: [.handlers()], probes: [.disposeSubject(at: 2), .hasObservers(at: 3)],
                expected: ["t1 send 1", "t1 receive 1", "t2 dispose subject", "t3 hasObservers false", "t4 send 2"]),
            // RxSwift keeps the source as it is and disposes it through `ScheduledDisposable`:
            // an action scheduled now, which runs after the t3 send that was scheduled before it.
            // Wrapping the source in `asObservable()` would dispose it at once, before that send.
            Scenario(
                .subscribeOnDisposesOnScheduler, kind: .plainSubscribedOnScheduler,
                source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 3), .send(9, at: 3)),
                expected: [
                    "t1 send 1", "t1 receive 1", "t3 send completed", "t3 receive completed", "t3 send 9", "t3 dispose",
                ]),
            Scenario(
                .bufferDropsPendingOnError,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .fail(at: 2)),
                subscribers: [SubscriberScript(style: .buffer(timeSpan: 3, count: 2))],
                expected: ["t1 send 1", "t2 send error(source)", "t2 receive error(source)"]),
            // A window ends on its second element or when its 3-second timer fires; a window
            // ended by count restarts the timer, so the timer of the old window does nothing.
            Scenario(
                .bufferTimeOrCount,
                source: SourceScript(
                    hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2), .send(3, at: 3), .send(4, at: 4),
                    .send(5, at: 7), .complete(at: 9)),
                subscribers: [SubscriberScript(style: .buffer(timeSpan: 3, count: 2))],
                expected: [
                    "t1 send 1", "t2 send 2", "t2 receive [1, 2]", "t3 send 3", "t4 send 4", "t4 receive [3, 4]",
                    "t7 send 5", "t7 receive [5]", "t9 send completed", "t9 receive []", "t9 receive completed",
                ]),
            // Each subscription is a run of its own: "subscribe" is the generator starting.
            Scenario(
                .coldRunsPerSubscriber,
                source: SourceScript(hasDisposeClosure: false, tracesRuns: true, .send(1, at: 1), .complete(at: 2)),
                subscribers: [SubscriberScript(), SubscriberScript()],
                expected: [
                    "t0 a: subscribe", "t0 b: subscribe", "t1 a: send 1", "t1 a: receive 1", "t1 b: send 1",
                    "t1 b: receive 1", "t2 a: send completed", "t2 a: receive completed", "t2 b: send completed",
                    "t2 b: receive completed",
                ]),
            // `share()` is `ShareWhileConnected`: the first subscriber connects it, a terminal event
            // goes to the observers it has, and the source's sink disposes itself after that.
            Scenario(
                .shareRunsOnce, source: sharedSource, operators: [.share(replay: 0, scope: .whileConnected)],
                subscribers: [SubscriberScript(), SubscriberScript()],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t1 b: receive 1", "t2 send 2", "t2 a: receive 2",
                    "t2 b: receive 2", "t3 send completed", "t3 a: receive completed", "t3 b: receive completed",
                    "t3 dispose",
                ]),
            // multicast's connection disposes itself on a terminal event before it passes it on.
            Scenario(
                .publishRefCountDisposesFirst, source: sharedSource, operators: [.refCounted(.publish)],
                subscribers: [SubscriberScript(), SubscriberScript()],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t1 b: receive 1", "t2 send 2", "t2 a: receive 2",
                    "t2 b: receive 2", "t3 send completed", "t3 dispose", "t3 a: receive completed",
                    "t3 b: receive completed",
                ]),
            Scenario(
                .shareLateSubscriber, source: lateSource, operators: [.share(replay: 0, scope: .whileConnected)],
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 4)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 send 2", "t2 a: receive 2", "t3 send 3",
                    "t3 a: receive 3", "t5 send 4", "t5 a: receive 4", "t5 b: receive 4", "t6 send completed",
                    "t6 a: receive completed", "t6 b: receive completed", "t6 dispose",
                ]),
            Scenario(
                .shareReplay1LateSubscriber, source: lateSource, operators: [.share(replay: 1, scope: .whileConnected)],
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 4)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 send 2", "t2 a: receive 2", "t3 send 3",
                    "t3 a: receive 3", "t4 b: receive 3", "t5 send 4", "t5 a: receive 4", "t5 b: receive 4",
                    "t6 send completed", "t6 a: receive completed", "t6 b: receive completed", "t6 dispose",
                ]),
            // Replay 2 while connected is `multicast(makeSubject:)` of a `ReplaySubject`, then
            // `refCount()`: the connection disposes the source first, as `publish()`'s does.
            Scenario(
                .shareReplay2LateSubscriber, source: lateSource, operators: [.share(replay: 2, scope: .whileConnected)],
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 4)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 send 2", "t2 a: receive 2", "t3 send 3",
                    "t3 a: receive 3", "t4 b: receive 2", "t4 b: receive 3", "t5 send 4", "t5 a: receive 4",
                    "t5 b: receive 4", "t6 send completed", "t6 dispose", "t6 a: receive completed",
                    "t6 b: receive completed",
                ]),
            // The latest element lives in the connection, which the terminal event ends.
            Scenario(
                .whileConnectedAfterCompleted,
                source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .complete(at: 2)),
                operators: [.share(replay: 1, scope: .whileConnected)],
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 3)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 send completed", "t2 a: receive completed",
                    "t2 dispose", "t3 subscribe", "t4 send 1", "t4 b: receive 1", "t5 send completed",
                    "t5 b: receive completed", "t5 dispose",
                ]),
            // `.forever` is `multicast` of one `ReplaySubject`, now completed: it replays and
            // completes the newcomer during subscribe, so `refCount()` has nothing to connect.
            Scenario(
                .foreverAfterCompleted,
                source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .complete(at: 2)),
                operators: [.share(replay: 1, scope: .forever)],
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 3)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 send completed", "t2 dispose",
                    "t2 a: receive completed", "t3 b: receive 1", "t3 b: receive completed",
                ]),
            Scenario(
                .whileConnectedAfterError,
                source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .fail(at: 2)),
                operators: [.share(replay: 1, scope: .whileConnected)],
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 3)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 send error(source)",
                    "t2 a: receive error(source)", "t2 dispose", "t3 subscribe", "t4 send 1", "t4 b: receive 1",
                    "t5 send error(source)", "t5 b: receive error(source)", "t5 dispose",
                ]),
            Scenario(
                .foreverAfterError,
                source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .fail(at: 2)),
                operators: [.share(replay: 1, scope: .forever)],
                subscribers: [SubscriberScript(), SubscriberScript(subscribeTime: 3)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 send error(source)", "t2 dispose",
                    "t2 a: receive error(source)", "t3 b: receive 1", "t3 b: receive error(source)",
                ]),
            Scenario(
                .whileConnectedReconnect,
                source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1)),
                operators: [.share(replay: 1, scope: .whileConnected)],
                subscribers: [.dispose(at: 2), SubscriberScript(disposeTimes: [5], subscribeTime: 3)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 dispose", "t3 subscribe", "t4 send 1",
                    "t4 b: receive 1", "t5 dispose",
                ]),
            // The subject outlives the connection: `refCount()` subscribes the newcomer to it
            // (which replays) before it connects again.
            Scenario(
                .foreverReconnect,
                source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1)),
                operators: [.share(replay: 1, scope: .forever)],
                subscribers: [.dispose(at: 2), SubscriberScript(disposeTimes: [5], subscribeTime: 3)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 dispose", "t3 b: receive 1", "t3 subscribe",
                    "t4 send 1", "t4 b: receive 1", "t5 dispose",
                ]),
            // `subscribe(onNext:…)` disposes its subscription before it runs onDisposed.
            Scenario(
                .lastSubscriberDisposesSource,
                source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1)),
                operators: [.share(replay: 0, scope: .whileConnected)],
                subscribers: [.handlers(disposeAt: [2]), .handlers(disposeAt: [3])],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t1 b: receive 1", "t2 a: onDisposed", "t3 dispose",
                    "t3 b: onDisposed",
                ]),
            Scenario(
                .publishStrandsSubscriber, source: connectedSource,
                operators: [.connectable(.publish, connectAt: [1, 4], disconnectAt: [3])],
                expected: [
                    "t1 connect", "t1 subscribe", "t2 send 1", "t2 receive 1", "t3 disconnect", "t3 dispose",
                    "t4 connect", "t4 subscribe", "t5 send 1",
                ]),
            // The connection disposes itself before it passes a terminal event to the subject.
            Scenario(
                .connectionEndsWithSource,
                source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .complete(at: 2)),
                operators: [.connectable(.publish, connectAt: [1], disconnectAt: [])],
                expected: [
                    "t1 connect", "t1 subscribe", "t2 send 1", "t2 receive 1", "t3 send completed", "t3 dispose",
                    "t3 receive completed",
                ]),
            // RefCountSink ends the connection on its terminal event, whatever the count: a
            // subscriber that comes back from onCompleted is the first of a new connection,
            // which has a new subject.
            Scenario(
                .refCountReconnectsFromCompleted,
                source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .complete(at: 2)),
                operators: [.refCounted(.publish)],
                subscribers: [SubscriberScript(), SubscriberScript(subscribesOnCompletedOf: 0)],
                expected: [
                    "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 send completed", "t2 dispose",
                    "t2 a: receive completed", "t2 subscribe", "t3 send 1", "t3 b: receive 1", "t4 send completed",
                    "t4 dispose", "t4 b: receive completed",
                ]),
            Scenario(
                .multicastKeepsSubject, source: connectedSource,
                operators: [.connectable(.multicastOneSubject, connectAt: [1, 4], disconnectAt: [3])],
                expected: [
                    "t1 connect", "t1 subscribe", "t2 send 1", "t2 receive 1", "t3 disconnect", "t3 dispose",
                    "t4 connect", "t4 subscribe", "t5 send 1", "t5 receive 1",
                ]),
        ] + innerSourceScenarios + traitScenarios + bindingScenarios + heldHotScenarios

    // Sources of the sharing scenarios: every run traced, with a dispose closure.
    private static let sharedSource = SourceScript(
        hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .send(2, at: 2), .complete(at: 3))
    private static let lateSource = SourceScript(
        hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .send(2, at: 2), .send(3, at: 3), .send(4, at: 5),
        .complete(at: 6))
    private static let connectedSource = SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1))

    // Step 12. The expected traces follow RxSwift's code order: MergeSink (flatMap, merge),
    // MergeLimitedSink (concatMap), SwitchSink (flatMapLatest), AmbSink, CatchSink and
    // CatchSequenceSink (retry), each noted where it matters.
    private static let innerSourceScenarios: [Scenario] = [
        // The group disposes an inner as soon as it completes (MergeSinkIter: remove(for:)),
        // and the source when it completes; completed waits for the last inner.
        Scenario(
            .flatMapKeepsEveryInner, source: outerSource, operators: [.flatten(.flatMap, inners: twoInners)],
            expected: [
                "t1 send 1", "t1 inner 1: subscribe", "t2 send 2", "t2 inner 2: subscribe", "t3 inner 1: send 10",
                "t3 receive 10", "t4 inner 1: send completed", "t4 inner 1: dispose", "t5 inner 2: send 20",
                "t5 receive 20", "t6 send completed", "t6 dispose", "t7 inner 2: send completed",
                "t7 inner 2: dispose", "t7 receive completed",
            ]),
        // Setting the SerialDisposable disposes the previous inner; then the next is subscribed.
        Scenario(
            .flatMapLatestDisposesPrevious, source: outerSource,
            operators: [.flatten(.flatMapLatest, inners: twoInners)],
            expected: [
                "t1 send 1", "t1 inner 1: subscribe", "t2 send 2", "t2 inner 1: dispose", "t2 inner 2: subscribe",
                "t3 inner 1: send 10", "t4 inner 1: send completed", "t5 inner 2: send 20", "t5 receive 20",
                "t6 send completed", "t6 dispose", "t7 inner 2: send completed", "t7 inner 2: dispose",
                "t7 receive completed",
            ]),
        // Element 2 is queued at t2; inner 2 starts when inner 1 completes, at t4, and its
        // script counts from there.
        Scenario(
            .concatMapOneAtATime, source: outerSource, operators: [.flatten(.concatMap, inners: twoInners)],
            expected: [
                "t1 send 1", "t1 inner 1: subscribe", "t2 send 2", "t3 inner 1: send 10", "t3 receive 10",
                "t4 inner 1: send completed", "t4 inner 1: dispose", "t4 inner 2: subscribe", "t6 send completed",
                "t6 dispose", "t7 inner 2: send 20", "t7 receive 20", "t9 inner 2: send completed",
                "t9 inner 2: dispose", "t9 receive completed",
            ]),
        // Elements 2 and 3 wait in MergeLimitedSink's queue, which is first in, first out.
        Scenario(
            .concatMapQueueInOrder,
            source: SourceScript(
                hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .send(3, at: 3), .complete(at: 12)),
            operators: [
                .flatten(
                    .concatMap,
                    inners: [
                        1: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(10, at: 3), .complete(at: 4)),
                        2: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(20, at: 1), .complete(at: 2)),
                        3: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(30, at: 1), .complete(at: 2)),
                    ])
            ],
            expected: [
                "t1 send 1", "t1 inner 1: subscribe", "t2 send 2", "t3 send 3", "t4 inner 1: send 10", "t4 receive 10",
                "t5 inner 1: send completed", "t5 inner 1: dispose", "t5 inner 2: subscribe", "t6 inner 2: send 20",
                "t6 receive 20", "t7 inner 2: send completed", "t7 inner 2: dispose", "t7 inner 3: subscribe",
                "t8 inner 3: send 30", "t8 receive 30", "t9 inner 3: send completed", "t9 inner 3: dispose",
                "t12 send completed", "t12 receive completed", "t12 dispose",
            ]),
        // The group holds the source's subscription first, then the inners as they came.
        Scenario(
            .flatMapDisposedMidFlight,
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2)),
            operators: [.flatten(.flatMap, inners: [1: silentInner, 2: silentInner])], subscribers: [.dispose(at: 3)],
            expected: [
                "t1 send 1", "t1 inner 1: subscribe", "t2 send 2", "t2 inner 2: subscribe", "t3 dispose",
                "t3 inner 1: dispose", "t3 inner 2: dispose",
            ]),
        Scenario(
            .flatMapInnerErrorEndsAll,
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2)),
            operators: [
                .flatten(
                    .flatMap,
                    inners: [
                        1: SourceScript(hasDisposeClosure: true, tracesRuns: true, .fail(at: 3)),
                        2: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(20, at: 1)),
                    ])
            ],
            expected: [
                "t1 send 1", "t1 inner 1: subscribe", "t2 send 2", "t2 inner 2: subscribe", "t3 inner 2: send 20",
                "t3 receive 20", "t4 inner 1: send error(source)", "t4 receive error(source)", "t4 dispose",
                "t4 inner 1: dispose", "t4 inner 2: dispose",
            ]),
        // The source completes when no inner is left. RxSwift 6.10.2's MergeSink disposes the
        // source's subscription, then completes (its main branch completes first);
        // MergeLimitedSink forwards completed and disposes the whole, the source last, and
        // disposes the source at once only with inners still running; SwitchSink always
        // disposes the source first, then completes when no inner is left.
        Scenario(
            .flatMapSourceCompletesLast, source: sourceCompletingLast,
            operators: [.flatten(.flatMap, inners: [1: innerDoneEarly])], order: .releasedOrder,
            expected: innerDoneThenSourceCompletes + ["t4 dispose", "t4 receive completed"]),
        Scenario(
            .concatMapSourceCompletesLast, source: sourceCompletingLast,
            operators: [.flatten(.concatMap, inners: [1: innerDoneEarly])],
            expected: innerDoneThenSourceCompletes + ["t4 receive completed", "t4 dispose"]),
        Scenario(
            .flatMapLatestSourceCompletesLast, source: sourceCompletingLast,
            operators: [.flatten(.flatMapLatest, inners: [1: innerDoneEarly])],
            expected: innerDoneThenSourceCompletes + ["t4 dispose", "t4 receive completed"]),
        Scenario(
            .mergeCompletesAfterAll, source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 3)),
            operators: [.merge(with: [SourceScript(hasDisposeClosure: true, .send(20, at: 2), .complete(at: 4))])],
            expected: [
                "t1 send 1", "t1 receive 1", "t2 source 2: send 20", "t2 receive 20", "t3 send completed", "t3 dispose",
                "t4 source 2: send completed", "t4 source 2: dispose", "t4 receive completed",
            ]),
        Scenario(
            .flatMapSourceCompletesLastMain, source: sourceCompletingLast,
            operators: [.flatten(.flatMap, inners: [1: innerDoneEarly])], order: .mainBranchOrder,
            expected: innerDoneThenSourceCompletes + ["t4 receive completed", "t4 dispose"]),
        // RxSwift 6.10 subscribes every source of the list, even after one failed; its dispose
        // waits until `merge`'s own subscribe returns. Main stops at the failure.
        Scenario(
            .mergeFailsDuringSubscribe, source: SourceScript(hasDisposeClosure: true, .fail(at: 0)),
            operators: [.merge(with: [SourceScript(hasDisposeClosure: true, .send(20, at: 0))])], order: .releasedOrder,
            expected: [
                "send error(source)", "receive error(source)", "dispose", "source 2: send 20", "source 2: dispose",
            ]),
        Scenario(
            .mergeFailsDuringSubscribeMain, source: SourceScript(hasDisposeClosure: true, .fail(at: 0)),
            operators: [.merge(with: [SourceScript(hasDisposeClosure: true, .send(20, at: 0))])],
            order: .mainBranchOrder, expected: ["send error(source)", "receive error(source)", "dispose"]),
        Scenario(
            .mergeErrorDisposesOthers, source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .fail(at: 3)),
            operators: [.merge(with: [SourceScript(hasDisposeClosure: true, .send(20, at: 2), .complete(at: 5))])],
            expected: [
                "t1 send 1", "t1 receive 1", "t2 source 2: send 20", "t2 receive 20", "t3 send error(source)",
                "t3 receive error(source)", "t3 dispose", "t3 source 2: dispose", "t5 source 2: send completed",
            ]),
        // The list form is never().amb(source).amb(source 2): the same decision, one level deeper.
        Scenario(
            .ambListFirstWins, source: ambLoser, operators: [.amb(with: [ambWinner], form: .list)],
            expected: ambTrace),
        Scenario(
            .ambInstanceFirstWins, source: ambLoser, operators: [.amb(with: [ambWinner], form: .instance)],
            expected: ambTrace),
        Scenario(
            .catchSubscribesFallbackFirst, source: failingSource,
            operators: [
                .catchWith(
                    fallback: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(9, at: 1), .complete(at: 2))
                )
            ],
            expected: [
                "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 fallback: subscribe", "t2 dispose",
                "t3 fallback: send 9", "t3 receive 9", "t4 fallback: send completed", "t4 receive completed",
                "t4 fallback: dispose",
            ]),
        // `just(9)` sends during its subscribe, and its completed disposes the catch, failed
        // source included, before the fallback's subscription is even stored.
        Scenario(
            .catchAndReturnBeforeDispose, source: failingSource, operators: [.catchAndReturn(9)],
            expected: [
                "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 receive 9", "t2 receive completed",
                "t2 dispose",
            ]),
        // Every attempt is a run of the generator ("subscribe"), its times counted from its start.
        Scenario(
            .retryTwoAttempts,
            source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .fail(at: 2)),
            operators: [.retry(2)],
            expected: [
                "t0 subscribe", "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 dispose", "t2 subscribe",
                "t3 send 1", "t3 receive 1", "t4 send error(source)", "t4 receive error(source)", "t4 dispose",
            ]),
        Scenario(
            .retryUntilDisposed,
            source: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .fail(at: 3)),
            operators: [.retry(nil)], subscribers: [.dispose(at: 5)],
            expected: [
                "t0 subscribe", "t1 send 1", "t1 receive 1", "t3 send error(source)", "t3 dispose", "t3 subscribe",
                "t4 send 1", "t4 receive 1", "t5 dispose", "t6 send error(source)",
            ]),
        Scenario(
            .emptyCompletes, kind: .empty, source: SourceScript(hasDisposeClosure: false),
            subscribers: [.handlers()], expected: ["receive completed", "onDisposed"]),
        Scenario(
            .neverUntilDisposed, kind: .never, source: SourceScript(hasDisposeClosure: false),
            subscribers: [.handlers(disposeAt: [2])], expected: ["t2 onDisposed"]),
        Scenario(
            .errorFails, kind: .error, source: SourceScript(hasDisposeClosure: false),
            subscribers: [.handlers()], expected: ["receive error(source)", "onDisposed"]),
        Scenario(
            .deferredAtSubscribe, kind: .deferred,
            source: SourceScript(hasDisposeClosure: false, tracesRuns: true, .send(1, at: 1), .complete(at: 2)),
            subscribers: [SubscriberScript(subscribeTime: 2)],
            expected: [
                "t2 deferred", "t2 subscribe", "t3 send 1", "t3 receive 1", "t4 send completed", "t4 receive completed",
            ]),
    ]

    // Step 13. A trait is a wrapped Observable: a success is `next` then `completed`, and the
    // `completed` makes the `create` sink dispose the run at once (AnonymousObservableSink);
    // the trait's subscribe runs `onDisposed` right after the one handler that runs.
    private static let oneSuccess = SourceScript(hasDisposeClosure: true, .send(1, at: 1))
    private static let traitScenarios: [Scenario] = [
        Scenario(
            .singleSuccess, kind: .trait(.single), source: oneSuccess, subscribers: [.trait()],
            expected: ["t1 send 1", "t1 receive success(1)", "t1 onDisposed", "t1 dispose"]),
        // The second `.success` is a `next` into a `create` sink that has stopped.
        Scenario(
            .singleSendsTwice, kind: .trait(.single),
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2)), subscribers: [.trait()],
            expected: ["t1 send 1", "t1 receive success(1)", "t1 onDisposed", "t1 dispose", "t2 send 2"]),
        // With an error handler, Hooks.defaultErrorHandler is never called: the harness's
        // handler would trace "unhandled error(source)".
        Scenario(
            .singleFailure, kind: .trait(.single), source: SourceScript(hasDisposeClosure: true, .fail(at: 1)),
            subscribers: [.trait()], tracesUnhandledErrors: true,
            expected: ["t1 send error(source)", "t1 receive failure(source)", "t1 onDisposed", "t1 dispose"]),
        // No onDisposed without the handler; the run still ends with the success.
        Scenario(
            .singleEventIsResult, kind: .trait(.single), source: oneSuccess, subscribers: [.trait(.events)],
            expected: ["t1 send 1", "t1 receive success(1)", "t1 dispose"]),
        Scenario(
            .singleWithoutOnFailure, kind: .trait(.single), source: SourceScript(hasDisposeClosure: true, .fail(at: 1)),
            subscribers: [.trait(.handlersWithoutErrorHandler)], tracesUnhandledErrors: true,
            expected: ["t1 send error(source)", "t1 unhandled error(source)", "t1 onDisposed", "t1 dispose"]),
        Scenario(
            .observableOnErrorTakesError, source: failingSource, subscribers: [SubscriberScript(style: .handlers)],
            tracesUnhandledErrors: true,
            expected: [
                "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 receive error(source)", "t2 onDisposed",
                "t2 dispose",
            ]),
        Scenario(
            .observableWithoutOnError, source: failingSource,
            subscribers: [SubscriberScript(style: .handlersWithoutOnError)], tracesUnhandledErrors: true,
            expected: [
                "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 unhandled error(source)", "t2 onDisposed",
                "t2 dispose",
            ]),
        // AsSingleSink holds the element until completed, then forwards it and completed,
        // then disposes: its source's run ends after the subscriber's handlers.
        Scenario(
            .asSingleOneElement, source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 2)),
            operators: [.asTrait(.single)], subscribers: [.trait()],
            expected: [
                "t1 send 1", "t2 send completed", "t2 receive success(1)", "t2 onDisposed", "t2 dispose",
            ]),
        Scenario(
            .asSingleNoElement, source: SourceScript(hasDisposeClosure: true, .complete(at: 1)),
            operators: [.asTrait(.single)], subscribers: [.trait()],
            expected: [
                "t1 send completed", "t1 receive failure(RxError.noElements)", "t1 onDisposed", "t1 dispose",
            ]),
        Scenario(
            .asSingleTwoElements,
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .complete(at: 3)),
            operators: [.asTrait(.single)], subscribers: [.trait()],
            expected: [
                "t1 send 1", "t2 send 2", "t2 receive failure(RxError.moreThanOneElement)", "t2 onDisposed",
                "t2 dispose", "t3 send completed",
            ]),
        Scenario(
            .asMaybeNoElement, source: SourceScript(hasDisposeClosure: true, .complete(at: 1)),
            operators: [.asTrait(.maybe)], subscribers: [.trait()],
            expected: ["t1 send completed", "t1 receive completed", "t1 onDisposed", "t1 dispose"]),
        Scenario(
            .maybeSuccess, kind: .trait(.maybe), source: oneSuccess, subscribers: [.trait()],
            expected: ["t1 send 1", "t1 receive success(1)", "t1 onDisposed", "t1 dispose"]),
        Scenario(
            .completableCompleted, kind: .trait(.completable),
            source: SourceScript(hasDisposeClosure: true, .complete(at: 1)), subscribers: [.trait()],
            expected: ["t1 send completed", "t1 receive completed", "t1 onDisposed", "t1 dispose"]),
        Scenario(
            .maybeErrorTakesError, kind: .trait(.maybe), source: SourceScript(hasDisposeClosure: true, .fail(at: 1)),
            subscribers: [.trait()], tracesUnhandledErrors: true,
            expected: ["t1 send error(source)", "t1 receive error(source)", "t1 onDisposed", "t1 dispose"]),
        Scenario(
            .completableErrorTakesError, kind: .trait(.completable),
            source: SourceScript(hasDisposeClosure: true, .fail(at: 1)), subscribers: [.trait()],
            tracesUnhandledErrors: true,
            expected: ["t1 send error(source)", "t1 receive error(source)", "t1 onDisposed", "t1 dispose"]),
        Scenario(
            .singleMap, kind: .trait(.single), source: oneSuccess, operators: [.times(10)], subscribers: [.trait()],
            expected: ["t1 send 1", "t1 receive success(10)", "t1 onDisposed", "t1 dispose"]),
        // Single.flatMap is Observable's flatMap (MergeSink): the first Single's completed
        // disposes it while the inner runs; the inner is disposed when it completes, after the
        // subscriber's handlers.
        Scenario(
            .singleFlatMap, kind: .trait(.single), source: oneSuccess,
            operators: [
                .flatten(
                    .flatMap, inners: [1: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(20, at: 1))])
            ],
            subscribers: [.trait()],
            expected: [
                "t1 send 1", "t1 inner 1: subscribe", "t1 dispose", "t2 inner 1: send 20", "t2 receive success(20)",
                "t2 onDisposed", "t2 inner 1: dispose",
            ]),
    ]

    // Step 14. Drivers and signals run with `SharingScheduler.mock(scheduler:)` the step's
    // virtual-time scheduler: `observe(on:)` it puts each delivery in a later item at the same
    // time. The create sink disposes its run on an error before the delivery; the share
    // disposes its connection before it passes a terminal event on.
    private static let lateSubscriberSource = SourceScript(
        hasDisposeClosure: true, tracesRuns: true, .send(1, at: 1), .send(2, at: 3))
    private static let earlyAndLate = [
        SubscriberScript.trait(), SubscriberScript(subscribeTime: 2, style: .trait(.handlers)),
    ]
    // Three outputs, driven in this order, for each state of the screen.
    private static func shows(_ time: Int, results: [String] = [], loading: Bool, error: String = "none")
        -> [String]
    {
        [
            "t\(time) results [\(results.joined(separator: ", "))]", "t\(time) loading \(loading)",
            "t\(time) error \(error)",
        ]
    }
    private static let failedMessage = "Search failed. Tap refresh to try again."
    private static let bindingScenarios: [Scenario] = [
        Scenario(
            .driverErrorBecomesElement, source: failingSource, operators: [.asTrait(.driver)], subscribers: [.trait()],
            expected: [
                "t1 send 1", "t1 receive 1", "t2 send error(source)", "t2 dispose", "t2 receive -1",
                "t2 receive completed", "t2 onDisposed",
            ]),
        Scenario(
            .driverDeliversOnScheduler,
            source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 1)),
            operators: [.asTrait(.driver)], subscribers: [.trait()],
            expected: ["t1 send 1", "t1 send 2", "t1 receive 1", "t1 receive 2"]),
        Scenario(
            .driverReplaysLatest, source: lateSubscriberSource, operators: [.asTrait(.driver)],
            subscribers: earlyAndLate,
            expected: [
                "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t2 b: receive 1", "t3 send 2", "t3 a: receive 2",
                "t3 b: receive 2",
            ]),
        Scenario(
            .signalNoReplay, source: lateSubscriberSource, operators: [.asTrait(.signal)], subscribers: earlyAndLate,
            expected: [
                "t0 subscribe", "t1 send 1", "t1 a: receive 1", "t3 send 2", "t3 a: receive 2", "t3 b: receive 2",
            ]),
        // The source's run ends when it completes; the completed goes through observe(on:).
        Scenario(
            .driveOptionalObserver, source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 2)),
            operators: [.asTrait(.driver)], subscribers: [.trait(.optionalObserver)],
            expected: ["t1 send 1", "t1 receive 1", "t2 send completed", "t2 dispose", "t2 receive completed"]),
        Scenario(
            .emitToOptionalObserver, source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 2)),
            operators: [.asTrait(.signal)], subscribers: [.trait(.optionalObserver)],
            expected: ["t1 send 1", "t1 receive 1", "t2 send completed", "t2 dispose", "t2 receive completed"]),
        // The view model's states go through one more `observe(on:)` (its `asDriver`): each
        // request starts while the query is delivered, and the screen's three outputs follow.
        Scenario(
            .searchTypingFastCancels,
            kind: .app([
                .type("sw", at: 1), .type("swift", at: 2), .reply(request: 2, titles: ["RxSwift", "SwiftUI"], at: 4),
            ]), source: SourceScript(hasDisposeClosure: false), subscribers: [],
            expected: ["t1 type sw", "t1 request 1 starts: search q=sw"] + shows(1, loading: true)
                + ["t2 type swift", "t2 request 1 cancelled", "t2 request 2 starts: search q=swift"]
                + shows(2, loading: true) + ["t4 request 2 answers [RxSwift, SwiftUI]"]
                + shows(4, results: ["RxSwift", "SwiftUI"], loading: false)),
        Scenario(
            .searchErrorKeepsWorking,
            kind: .app([
                .type("sw", at: 1), .fail(request: 1, at: 2), .type("swift", at: 3),
                .reply(request: 2, titles: ["RxSwift"], at: 4),
            ]), source: SourceScript(hasDisposeClosure: false), subscribers: [],
            expected: ["t1 type sw", "t1 request 1 starts: search q=sw"] + shows(1, loading: true)
                + ["t2 request 1 fails"] + shows(2, loading: false, error: failedMessage)
                + ["t3 type swift", "t3 request 2 starts: search q=swift"] + shows(3, loading: true)
                + ["t4 request 2 answers [RxSwift]"] + shows(4, results: ["RxSwift"], loading: false)),
        Scenario(
            .searchRefreshRetries,
            kind: .app([
                .type("sw", at: 1), .fail(request: 1, at: 2), .refresh(at: 3),
                .reply(request: 2, titles: ["RxSwift"], at: 4),
            ]), source: SourceScript(hasDisposeClosure: false), subscribers: [],
            expected: ["t1 type sw", "t1 request 1 starts: search q=sw"] + shows(1, loading: true)
                + ["t2 request 1 fails"] + shows(2, loading: false, error: failedMessage)
                + ["t3 tap refresh", "t3 request 2 starts: search q=sw"] + shows(3, loading: true)
                + ["t4 request 2 answers [RxSwift]"] + shows(4, results: ["RxSwift"], loading: false)),
        // The bag disposes the three outputs in order; the last one disconnects the states,
        // whose flatMapLatest disposes the running request.
        Scenario(
            .searchClosedCancels, kind: .app([.type("sw", at: 1), .close(at: 2)]),
            source: SourceScript(hasDisposeClosure: false), subscribers: [],
            expected: ["t1 type sw", "t1 request 1 starts: search q=sw"] + shows(1, loading: true)
                + ["t2 close the screen", "t2 request 1 cancelled"]),
    ]

    // flatMap, flatMapLatest and concatMap of one script: three traces to tell apart.
    private static let outerSource = SourceScript(
        hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .complete(at: 6))
    private static let twoInners: [Int: SourceScript] = [
        1: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(10, at: 2), .complete(at: 3)),
        2: SourceScript(hasDisposeClosure: true, tracesRuns: true, .send(20, at: 3), .complete(at: 5)),
    ]
    private static let silentInner = SourceScript(hasDisposeClosure: true, tracesRuns: true)
    private static let sourceCompletingLast = SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 4))
    private static let innerDoneEarly = SourceScript(
        hasDisposeClosure: true, tracesRuns: true, .send(10, at: 1), .complete(at: 2))
    // What the three operators agree on when the source completes after its one inner.
    private static let innerDoneThenSourceCompletes = [
        "t1 send 1", "t1 inner 1: subscribe", "t2 inner 1: send 10", "t2 receive 10", "t3 inner 1: send completed",
        "t3 inner 1: dispose", "t4 send completed",
    ]
    private static let failingSource = SourceScript(hasDisposeClosure: true, .send(1, at: 1), .fail(at: 2))
    private static let ambLoser = SourceScript(hasDisposeClosure: true, .send(1, at: 2), .complete(at: 4))
    private static let ambWinner = SourceScript(
        hasDisposeClosure: true, .send(20, at: 1), .send(21, at: 3), .complete(at: 5))
    private static let ambTrace = [
        "t1 source 2: send 20", "t1 dispose", "t1 receive 20", "t2 send 1", "t3 source 2: send 21", "t3 receive 21",
        "t4 send completed", "t5 source 2: send completed", "t5 receive completed", "t5 source 2: dispose",
    ]
}

extension SubscriberScript {
    // Keeps its subscription until after the run, as a screen that stores the disposable does.
    static func held(at time: Int = 0) -> Self { .init(subscribeTime: time, disposableHeldElsewhere: true) }
}

extension Scenario {
    // Hot sources with every subscription kept, so that the side step's `Signal` can run them
    // (it has no terminal events and ends a subscription whose Disposable is freed); RxSwift's
    // PublishSubject and map give every expected trace here. Beside `hotLateSubscriber` and
    // the `publish…` scenarios, which drop their disposables or need more than a signal has.
    private static let flatMapInners: [Int: SourceScript] = [
        1: SourceScript(hasDisposeClosure: false, .send(11, at: 1), .send(12, at: 3)),
        2: SourceScript(hasDisposeClosure: false, .send(21, at: 2)),
    ]

    fileprivate static let heldHotScenarios: [Scenario] =
        [
            Scenario(
                .heldUntilDisposed, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [.dispose(at: 2)],
                expected: ["t1 send 1", "t1 receive 1", "t3 send 2"]),
            Scenario(
                .heldLateSubscriber, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [.held(), .held(at: 2)],
                expected: ["t1 send 1", "t1 a: receive 1", "t3 send 2", "t3 a: receive 2", "t3 b: receive 2"]),
            Scenario(
                .heldDisposeOne, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [.dispose(at: 2), .held()],
                expected: ["t1 send 1", "t1 a: receive 1", "t1 b: receive 1", "t3 send 2", "t3 b: receive 2"]),
            Scenario(
                .heldDisposeFromOwnHandler, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2)),
                subscribers: [SubscriberScript(disposeOnReceiving: 1), .held()],
                expected: ["t1 send 1", "t1 a: receive 1", "t1 b: receive 1", "t2 send 2", "t2 b: receive 2"]),
            // As `publishDisposeOtherDuringSend`: the value goes to the subscribers there were when
            // it was sent. (b keeps its subscription until a disposes it.)
            Scenario(
                .heldDisposeOtherDuringSend, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2)),
                subscribers: [SubscriberScript(disposesOther: (onReceiving: 1, subscriber: 1)), SubscriberScript()],
                expected: ["t1 send 1", "t1 a: receive 1", "t1 b: receive 1", "t2 send 2", "t2 a: receive 2"]),
            Scenario(
                .hotThroughMaps, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2)),
                operators: [.times(2), .plus(1)], subscribers: [.held()],
                expected: ["t1 send 1", "t1 receive 3", "t2 send 2", "t2 receive 5"]),
            // Each subscription to a map is a map sink of its own, subscribed to the subject.
            Scenario(
                .hotMapPerSubscriber, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1)),
                operators: [.tracedTimes(2)], subscribers: [.held(), .held()],
                expected: ["t1 send 1", "t1 map 1", "t1 a: receive 2", "t1 map 1", "t1 b: receive 2"]),
            // Disposing removes the observer from the subject: the subscriber's own reference to
            // its disposable no longer matters, and nothing is left once the harness lets go.
            Scenario(
                .keptDisposableDisposed, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                subscribers: [SubscriberScript(disposeTimes: [2], keepsDisposable: true)], lifetimes: .everything,
                expected: ["t1 send 1", "t1 receive 1", "t3 send 2"]),
            // Inner 1 starts at t1 (sends at t2 and t4), inner 2 at t3 (sends at t5).
            Scenario(
                .hotFlatMapHearsEveryInner, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                operators: [.flatten(.flatMap, inners: flatMapInners)], subscribers: [.held()],
                expected: [
                    "t1 send 1", "t2 inner 1: send 11", "t2 receive 11", "t3 send 2", "t4 inner 1: send 12",
                    "t4 receive 12", "t5 inner 2: send 21", "t5 receive 21",
                ]),
            // Element 2 disposes inner 1: its send at t4 goes nowhere.
            Scenario(
                .hotFlatMapLatestHearsLatest, kind: .publishSubject,
                source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
                operators: [.flatten(.flatMapLatest, inners: flatMapInners)], subscribers: [.held()],
                expected: [
                    "t1 send 1", "t2 inner 1: send 11", "t2 receive 11", "t3 send 2", "t4 inner 1: send 12",
                    "t5 inner 2: send 21", "t5 receive 21",
                ]),
        ] + demandScenarios
}
