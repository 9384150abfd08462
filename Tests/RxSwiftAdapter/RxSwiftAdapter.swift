// The adapter of every step from 07 on, one file for all of them: each RxDemoNNTests folder
// holds a symbolic link to it, and Package.swift compiles it into step NN's test target with
// RXDEMO_SINCE_07 … RXDEMO_SINCE_NN defined. A step adds its lines under `#if RXDEMO_SINCE_NN`,
// so a new step costs its own lines and no copy of the earlier ones.
//
// It uses RxSwift's public API only, as an app would; the shape checks name the internals
// each page is about.
import Foundation
import Testing
import TraceSuite
import TraceTesting

#if RXDEMO_SINCE_15
    @testable import RxDemo15
    private let thisStep = Step.rxDemo15
#elseif RXDEMO_SINCE_14
    @testable import RxDemo14
    private let thisStep = Step.rxDemo14
#elseif RXDEMO_SINCE_13
    @testable import RxDemo13
    private let thisStep = Step.rxDemo13
#elseif RXDEMO_SINCE_12
    @testable import RxDemo12
    private let thisStep = Step.rxDemo12
#elseif RXDEMO_SINCE_11
    @testable import RxDemo11
    private let thisStep = Step.rxDemo11
#elseif RXDEMO_SINCE_10
    @testable import RxDemo10
    private let thisStep = Step.rxDemo10
#elseif RXDEMO_SINCE_09
    @testable import RxDemo09
    private let thisStep = Step.rxDemo09
#elseif RXDEMO_SINCE_08
    @testable import RxDemo08
    private let thisStep = Step.rxDemo08
#elseif RXDEMO_SINCE_07
    @testable import RxDemo07
    private let thisStep = Step.rxDemo07
#else
    #error("compile with RXDEMO_SINCE_07 … RXDEMO_SINCE_NN defined (Package.swift does, for step NN's tests)")
#endif

extension Event: StepEvent where Element == Int {}

enum RxSwiftAdapter: StepAdapter {
    static let step = thisStep

    // Step 07: `create`, `just`, `map`, both `subscribe`s, `Disposables.create(with:)`,
    // `DisposeBag` and `disposed(by:)`.
    static func create(_ source: ScriptedSource) -> Observable<Int> {
        Observable<Int>.create { observer in
            let run = source.start(observer, emit: observer.on)
            return Disposables.create(with: run.dispose)
        }
    }

    static func map(_ stream: Observable<Int>, _ transform: @escaping (Int) throws -> Int) -> Observable<Int> {
        stream.map(transform)
    }

    static func just(_ element: Int) -> Observable<Int> {
        Observable.just(element)
    }

    // `subscribe(_ on:)`: one closure for every event.
    static func subscribe(_ stream: Observable<Int>, _ subscriber: RecordingSubscriber) -> Subscription {
        let disposable = stream.subscribe { event in subscriber.receive(event) }
        return Subscription(observer: nil, disposable: disposable, dispose: disposable.dispose)
    }

    static func subscribeHandlers(_ stream: Observable<Int>, _ subscriber: RecordingSubscriber) -> Subscription {
        let disposable = stream.subscribe(
            onNext: subscriber.onNext, onError: subscriber.onError, onCompleted: subscriber.onCompleted,
            onDisposed: subscriber.onDisposed)
        return Subscription(observer: nil, disposable: disposable, dispose: disposable.dispose)
    }

    static func subscribeWithoutOnError(_ stream: Observable<Int>, _ subscriber: RecordingSubscriber) -> Subscription {
        let disposable = stream.subscribe(
            onNext: subscriber.onNext, onCompleted: subscriber.onCompleted, onDisposed: subscriber.onDisposed)
        return Subscription(observer: nil, disposable: disposable, dispose: disposable.dispose)
    }

    static func makeBag() -> AnyObject { DisposeBag() }

    static func insert(_ subscription: Subscription, into bag: AnyObject) {
        (subscription.disposable as? Disposable)?.disposed(by: bag as! DisposeBag)
    }

    #if RXDEMO_SINCE_08
        // Step 08: `PublishSubject`, `BehaviorSubject(value:)`, `hasObservers` and `value()`.
        // Events go in through `asObserver()`, as a screen hands a subject's observer around.
        static func publishSubject() -> SubjectHandle<Observable<Int>> {
            let subject = PublishSubject<Int>()
            return SubjectHandle(
                stream: subject.asObservable(), send: { subject.asObserver().on($0.event()) },
                hasObservers: { subject.hasObservers }, dispose: subject.dispose)
        }

        static func behaviorSubject(value: Int) -> SubjectHandle<Observable<Int>> {
            let subject = BehaviorSubject(value: value)
            return SubjectHandle(
                stream: subject.asObservable(), send: { subject.asObserver().on($0.event()) },
                hasObservers: { subject.hasObservers }, value: subject.value, dispose: subject.dispose)
        }
    #endif

    #if RXDEMO_SINCE_11
        // Step 11: `ReplaySubject.create(bufferSize:)`, a subject that replays to late subscribers.
        static func replaySubject(bufferSize: Int) -> SubjectHandle<Observable<Int>> {
            let subject = ReplaySubject<Int>.create(bufferSize: bufferSize)
            return SubjectHandle(
                stream: subject.asObservable(), send: { subject.asObserver().on($0.event()) },
                hasObservers: { subject.hasObservers }, dispose: subject.dispose)
        }
    #endif

    #if RXDEMO_SINCE_09
        // Step 09: the types the page makes thread-safe, one at a time, for the flag scenarios;
        // from step 10, schedulers on real queues.
        static func threadTargets() -> ThreadTargets<Observable<Int>> {
            var observeOn: ((Observable<Int>, DispatchQueue, Bool) -> Observable<Int>)? = nil
            var subscribeOn: ((Observable<Int>, DispatchQueue) -> Observable<Int>)? = nil
            #if RXDEMO_SINCE_10
                observeOn = { stream, queue, serial in
                    serial
                        ? stream.observe(on: SerialDispatchQueueScheduler(serialQueue: queue))
                        : stream.observe(on: ConcurrentDispatchQueueScheduler(queue: queue))
                }
                subscribeOn = { stream, queue in stream.subscribe(on: SerialDispatchQueueScheduler(serialQueue: queue))
                }
            #endif
            return ThreadTargets(
                anonymousDisposable: { action in Disposables.create(with: action).dispose },
                binaryDisposable: { first, second in
                    Disposables.create(Disposables.create(with: first), Disposables.create(with: second)).dispose
                },
                disposeBag: {
                    var bag: DisposeBag? = DisposeBag()
                    return (insert: { Disposables.create(with: $0).disposed(by: bag!) }, free: { bag = nil })
                },
                observer: { subscriber in
                    let observer = AnonymousObserver<Int>(subscriber.receive)
                    return { observer.on($0.event()) }
                },
                observeOn: observeOn, subscribeOn: subscribeOn)
        }
    #endif

    #if RXDEMO_SINCE_10
        // Step 10: a HistoricalScheduler, in whole seconds from its start; `observe(on:)`,
        // `subscribe(on:)` and `buffer(timeSpan:count:scheduler:)` on it.
        static func virtualTime() -> VirtualTimeHandle<Observable<Int>> {
            let scheduler = HistoricalScheduler()
            let now = { Int(scheduler.now.timeIntervalSince1970) }
            var mockSharingScheduler: (() -> Void) -> Void = { $0() }
            #if RXDEMO_SINCE_14
                mockSharingScheduler = { body in SharingScheduler.mock(scheduler: scheduler, action: body) }
            #endif
            return VirtualTimeHandle(
                now: now,
                schedule: { time, action in
                    _ = scheduler.scheduleRelative((), dueTime: .seconds(time - now())) { _ in
                        action()
                        return Disposables.create()
                    }
                },
                run: scheduler.start,
                observeOn: { $0.observe(on: scheduler) },
                subscribeOnPlain: { source in PlainSource(source: source).subscribe(on: scheduler) },
                buffer: { stream, timeSpan, count, subscriber in
                    let disposable = stream.buffer(timeSpan: .seconds(timeSpan), count: count, scheduler: scheduler)
                        .subscribe(
                            onNext: subscriber.onArray, onError: subscriber.onError,
                            onCompleted: subscriber.onCompleted)
                    return Subscription(observer: nil, disposable: disposable, dispose: disposable.dispose)
                }, mockSharingScheduler: mockSharingScheduler)
        }
    #endif

    #if RXDEMO_SINCE_11
        // Step 11: `share(replay:scope:)`, `publish()`, `multicast(_:)`, `connect()` and `refCount()`.
        static func sharing() -> SharingHandle<Observable<Int>> {
            SharingHandle(
                share: { stream, replay, forever in
                    stream.share(replay: replay, scope: forever ? .forever : .whileConnected)
                },
                publishRefCount: { $0.publish().refCount() },
                multicastRefCount: { $0.multicast(PublishSubject()).refCount() },
                publish: { stream in
                    let connectable = stream.publish()
                    return (connectable.asObservable(), { connectable.connect().dispose })
                },
                multicast: { stream in
                    let connectable = stream.multicast(PublishSubject())
                    return (connectable.asObservable(), { connectable.connect().dispose })
                })
        }
    #endif

    #if RXDEMO_SINCE_12
        // Step 12: `flatMap`, `flatMapLatest`, `concatMap`, `Observable.merge`, `amb` (both
        // forms), `catch`, `catchAndReturn`, `retry`; `empty()`, `never()`, `error(_:)`, `deferred`.
        static func innerSources() -> InnerSourcesHandle<Observable<Int>> {
            var withLatestFrom: ((Observable<Int>, Observable<Int>) -> Observable<Int>)? = nil
            #if RXDEMO_SINCE_14
                withLatestFrom = { first, second in first.withLatestFrom(second) }
            #endif
            return InnerSourcesHandle(
                flatten: { stream, kind, selector in
                    switch kind {
                    case .flatMap: stream.flatMap(selector)
                    case .flatMapLatest: stream.flatMapLatest(selector)
                    case .concatMap: stream.concatMap(selector)
                    }
                },
                merge: { Observable.merge($0) },
                amb: { sources, list in list ? Observable.amb(sources) : sources[0].amb(sources[1]) },
                catchWith: { stream, fallback in stream.catch { _ in try fallback() } },
                catchAndReturn: { $0.catchAndReturn($1) },
                retry: { stream, attempts in attempts.map { stream.retry($0) } ?? stream.retry() },
                empty: { Observable.empty() },
                never: { Observable.never() },
                error: { Observable.error($0) },
                deferred: { factory in Observable.deferred { factory() } }, withLatestFrom: withLatestFrom)
        }
    #endif

    #if RXDEMO_SINCE_13
        // Step 13: `Single`, `Maybe` and `Completable` (`create`, both `subscribe`s, `map`,
        // `flatMap`), `asSingle()`, `asMaybe()`, and `Hooks.defaultErrorHandler`.
        static func traits() -> TraitsHandle<Observable<Int>> {
            TraitsHandle(
                create: { kind, source in
                    switch kind {
                    case .single:
                        Single<Int>.create { single in
                            play(source, into: single) { event in
                                switch event {
                                case .next(let element): .success(element)
                                case .error(let error): .failure(error)
                                case .completed: preconditionFailure("a Single's script has no completed")
                                }
                            }
                        }
                    case .maybe:
                        Maybe<Int>.create { maybe in
                            play(source, into: maybe) { event in
                                switch event {
                                case .next(let element): .success(element)
                                case .error(let error): .error(error)
                                case .completed: .completed
                                }
                            }
                        }
                    case .completable:
                        Completable.create { completable in
                            play(source, into: completable) { event in
                                switch event {
                                case .next: preconditionFailure("a Completable's script has no elements")
                                case .error(let error): .error(error)
                                case .completed: .completed
                                }
                            }
                        }
                    case .driver, .signal: preconditionFailure("a \(kind.rawValue) is made from an observable here")
                    }
                },
                convert: { stream, kind in
                    switch kind {
                    case .single: stream.asSingle()
                    case .maybe: stream.asMaybe()
                    case .completable: preconditionFailure("asCompletable() needs an Observable<Never>")
                    case .driver, .signal: sharedSequence(stream, kind)
                    }
                },
                map: { trait, kind, transform in
                    switch kind {
                    case .single: (trait as! Single<Int>).map(transform)
                    case .maybe: (trait as! Maybe<Int>).map(transform)
                    case .completable: preconditionFailure("a Completable has no map")
                    case .driver, .signal: mapSharedSequence(trait, kind, transform)
                    }
                },
                flatMap: { trait, kind, selector in
                    switch kind {
                    case .single: (trait as! Single<Int>).flatMap { selector($0) as! Single<Int> }
                    case .maybe: (trait as! Maybe<Int>).flatMap { selector($0) as! Maybe<Int> }
                    case .completable, .driver, .signal: preconditionFailure("no flatMap of a \(kind.rawValue) here")
                    }
                },
                subscribe: subscribeTrait,
                setDefaultErrorHandler: setDefaultErrorHandler)
        }

        // The body of a trait's `create`: plays the script into the trait's observer, each
        // event as the trait's own.
        private static func play<TraitEvent>(
            _ source: ScriptedSource, into observer: @escaping (TraitEvent) -> Void,
            _ convert: @escaping (Event<Int>) -> TraitEvent
        ) -> Disposable {
            let run = source.start(observer) { (event: Event<Int>) in observer(convert(event)) }
            return Disposables.create(with: run.dispose)
        }

        private static func setDefaultErrorHandler(_ handler: @escaping ([String], any Error) -> Void) {
            Hooks.defaultErrorHandler = { callStack, error in handler(callStack, traced(error)) }
        }

        private static func subscribeTrait(
            _ trait: Any, _ kind: TraitKind, _ subscriber: RecordingSubscriber, _ form: TraitSubscribeForm
        ) -> Subscription {
            let onError = { (error: Error) in subscriber.onError(traced(error)) }
            let disposable: Disposable =
                switch (kind, form) {
                case (.single, .handlers):
                    (trait as! Single<Int>).subscribe(
                        onSuccess: subscriber.onSuccess, onFailure: { subscriber.onFailure(traced($0)) },
                        onDisposed: subscriber.onDisposed)
                case (.single, .handlersWithoutErrorHandler):
                    (trait as! Single<Int>).subscribe(
                        onSuccess: subscriber.onSuccess, onDisposed: subscriber.onDisposed)
                case (.single, .events):
                    (trait as! Single<Int>).subscribe { event in
                        switch event {
                        case .success(let element): subscriber.onSuccess(element)
                        case .failure(let error): subscriber.onFailure(traced(error))
                        }
                    }
                case (.maybe, .handlers):
                    (trait as! Maybe<Int>).subscribe(
                        onSuccess: subscriber.onSuccess, onError: onError, onCompleted: subscriber.onCompleted,
                        onDisposed: subscriber.onDisposed)
                case (.maybe, .handlersWithoutErrorHandler):
                    (trait as! Maybe<Int>).subscribe(
                        onSuccess: subscriber.onSuccess, onCompleted: subscriber.onCompleted,
                        onDisposed: subscriber.onDisposed)
                case (.maybe, .events):
                    (trait as! Maybe<Int>).subscribe { event in
                        switch event {
                        case .success(let element): subscriber.onSuccess(element)
                        case .error(let error): onError(error)
                        case .completed: subscriber.onCompleted()
                        }
                    }
                case (.completable, .handlers):
                    (trait as! Completable).subscribe(
                        onCompleted: subscriber.onCompleted, onError: onError, onDisposed: subscriber.onDisposed)
                case (.completable, .handlersWithoutErrorHandler):
                    (trait as! Completable).subscribe(
                        onCompleted: subscriber.onCompleted, onDisposed: subscriber.onDisposed)
                case (.driver, _), (.signal, _):
                    subscribeSharedSequence(trait, kind, subscriber, form)
                case (.single, .optionalObserver), (.maybe, .optionalObserver), (.completable, .optionalObserver):
                    preconditionFailure("only a Driver or a Signal drives an observer of optionals")
                case (.completable, .events):
                    (trait as! Completable).subscribe { event in
                        switch event {
                        case .error(let error): onError(error)
                        case .completed: subscriber.onCompleted()
                        }
                    }
                }
            return Subscription(observer: nil, disposable: disposable, dispose: disposable.dispose)
        }

        // Step 14's `Driver` and `Signal`, subscribed with `drive(onNext:onCompleted:onDisposed:)`
        // and `emit(onNext:onCompleted:onDisposed:)`.
        private static func sharedSequence(_ stream: Observable<Int>, _ kind: TraitKind) -> Any {
            #if RXDEMO_SINCE_14
                kind == .driver ? stream.asDriver(onErrorJustReturn: -1) : stream.asSignal(onErrorJustReturn: -1)
            #else
                preconditionFailure("Driver and Signal come in step 14")
            #endif
        }

        private static func mapSharedSequence(
            _ trait: Any, _ kind: TraitKind, _ transform: @escaping (Int) throws -> Int
        )
            -> Any
        {
            #if RXDEMO_SINCE_14
                kind == .driver
                    ? (trait as! Driver<Int>).map { try! transform($0) }
                    : (trait as! SharedSequence<SignalSharingStrategy, Int>).map { try! transform($0) }
            #else
                preconditionFailure("Driver and Signal come in step 14")
            #endif
        }

        private static func subscribeSharedSequence(
            _ trait: Any, _ kind: TraitKind, _ subscriber: RecordingSubscriber, _ form: TraitSubscribeForm
        ) -> Disposable {
            #if RXDEMO_SINCE_14
                // As a label's `text`, a `String?`, is driven by a `Driver<String>`.
                let optionals = AnyObserver<Int?> { event in
                    switch event {
                    case .next(let element): subscriber.onNext(element ?? Int.min)
                    case .error(let error): subscriber.onError(error)
                    case .completed: subscriber.onCompleted()
                    }
                }
                if form == .optionalObserver {
                    return kind == .driver
                        ? (trait as! Driver<Int>).drive(optionals)
                        : (trait as! SharedSequence<SignalSharingStrategy, Int>).emit(to: optionals)
                }
                return kind == .driver
                    ? (trait as! Driver<Int>).drive(
                        onNext: subscriber.onNext, onCompleted: subscriber.onCompleted,
                        onDisposed: subscriber.onDisposed)
                    : (trait as! SharedSequence<SignalSharingStrategy, Int>).emit(
                        onNext: subscriber.onNext, onCompleted: subscriber.onCompleted,
                        onDisposed: subscriber.onDisposed)
            #else
                preconditionFailure("Driver and Signal come in step 14")
            #endif
        }

        // RxSwift's own errors by name in the trace: "receive failure(RxError.noElements)".
        private static func traced(_ error: Error) -> Error {
            switch error as? RxError {
            case .noElements: ScriptedError("RxError.noElements")
            case .moreThanOneElement: ScriptedError("RxError.moreThanOneElement")
            default: error
            }
        }

        // What the harness watches being freed, without keeping it.
        private final class Watched {
            weak var object: AnyObject?
            init(_ object: AnyObject?) { self.object = object }
        }

        private final class Screen {
            var failures = 0
        }

        // `subscribe(with:)`: the handler gets the object; a freed object is not kept, and gets
        // nothing. By failures: a success would crash a step whose Single mishandles completed,
        // and a crash here would hide every scenario's verdict.
        private static func subscribeWithHoldsWeakly() -> Bool {
            var reply: ((SingleEvent<Int>) -> Void)? = nil
            let request = Single<Int>.create { single in
                reply = single
                return Disposables.create()
            }
            let kept = Screen()
            _ = request.subscribe(with: kept, onFailure: { screen, _ in screen.failures += 1 })
            reply?(.failure(ScriptedError("first")))
            var freed: Screen? = Screen()
            let watched = Watched(freed)
            _ = request.subscribe(with: freed!, onFailure: { screen, _ in screen.failures += 1 })
            freed = nil
            reply?(.failure(ScriptedError("second")))
            return kept.failures == 1 && watched.object == nil
        }

        private static func traitChecks(_ created: Observable<Int>) -> [ShapeCheck] {
            // What the handler is handed with recording off, then on; restored after.
            var callStackSizes: [Int] = []
            let recordsByDefault = Hooks.recordCallStackOnError
            setDefaultErrorHandler(UnhandledErrors.report)
            UnhandledErrors.receiver = UnhandledErrors.Receiver { callStack, _ in callStackSizes.append(callStack.count)
            }
            _ = Observable<Int>.error(ScriptedError("off")).subscribe(onNext: { _ in })
            Hooks.recordCallStackOnError = true
            _ = Single<Int>.error(ScriptedError("on")).subscribe(onSuccess: { _ in })
            Hooks.recordCallStackOnError = false
            UnhandledErrors.receiver = nil
            var completed = false
            _ = Observable<Never>.empty().asCompletable().subscribe(onCompleted: { completed = true })
            let event: SingleEvent<Int> = .success(1)
            let asResult: Result<Int, Error> = event
            return [
                ShapeCheck(
                    tr(
                        "`Single<Int>` and `Maybe<Int>` are `PrimitiveSequence`s; `SingleEvent<Int>` is Swift's `Result<Int, Error>`",
                        "`Single<Int>` 和 `Maybe<Int>` 都是 `PrimitiveSequence`；"
                            + "`SingleEvent<Int>` 就是 Swift 的 `Result<Int, Error>`"),
                    typeName(of: Single.just(1)) == "PrimitiveSequence"
                        && typeName(of: Maybe.just(1)) == "PrimitiveSequence"
                        && (try? asResult.get()) == 1),
                ShapeCheck(
                    tr(
                        "`asSingle()` wraps an `AsSingle`, `asMaybe()` an `AsMaybe`, each a `Producer`",
                        "`asSingle()` 包装一个 `AsSingle`，`asMaybe()` 包装一个 `AsMaybe`，各自都是 `Producer`"),
                    isInstance(created.asSingle().asObservable(), of: "AsSingle")
                        && isInstance(created.asMaybe().asObservable(), of: "AsMaybe")
                        && created.asSingle().asObservable() is Producer<Int>),
                ShapeCheck(
                    tr(
                        "`Observable<Never>.asCompletable()` is a `Completable` that completes with its source",
                        "`Observable<Never>.asCompletable()` 是一个随源序列一起完成的 `Completable`"),
                    completed),
                ShapeCheck(
                    tr(
                        "`single.subscribe(with: object, onFailure:)` hands the handler the object, and does not keep it alive",
                        "`single.subscribe(with: object, onFailure:)` 把对象交给处理闭包，但不会让它一直存活"),
                    subscribeWithHoldsWeakly()),
                ShapeCheck(
                    tr(
                        "`Hooks.recordCallStackOnError` is off by default; on, a subscribe without an error handler hands `Hooks.defaultErrorHandler` its call stack",
                        "`Hooks.recordCallStackOnError` 默认关闭；打开之后，"
                            + "不带错误处理闭包的 `subscribe` 会把调用栈交给 `Hooks.defaultErrorHandler`"),
                    !recordsByDefault && callStackSizes.count == 2 && callStackSizes[0] == 0 && callStackSizes[1] > 0),
            ]
        }
    #endif

    #if RXDEMO_SINCE_14
        // Step 14: the search screen's view model, fed by subjects as the screen's controls
        // would feed it, its outputs driven as the screen's labels would be.
        static func app() -> AppHandle {
            AppHandle { record in
                let agent = NetworkAgent()
                agent.onEvent = record
                let query = PublishSubject<String>()
                let refresh = PublishSubject<Void>()
                var viewModel: SearchViewModel? = SearchViewModel(agent: agent)
                let watched = Watched(viewModel)
                let output = viewModel!.transform(
                    input: SearchViewModel.Input(
                        query: query.asDriver(onErrorJustReturn: ""), refresh: refresh.asSignal(onErrorJustReturn: ())
                    ))
                var bag: DisposeBag? = DisposeBag()
                output.results.drive(onNext: { record("results [\($0.joined(separator: ", "))]") }).disposed(by: bag!)
                output.isLoading.drive(onNext: { record("loading \($0)") }).disposed(by: bag!)
                output.errorMessage.drive(onNext: { record("error \($0 ?? "none")") }).disposed(by: bag!)
                return AppRun(
                    type: { query.onNext($0) }, refresh: { refresh.onNext(()) },
                    reply: { agent.reply(to: $0, with: ["titles": $1]) },
                    fail: { agent.fail($0, with: ScriptedError("server")) },
                    close: {
                        bag = nil
                        viewModel = nil
                    },
                    left: {
                        let running = agent.requests.filter { !$0.isStopped && !$0.isFinished }.map {
                            "request \($0.number)"
                        }
                        let subscribed = [
                            (query.hasObservers, "the query"), (refresh.hasObservers, "the refresh taps"),
                        ]
                        .filter(\.0).map { "a subscription to \($0.1)" }
                        return ((watched.object == nil ? [] : ["the view model"]) + running + subscribed).map {
                            Trace.stillAlivePrefix + $0
                        }
                    })
            }
        }

        #if RXDEMO_SINCE_15
            // Step 15: the bridge to Swift concurrency, as an app calls it.
            static func bridge() -> BridgeHandle<Observable<Int>> {
                BridgeHandle(
                    values: { $0.values },
                    singleValue: { try await ($0 as! Single<Int>).value },
                    asObservable: { $0.asObservable() },
                    createSingle: { Single<Int>.create(detached: $0, priority: $1, work: $2).asObservable() },
                    maybeValue: { try await ($0 as! Maybe<Int>).value },
                    completableValue: { try await ($0 as! Completable).value },
                    sharedValues: { shared in
                        if let driver = shared as? Driver<Int> { return driver.values }
                        return (shared as! SharedSequence<SignalSharingStrategy, Int>).values
                    },
                    asObservableOf: { sequence, priority in
                        priority.map { sequence.asObservable(priority: $0) } ?? sequence.asObservable()
                    })
            }
        #endif

        private final class Box: ReactiveCompatible {
            var value = 0
        }

        private final class ChangeCounter: TextFieldDelegate {
            var changes = 0
            func textFieldDidChange(_ textField: TextField) { changes += 1 }
            func textFieldShouldReturn(_ textField: TextField) -> Bool { false }
        }

        private static func bindingChecks(_ created: Observable<Int>) -> [ShapeCheck] {
            // A Binder on the current thread's scheduler: it sets the value, and holds its target weakly.
            var box: Box? = Box()
            let watchedBox = Watched(box)
            let binder = Binder(box!, scheduler: CurrentThreadScheduler.instance) { $0.value = $1 }
            binder.on(.next(7))
            let bound = box?.value == 7
            box = nil
            binder.on(.next(8))
            let dynamicMember: Binder<Int> = Box().rx.value
            // The delegate proxy: the app's delegate keeps hearing every change, and so does .rx.
            let field = TextField()
            let counter = ChangeCounter()
            field.delegate = counter
            var texts: [String?] = []
            let typing = field.rx.text.subscribe(onNext: { texts.append($0) })
            field.type("a")
            let returns = field.pressReturn()
            typing.dispose()
            // A screen that is its text field's delegate: the proxy forwards to it without keeping it.
            let screenField = TextField()
            var screen: ChangeCounter? = ChangeCounter()
            let watchedScreen = Watched(screen)
            screenField.delegate = screen
            let screenTyping = screenField.rx.text.subscribe(onNext: { _ in })
            screenField.type("b")
            let forwarded = screen?.changes == 1
            screen = nil
            let screenFreed = watchedScreen.object == nil
            screenTyping.dispose()
            // withLatestFrom subscribes the second source first: a first source that sends during
            // its subscribe already pairs with a second source's current value.
            var paired: [Int] = []
            _ = Observable.just(1).withLatestFrom(BehaviorSubject(value: 7)) { $0 * 10 + $1 }
                .subscribe(onNext: { paired.append($0) })
            // SharingScheduler.mock: the scheduler inside, the one before after.
            var inside: SchedulerType? = nil
            let mock = HistoricalScheduler()
            SharingScheduler.mock(scheduler: mock) { inside = SharingScheduler.make() }
            let after = SharingScheduler.make()
            return [
                ShapeCheck(
                    tr(
                        "`Driver<Int>` and `Signal<Int>` are `SharedSequence`s; a `Driver` shares with a `ShareReplay1WhileConnected`, a `Signal` with a `ShareWhileConnected`",
                        "`Driver<Int>` 和 `Signal<Int>` 都是 `SharedSequence`；`Driver` 用 `ShareReplay1WhileConnected` 共享，"
                            + "`Signal` 用 `ShareWhileConnected` 共享"),
                    typeName(of: created.asDriver(onErrorJustReturn: 0)) == "SharedSequence"
                        && isInstance(
                            created.asDriver(onErrorJustReturn: 0).asObservable(), of: "ShareReplay1WhileConnected")
                        && isInstance(created.asSignal(onErrorJustReturn: 0).asObservable(), of: "ShareWhileConnected")),
                ShapeCheck(
                    tr(
                        "`Binder(target, scheduler:)` sets the target's property on each element and holds its target weakly; `object.rx.property` is a `Binder` (dynamic member lookup)",
                        "`Binder(target, scheduler:)` 每收到一个元素就设置目标的属性，并弱引用目标；"
                            + "`object.rx.property` 是一个 `Binder`（动态成员查找）"),
                    bound && watchedBox.object == nil && typeName(of: dynamicMember) == "Binder"),
                ShapeCheck(
                    tr(
                        "`withLatestFrom` returns a `WithLatestFrom`, a `Producer`",
                        "`withLatestFrom` 返回一个 `WithLatestFrom`，它是一个 `Producer`"),
                    isInstance(created.withLatestFrom(created), of: "WithLatestFrom")
                        && created.withLatestFrom(created) is Producer<Int>),
                ShapeCheck(
                    tr(
                        "`withLatestFrom` subscribes the second source before the first: `Observable.just(1).withLatestFrom(BehaviorSubject(value: 7)) { $0 * 10 + $1 }` sends 17",
                        "`withLatestFrom` 先订阅第二个源序列，再订阅第一个："
                            + "`Observable.just(1).withLatestFrom(BehaviorSubject(value: 7)) { $0 * 10 + $1 }` 发出 17"),
                    paired == [17]),
                ShapeCheck(
                    tr(
                        "`textField.rx.text` sends the current text, then each change, while the text field's own delegate still gets every call (`TextFieldDelegateProxy`)",
                        "`textField.rx.text` 先发出当前文本，然后是每次改动，同时文本框自己的代理仍然收到每一次调用（`TextFieldDelegateProxy`）"),
                    texts == ["", "a"] && counter.changes == 1 && !returns
                        && field.delegate is TextFieldDelegateProxy),
                ShapeCheck(
                    tr(
                        "the delegate proxy forwards to the text field's earlier delegate without keeping it alive (`retainDelegate: false`): a screen that is its field's delegate is freed when the app lets go of it",
                        "代理对象把调用转发给文本框原来的代理，但不让它保持存活（`retainDelegate: false`）：一个页面如果是它自己文本框的代理，应用放开它时它就会被释放"),
                    forwarded && screenFreed && withExtendedLifetime(screenField) { true }),
                ShapeCheck(
                    tr(
                        "`SharingScheduler.mock(scheduler:)` makes `SharingScheduler.make()` return that scheduler inside its closure, and a `MainScheduler` after it",
                        "`SharingScheduler.mock(scheduler:)` 让 `SharingScheduler.make()` 在它的闭包里返回那个调度器，"
                            + "在闭包之后返回一个 `MainScheduler`"),
                    inside as AnyObject? === mock && after is MainScheduler),
            ]
        }
    #endif

    // A type of the program's own that conforms to `ObservableType` with only `subscribe(_:)`:
    // RxSwift's extension gives it `asObservable()`, so it can sit upstream of an operator.
    private struct TwoElements: ObservableType {
        typealias Element = Int

        func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
            observer.on(.next(1))
            observer.on(.next(2))
            observer.on(.completed)
            return Disposables.create()
        }
    }

    #if RXDEMO_SINCE_11
        // What a subscriber that comes after 1…50 gets from the subject at once.
        private static func replayed(by subject: ReplaySubject<Int>) -> [Int] {
            for element in 1...50 { subject.onNext(element) }
            var replayed: [Int] = []
            subject.subscribe(onNext: { replayed.append($0) }).dispose()
            return replayed
        }
    #endif

    // RxSwift's internal names, which the step pages list: a participant's step must have them.
    static func shape() -> [ShapeCheck] {
        let created = Observable<Int>.create { _ in Disposables.create() }
        let mapped = created.map { $0 * 2 }
        var handed: Any? = nil
        var fromOwnType: [Int] = []
        _ = TwoElements().asObservable().map { $0 * 10 }.subscribe(onNext: { fromOwnType.append($0) })
        _ = Observable<Int>.create { observer in
            handed = observer
            return Disposables.create()
        }.subscribe { _ in }
        var checks = [
            ShapeCheck(
                tr(
                    "`create` returns an `AnonymousObservable`, a `Producer`",
                    "`create` 返回一个 `AnonymousObservable`，它是一个 `Producer`"),
                isInstance(created, of: "AnonymousObservable") && created is Producer<Int>),
            ShapeCheck(
                tr("`map` returns a `Map`, a `Producer`", "`map` 返回一个 `Map`，它是一个 `Producer`"),
                isInstance(mapped, of: "Map") && mapped is Producer<Int>),
            ShapeCheck(tr("`just` returns a `Just`", "`just` 返回一个 `Just`"), isInstance(Observable.just(1), of: "Just")),
            ShapeCheck(
                tr("`create`'s closure is handed an `AnyObserver<Int>`", "`create` 的闭包拿到的是一个 `AnyObserver<Int>`"),
                handed is AnyObserver<Int>),
            ShapeCheck(
                tr(
                    "a type of your own that conforms to `ObservableType` with only `subscribe(_:)` gets `asObservable()` from an extension of `ObservableType` and sits upstream of `map`",
                    "一个你自己的、只实现 `subscribe(_:)` 来遵循 `ObservableType` 的类型，从 `ObservableType` 的扩展得到 `asObservable()`，"
                        + "并能放在 `map` 的上游"),
                fromOwnType == [10, 20]),
            ShapeCheck(
                tr("`subscribe(_ on:)` returns the `SinkDisposer`", "`subscribe(_ on:)` 返回 `SinkDisposer`"),
                isInstance(created.subscribe { _ in }, of: "SinkDisposer")),
            ShapeCheck(
                tr(
                    "`subscribe(onNext:…)` returns a `BinaryDisposable`",
                    "`subscribe(onNext:…)` 返回一个 `BinaryDisposable`"),
                isInstance(created.subscribe(onNext: { _ in }), of: "BinaryDisposable")),
            ShapeCheck(
                tr("`AnonymousObserver` is an `ObserverBase`", "`AnonymousObserver` 是一个 `ObserverBase`"),
                isInstance(AnonymousObserver<Int> { _ in }, of: "ObserverBase")),
        ]
        #if RXDEMO_SINCE_08
            checks.append(
                ShapeCheck(
                    tr(
                        "subscribing to a subject returns a `SubscriptionDisposable`",
                        "订阅一个 `Subject` 返回的是 `SubscriptionDisposable`"),
                    typeName(of: PublishSubject<Int>().subscribe { _ in }) == "SubscriptionDisposable"))
        #endif
        #if RXDEMO_SINCE_09
            let flag = AtomicInt(0)
            let tracker = SynchronizationTracker()
            tracker.register(synchronizationErrorMessage: .default)
            tracker.unregister()
            checks.append(
                ShapeCheck(
                    tr(
                        "`AtomicInt(0)` with `fetchOr`, `add` and `load`, each returning the value from before",
                        "`AtomicInt(0)` 配合 `fetchOr`、`add` 和 `load`，每个都返回操作之前的值"),
                    fetchOr(flag, 1) == 0 && fetchOr(flag, 2) == 1 && add(flag, 4) == 3 && load(flag) == 7))
        #endif
        #if RXDEMO_SINCE_10
            checks += trampolineChecks()
        #endif
        #if RXDEMO_SINCE_11
            checks += [
                ShapeCheck(
                    tr("`share()` returns a `ShareWhileConnected`", "`share()` 返回一个 `ShareWhileConnected`"),
                    isInstance(created.share(), of: "ShareWhileConnected")),
                ShapeCheck(
                    tr(
                        "`share(replay: 1)` returns a `ShareReplay1WhileConnected`",
                        "`share(replay: 1)` 返回一个 `ShareReplay1WhileConnected`"),
                    isInstance(created.share(replay: 1), of: "ShareReplay1WhileConnected")),
                ShapeCheck(
                    tr(
                        "`publish()` returns a `ConnectableObservable`, and `refCount()` a `RefCount`, a `Producer`",
                        "`publish()` 返回一个 `ConnectableObservable`，`refCount()` 返回一个 `RefCount`，它是一个 `Producer`"),
                    isInstance(created.publish(), of: "ConnectableObservable")
                        && isInstance(created.publish().refCount(), of: "RefCount")
                        && created.publish().refCount() is Producer<Int>),
                ShapeCheck(
                    tr(
                        "`ReplaySubject.create(bufferSize:)` and `createUnbounded()` return a `ReplaySubject`",
                        "`ReplaySubject.create(bufferSize:)` 和 `createUnbounded()` 返回一个 `ReplaySubject`"),
                    isInstance(ReplaySubject<Int>.create(bufferSize: 2), of: "ReplaySubject")
                        && isInstance(ReplaySubject<Int>.createUnbounded(), of: "ReplaySubject")),
                ShapeCheck(
                    tr(
                        "after 1…50, a late subscriber to `ReplaySubject.createUnbounded()` gets all fifty, to `create(bufferSize: 3)` 48, 49, 50, to `create(bufferSize: 1)` 50",
                        "发送 1…50 之后，迟到的订阅者从 `ReplaySubject.createUnbounded()` 收到全部五十个，"
                            + "从 `create(bufferSize: 3)` 收到 48、49、50，从 `create(bufferSize: 1)` 收到 50"),
                    replayed(by: .createUnbounded()) == Array(1...50)
                        && replayed(by: .create(bufferSize: 3)) == [48, 49, 50]
                        && replayed(by: .create(bufferSize: 1)) == [50]),
            ]
        #endif
        #if RXDEMO_SINCE_12
            checks += innerSourceChecks(created)
        #endif
        #if RXDEMO_SINCE_13
            checks += traitChecks(created)
        #endif
        #if RXDEMO_SINCE_14
            checks += bindingChecks(created)
        #endif
        return checks
    }

    #if RXDEMO_SINCE_12
        private static func innerSourceChecks(_ created: Observable<Int>) -> [ShapeCheck] {
            let group = CompositeDisposable()
            var disposed: [String] = []
            let first = group.insert(Disposables.create { disposed.append("first") })
            _ = group.insert(Disposables.create { disposed.append("second") })
            if let first { group.remove(for: first) }
            let countAfterRemove = group.count
            group.dispose()
            let late = group.insert(Disposables.create { disposed.append("late") })
            return [
                ShapeCheck(
                    tr(
                        "`flatMap` returns a `FlatMap`, `concatMap` a `ConcatMap`, `flatMapLatest` a `FlatMapLatest`, each a `Producer`",
                        "`flatMap` 返回一个 `FlatMap`，`concatMap` 返回一个 `ConcatMap`，`flatMapLatest` 返回一个 `FlatMapLatest`，"
                            + "各自都是 `Producer`"),
                    isInstance(created.flatMap { _ in created }, of: "FlatMap")
                        && isInstance(created.concatMap { _ in created }, of: "ConcatMap")
                        && isInstance(created.flatMapLatest { _ in created }, of: "FlatMapLatest")
                        && created.flatMap { _ in created } is Producer<Int>),
                ShapeCheck(
                    tr(
                        "`Observable.merge` returns a `MergeArray`, `amb` an `Amb`, `catch` a `Catch`, `retry` a `CatchSequence`",
                        "`Observable.merge` 返回一个 `MergeArray`，`amb` 返回一个 `Amb`，`catch` 返回一个 `Catch`，"
                            + "`retry` 返回一个 `CatchSequence`"),
                    isInstance(Observable.merge(created, created), of: "MergeArray")
                        && isInstance(created.amb(created), of: "Amb")
                        && isInstance(created.catch { _ in created }, of: "Catch")
                        && isInstance(created.retry(2), of: "CatchSequence")),
                ShapeCheck(
                    tr(
                        "`CompositeDisposable`: `insert` returns a key, `remove(for:)` disposes that one, `dispose()` the rest, and after it `insert` disposes at once and returns nil",
                        "`CompositeDisposable`：`insert` 返回一个 key，`remove(for:)` 释放对应的那一个，`dispose()` 释放其余的，"
                            + "而在 `dispose()` 之后，`insert` 会立即释放传入的对象并返回 nil"),
                    disposed == ["first", "second", "late"] && countAfterRemove == 1 && late == nil),
            ]
        }
    #endif

    #if RXDEMO_SINCE_10
        // Step 10's trampoline: a thousand recursive schedules never put more than one on the
        // stack, and what an action schedules runs after it, in the order it was scheduled.
        private static func trampolineChecks() -> [ShapeCheck] {
            var depth = 0
            var deepest = 0
            func countDown(_ remaining: Int) -> Disposable {
                depth += 1
                deepest = max(deepest, depth)
                if remaining > 0 { _ = CurrentThreadScheduler.instance.schedule(remaining - 1, action: countDown) }
                depth -= 1
                return Disposables.create()
            }
            _ = CurrentThreadScheduler.instance.schedule(1_000, action: countDown)
            var order: [String] = []
            func run(_ name: String, then next: [String]) -> Disposable {
                order.append(name)
                for name in next {
                    _ = CurrentThreadScheduler.instance.schedule(name) { run($0, then: $0 == "b" ? ["d"] : []) }
                }
                return Disposables.create()
            }
            _ = CurrentThreadScheduler.instance.schedule("a") { run($0, then: ["b", "c"]) }
            return [
                ShapeCheck(
                    tr(
                        "`CurrentThreadScheduler.instance` runs a schedule made inside a scheduled action after it, not inside it",
                        "`CurrentThreadScheduler.instance` 把在一个已调度的动作里做出的调度放到这个动作之后运行，而不是在它里面运行"),
                    deepest == 1),
                ShapeCheck(
                    tr(
                        "`CurrentThreadScheduler.instance` runs what was scheduled inside an action in the order it was scheduled",
                        "`CurrentThreadScheduler.instance` 按调度的先后顺序，运行在一个动作里调度的东西"),
                    order == ["a", "b", "c", "d"]),
            ]
        }

        // RxTest's kind of source: an `ObservableType` that is not an `Observable`; its
        // subscription plays the script into the observer and lasts until it is disposed.
        struct PlainSource: ObservableType {
            typealias Element = Int
            let source: ScriptedSource

            func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
                let run = source.start(observer, emit: observer.on)
                return Disposables.create(with: run.dispose)
            }
        }
    #endif
}

// Test names are the same in every step's target; `swift test --filter RxDemo11Tests` picks one.
@Test("traces", arguments: thisStep.selectedScenarios)
func traces(_ scenario: Scenario) async {
    await verify(scenario, on: RxSwiftAdapter.self)
}

@Test("has RxSwift's shape")
func shape() async {
    await verifyShape(of: RxSwiftAdapter.self)
}

@Test("threads", arguments: thisStep.selectedThreadScenarios)
func threads(_ scenario: ThreadScenario) async {
    await verifyThreads(scenario, on: RxSwiftAdapter.self)
}

// Programs nobody wrote by hand, judged by what RxSwift and the reference step print.
@Test("generated programs")
func generated() async {
    await verifyGenerated(on: RxSwiftAdapter.self)
}
