// A scenario: what the source does and when, what sits between it and the subscriber,
// what each subscriber does and when, and the one trace correct Rx behaviour prints.
// The expected traces follow the article's printed output and RxSwift's rules; they are
// written here by hand, never copied from a step's output.
public struct Scenario: Sendable {
    public let id: ScenarioID
    // What the events come from; for a subject, `source` says what is pushed into it, once.
    let kind: SourceKind
    let source: SourceScript
    let operators: [Operator]
    let subscribers: [SubscriberScript]
    let lifetimes: LifetimeCheck
    // When the harness lets go of the one `DisposeBag` (subscribers with `inBag` are in it).
    let bagFreedAt: Int?
    // What the harness asks a subject, and when.
    let probes: [Probe]
    // Whether errors that reach no handler go into the trace ("unhandled error(source)"), as
    // a test that replaces `Hooks.defaultErrorHandler` sees them.
    let tracesUnhandledErrors: Bool
    public internal(set) var expected: [String]
    // `.releasedOrder` or `.mainBranchOrder` for a scenario whose order RxSwift's main branch
    // changed; nil for every other.
    public let order: Capability?
    // Where the scenario is written, so that a failure points at its line in Scenarios.swift.
    public let location: Location
    // The demand act's scenarios are programs of Combine's API (DemandScenarios.swift).
    public let demand: DemandProgram?

    public struct Location: Sendable {
        public let fileID: String
        public let filePath: String
        public let line: Int
        public let column: Int

        public var short: String { "\(fileID.split(separator: "/").last ?? ""):\(line)" }
    }

    init(
        _ id: ScenarioID, kind: SourceKind = .create, source: SourceScript, operators: [Operator] = [],
        subscribers: [SubscriberScript] = [SubscriberScript()], lifetimes: LifetimeCheck = .none,
        bagFreedAt: Int? = nil, probes: [Probe] = [], tracesUnhandledErrors: Bool = false,
        order: Capability? = nil, demand: DemandProgram? = nil, expected: [String],
        fileID: String = #fileID,
        filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.id = id
        self.demand = demand
        self.kind = kind
        self.bagFreedAt = bagFreedAt
        self.probes = probes
        self.tracesUnhandledErrors = tracesUnhandledErrors
        self.source = source
        self.operators = operators
        self.subscribers = subscribers
        self.lifetimes = lifetimes
        self.order = order
        self.expected = expected
        self.location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    public var name: String { id.rawValue }

    // Whether the run checks that objects are freed: its timeline shows what is left alive.
    public var watchesLifetimes: Bool { lifetimes != .none }

    // The same program with another expected trace: a generated program's, once recorded.
    public func expecting(_ trace: [String]) -> Scenario {
        var copy = self
        copy.expected = trace
        return copy
    }

    // Whether it is the search screen's: its trace is the user's, the network's and the
    // screen's, not sources and subscribers, and its timeline has lanes of its own.
    public var isApp: Bool { if case .app = kind { true } else { false } }

    // What a step must offer to run this scenario at all.
    public var needs: Set<Capability> {
        if let demand { return demand.needs }
        var needs: Set<Capability> = order.map { [$0] } ?? []
        if operators.contains(where: \.isMap) { needs.insert(.map) }
        if source.hasDisposeClosure || subscribers.contains(where: \.disposes) { needs.insert(.dispose) }
        if subscribers.contains(where: { $0.style == .handlers || $0.style == .handlersWithoutOnError }) {
            needs.insert(.handlers)
        }
        if operators.contains(where: { if case .observeOnScheduler = $0 { true } else { false } })
            || subscribers.contains(where: { if case .buffer = $0.style { true } else { false } })
        {
            needs.insert(.schedulers)
        }
        if subscribers.contains(where: \.inBag) || bagFreedAt != nil { needs.insert(.disposeBag) }
        if isShared { needs.insert(.sharing) }
        for op in operators where op.hasInnerSources {
            if case .flatten(.flatMap, _) = op { needs.insert(.flatMap) } else { needs.insert(.innerSources) }
            if case .withLatestFrom = op { needs.insert(.latestFrom) }
            // The inners are `create`s: one that sends during its subscription, or has a
            // dispose closure, is cold.
            if op.innerScripts.contains(where: {
                $0.script.hasDisposeClosure || $0.script.actions.contains { $0.time == 0 }
            }) {
                needs.insert(.coldSources)
            }
        }
        if source.hasTerminalEvent || operators.contains(where: \.endsStreams) { needs.insert(.terminalEvents) }
        if !probes.isEmpty || subscribers.contains(where: { $0.asksValueOnReceiving != nil }) {
            needs.insert(.subjects)
        }
        if tracesUnhandledErrors || operators.contains(where: \.isTraitConversion)
            || subscribers.contains(where: { if case .trait = $0.style { true } else { false } })
        {
            needs.insert(.traits)
        }
        if traitKinds.contains(where: \.isShared) { needs.insert(.bindings) }
        // Bindings run on the step's virtual time.
        if needs.contains(.bindings) || { if case .app = kind { true } else { false } }() {
            needs.formUnion([.bindings, .schedulers])
        }
        switch kind {
        case .create: needs.insert(.coldSources)
        case .empty, .never, .error: needs.insert(.innerSources)
        case .deferred: needs.formUnion([.innerSources, .coldSources])
        case .trait: needs.insert(.traits)
        case .app: needs.insert(.bindings)
        case .plainSubscribedOnScheduler: needs.formUnion([.schedulers, .coldSources])
        case .just: needs.formUnion([.just, .terminalEvents])
        case .publishSubject: needs.insert(.hotSource)
        case .behaviorSubject: needs.formUnion([.hotSource, .subjects])
        case .replaySubject: needs.formUnion([.hotSource, .subjects, .sharing])
        }
        return needs
    }

    // A scenario has a clock when anything in it happens after time 0; its trace entries
    // then carry their time ("t2 dispose").
    public var hasClock: Bool {
        source.actions.contains { $0.time > 0 }
            || operators.contains { !$0.connectTimes.isEmpty || $0.innerScripts.contains { $0.script.hasClock } }
            || subscribers.contains { !$0.disposeTimes.isEmpty || $0.subscribeTime > 0 }
            || bagFreedAt != nil || !probes.isEmpty || { if case .app = kind { true } else { false } }()
    }

    // Whether the source's error names its attempt: a `create` or `deferred` under `retryCounting`.
    var errorsCountAttempts: Bool {
        switch kind {
        case .create, .deferred: operators.contains { if case .retryCounting = $0 { true } else { false } }
        default: false
        }
    }

    // Whether the source is hot: one stream that every subscriber shares, a subject's or a
    // cold source's made hot by sharing.
    public var isHot: Bool {
        switch kind {
        case .create, .plainSubscribedOnScheduler, .just, .empty, .never, .error, .deferred, .trait, .app:
            isShared || traitKinds.contains(where: \.isShared)
        case .publishSubject, .behaviorSubject, .replaySubject: true
        }
    }

    // What sits between source and subscriber, as code: "share(replay: 1, scope: .forever)".
    public var operatorsCode: String {
        operators.map(\.code).joined(separator: ".")
    }

    // Scenarios with the same key differ only in their operators: the same source, the same
    // subscribers, the same harness. What one prints is a wrong answer to the other's question.
    // A demand scenario's program is its `demand`, operators and all: none is another's variant.
    public var variantKey: String {
        "\(kind) \(source) \(subscribers) \(bagFreedAt as Any) \(probes) \(operators.map(\.shape))"
            + (demand.map { " \($0.canonicalDescription)" } ?? "")
    }

    // Whether an operator shares one run of the source between the subscribers (a `Driver`
    // and a `Signal` share too).
    public var isShared: Bool { operators.contains(where: \.isSharing) || traitKinds.contains(where: \.isShared) }

    // The traits the chain becomes.
    var traitKinds: [TraitKind] {
        operators.compactMap { if case .asTrait(let kind) = $0 { kind } else { nil } }
            + (kind.traitKind.map { [$0] } ?? [])
    }

    // The sources an operator subscribes to besides the scenario's own, each on a lane of its
    // own: "inner 1" (what flatMap's selector returns for 1), "source 2", "fallback".
    public var innerLabels: [String] {
        var seen: [String] = []
        for label in operators.flatMap({ $0.innerScripts.map(\.label) }) where !seen.contains(label) {
            seen.append(label)
        }
        return seen
    }
}

// What each subscriber does, for pictures of the scenario: when it subscribes, when it calls
// dispose(), and the value on which its handler disposes.
public struct SubscriptionScript: Sendable {
    public let label: String?
    public let subscribeTime: Int
    public let disposeTimes: [Int]
    public let disposeOnReceiving: Int?
    // The subscriber from whose completed handler this one subscribes, if any.
    public let subscribesOnCompletedOf: String?
}

extension Scenario {
    public var subscriptionScripts: [SubscriptionScript] {
        zip(labels, subscribers).map { label, script in
            // One that subscribes from another's completed handler does so when that arrives.
            let completedTime = script.subscribesOnCompletedOf.flatMap { other in
                expected.map(TraceEntry.init).first {
                    $0.label == labels[other] && $0.event == "receive completed"
                }?.time
            }
            return SubscriptionScript(
                label: label, subscribeTime: completedTime ?? script.subscribeTime, disposeTimes: script.disposeTimes,
                disposeOnReceiving: script.disposeOnReceiving,
                subscribesOnCompletedOf: script.subscribesOnCompletedOf.flatMap { labels[$0] })
        }
    }
}

// What a scenario checks is freed once it has run.
enum LifetimeCheck: Sendable {
    case none
    // Every object of the chain, found from its ends.
    case everything
    // Only what the generator closure captures, while the harness still holds the disposable:
    // a disposable that outlives its subscription must not keep the generator alive.
    case generatorCaptures
}

public enum Capability: String, Sendable, CaseIterable {
    // `Observable.create`: a cold source, whose generator runs once per subscription.
    case coldSources
    // `completed` and `error`, after which a subscription gets nothing more.
    case terminalEvents
    // `subscribe` returns a Disposable, and the event generator can return one.
    case dispose
    // The `map` operator.
    case map
    // `subscribe(onNext:onError:onCompleted:onDisposed:)`.
    case handlers
    // `DisposeBag` and `disposed(by:)`.
    case disposeBag
    // `Observable.just`.
    case just
    // A hot source that whoever holds it pushes into, shared by its subscribers: a
    // `PublishSubject`, or the article's `Signal.empty()`.
    case hotSource
    // RxSwift's subjects beyond that: `BehaviorSubject`, `hasObservers`, `value()`, a
    // subject's own `dispose()`, terminal events kept for late subscribers.
    case subjects
    // Schedulers: `observe(on:)`, `buffer`, and a virtual-time scheduler to run them on.
    case schedulers
    // Sharing: `share(replay:scope:)`, `publish()`, `multicast(_:)`, `connect()`, `refCount()`.
    case sharing
    // `flatMap`: an inner source for every element, each subscribed as it comes.
    case flatMap
    // Operators that subscribe to observables of their own: `flatMapLatest`,
    // `concatMap`, `Observable.merge`, `amb`, `catch`, `catchAndReturn`, `retry`; and the small
    // sources they use: `empty()`, `never()`, `error(_:)`, `deferred(_:)`.
    case innerSources
    // Traits: `Single`, `Maybe` and `Completable` (`create`, both `subscribe`s, `map`,
    // `flatMap`), `asSingle()` and `asMaybe()`; and `Hooks.defaultErrorHandler`.
    case traits
    // RxCocoa's core: `Driver` and `Signal` on `SharingScheduler.mock(scheduler:)`'s virtual
    // time, and the search screen's view model.
    case bindings
    // `withLatestFrom(_:)`, which RxCocoa's search screen uses: from step 14.
    case latestFrom
    // Where RxSwift's main branch changed an order (its 2026 work against calling out under a
    // lock), which one the step follows: RxSwift 6.10's (steps 07-14) or main's (step 15).
    case releasedOrder
    case mainBranchOrder
    // The bridge to Swift concurrency: `values`, a trait's `value`, `AsyncSequence.asObservable()`.
    case concurrency
    // Combine's core (step 16 on): publishers that send only what their subscriber asked for.
    case demand
    // Under demand (step 17 on): `PassthroughSubject`, `CurrentValueSubject`, `multicast`,
    // `autoconnect()` and `share()`.
    case demandSubjects
    // Step 18 on: `flatMap(maxPublishers:)`, whose children the program's own publishers are.
    case demandFlatMap
    // Step 19 on: `switchToLatest()`, whose children the program's own publishers are.
    case demandSwitchToLatest
    // Step 20 on: `buffer(size:prefetch:whenFull:)`.
    case demandBuffer
    // Step 21 on: `merge(with:)`, whose other publisher is one of the program's own.
    case demandMerge
}

// How a trait is subscribed.
public enum TraitSubscribeForm: Sendable, Equatable {
    // `subscribe(onSuccess:onFailure:onDisposed:)`, and Maybe's and Completable's alike.
    case handlers
    // The same without `onFailure` (`onError`).
    case handlersWithoutErrorHandler
    // `subscribe(_ observer:)`, handed a `SingleEvent` (Swift's `Result`) or a `MaybeEvent`.
    case events
    // A Driver's `drive(_:)` or a Signal's `emit(to:)` an observer of optional elements, as a
    // label's `text` (`String?`) is.
    case optionalObserver
}

// A trait: how many events its subscriber can get.
public enum TraitKind: String, Sendable {
    case single = "Single"
    case maybe = "Maybe"
    case completable = "Completable"
    // RxCocoa's: never fails, delivers on the sharing scheduler, shares (a Driver with a replay).
    case driver = "Driver"
    case signal = "Signal"

    var isShared: Bool { self == .driver || self == .signal }
}

// Where a scenario's events come from.
enum SourceKind: Sendable {
    // `create` with the scripted generator: cold, the script runs once per subscription.
    case create
    // RxTest's kind of cold source: a plain `ObservableType`, not an `Observable`, whose
    // subscription lasts until it is disposed (a terminal event does not end it), subscribed
    // with `subscribe(on:)` the step's virtual-time scheduler.
    case plainSubscribedOnScheduler
    // `Observable.just(element)`.
    case just(Int)
    // A subject, hot: the script is pushed into it once, at absolute times.
    case publishSubject
    case behaviorSubject(Int)
    // From step 11: `ReplaySubject.create(bufferSize:)`.
    case replaySubject(bufferSize: Int)
    // `Observable.empty()`, `never()` and `error(_:)` (failing with "source").
    case empty
    case never
    case error
    // `Observable.deferred { … }` around the scripted `create`: the harness's factory traces
    // "deferred" each time it is called.
    case deferred
    // `Single.create`, `Maybe.create` or `Completable.create` playing the script: a send is
    // `.success`, a failure `.failure` (`.error`), a completed Maybe's or Completable's `.completed`.
    case trait(TraitKind)
    // Step 14's search screen: its view model, fed by the script of a user and a server, its
    // outputs and the network traced (`AppAction`).
    case app([AppAction])

    var traitKind: TraitKind? { if case .trait(let kind) = self { kind } else { nil } }
}

// What happens to the search screen, and when: the user types or taps refresh, the server
// answers request n, the screen is closed (the harness lets go of its bag and view model).
public enum AppAction: Sendable {
    case type(String, at: Int)
    case refresh(at: Int)
    case reply(request: Int, titles: [String], at: Int)
    case fail(request: Int, at: Int)
    case close(at: Int)

    var time: Int {
        switch self {
        case .type(_, let time), .refresh(let time), .reply(_, _, let time), .fail(_, let time), .close(let time): time
        }
    }
}

// A question the harness asks a subject at a time, traced as "t4 hasObservers true" or
// "t4 value 2" ("t4 value error(source)" when `value()` throws).
struct Probe: Sendable {
    enum Question: Sendable {
        case hasObservers
        case value
        // Not a question: the subject's own `dispose()`, traced "t2 dispose subject".
        case dispose
    }

    let time: Int
    let question: Question

    static func hasObservers(at time: Int) -> Self { .init(time: time, question: .hasObservers) }
    static func value(at time: Int) -> Self { .init(time: time, question: .value) }
    static func disposeSubject(at time: Int) -> Self { .init(time: time, question: .dispose) }
}

// What the source's event generator does. Time 0 means "during `subscribe`", on the
// subscriber's stack; later times are scheduled on the virtual clock.
struct SourceScript: Sendable {
    struct Action: Sendable {
        let time: Int
        let signal: Signal
    }

    let actions: [Action]
    // Whether the generator returns a disposable whose closure records "dispose".
    let hasDisposeClosure: Bool
    // What the dispose closure sends, re-entrantly, after recording "dispose".
    let sendsWhenDisposed: Signal?
    // Whether the dispose closure disposes its own subscription again, re-entrantly.
    let disposesAgainWhenDisposed: Bool
    // Whether the dispose closure captures the observer it was handed, as a closure that
    // cancels a request on behalf of its observer does.
    let disposeClosureCapturesObserver: Bool
    // Whether each run of the generator is traced ("subscribe"), to count them.
    let tracesRuns: Bool

    var hasClock: Bool { actions.contains { $0.time > 0 } }

    // Whether it ends with completed or an error, or sends one from its dispose closure.
    var hasTerminalEvent: Bool {
        actions.contains { if case .next = $0.signal { false } else { true } }
            || sendsWhenDisposed.map { if case .next = $0 { false } else { true } } ?? false
    }

    init(
        hasDisposeClosure: Bool, sendsWhenDisposed: Signal? = nil, disposesAgainWhenDisposed: Bool = false,
        disposeClosureCapturesObserver: Bool = false, tracesRuns: Bool = false, _ actions: Action...
    ) {
        self.init(
            hasDisposeClosure: hasDisposeClosure, sendsWhenDisposed: sendsWhenDisposed,
            disposesAgainWhenDisposed: disposesAgainWhenDisposed,
            disposeClosureCapturesObserver: disposeClosureCapturesObserver, tracesRuns: tracesRuns, actions: actions)
    }

    init(
        hasDisposeClosure: Bool, sendsWhenDisposed: Signal? = nil, disposesAgainWhenDisposed: Bool = false,
        disposeClosureCapturesObserver: Bool = false, tracesRuns: Bool = false, actions: [Action]
    ) {
        self.tracesRuns = tracesRuns
        self.hasDisposeClosure =
            hasDisposeClosure || sendsWhenDisposed != nil || disposesAgainWhenDisposed || disposeClosureCapturesObserver
        self.sendsWhenDisposed = sendsWhenDisposed
        self.disposesAgainWhenDisposed = disposesAgainWhenDisposed
        self.disposeClosureCapturesObserver = disposeClosureCapturesObserver
        self.actions = actions
    }
}

extension SourceScript.Action {
    static func send(_ value: Int, at time: Int = 0) -> Self { .init(time: time, signal: .next(value)) }
    static func complete(at time: Int = 0) -> Self { .init(time: time, signal: .completed) }
    static func fail(at time: Int = 0) -> Self { .init(time: time, signal: .error("source")) }
}

// What one subscriber does besides recording what it receives.
struct SubscriberScript: Sendable {
    var disposeTimes: [Int] = []
    // Disposes from inside its own handler when this value arrives.
    var disposeOnReceiving: Int?
    // When it subscribes; a source's times count from each subscription's start.
    var subscribeTime = 0
    // Holds its own disposable for good, as a view model that stores it would.
    var keepsDisposable = false
    // The harness, not the subscriber, holds the disposable until after the lifetime check,
    // as a screen that stores it in a property would.
    var disposableHeldElsewhere = false
    // How it subscribes: with an observer, or with `subscribe(onNext:…)`, whose handlers
    // trace "receive …" and "onDisposed".
    var style: SubscribeStyle = .observer
    // Its disposable goes into the scenario's `DisposeBag` (`disposed(by:)`).
    var inBag = false
    // What its handler does, re-entrantly, when a value arrives: dispose another subscriber
    // (by index), send a value into the subject, or ask the subject's `value()` ("a: value 0").
    var disposesOther: (onReceiving: Int, subscriber: Int)? = nil
    var sends: (onReceiving: Int, value: Int)? = nil
    var asksValueOnReceiving: Int? = nil
    // Subscribes from inside another subscriber's completed handler (by index) instead of at
    // `subscribeTime`, as a program that starts over when a sequence ends does.
    var subscribesOnCompletedOf: Int? = nil

    enum SubscribeStyle: Sendable, Equatable {
        case observer
        case handlers
        // `subscribe(onNext:onCompleted:onDisposed:)`: no `onError`.
        case handlersWithoutOnError
        // `buffer(timeSpan:count:scheduler:)` on the step's virtual time, then `subscribe(onNext:…)`.
        case buffer(timeSpan: Int, count: Int)
        // A trait's own subscribe, whose handlers trace "receive success(1)", "receive
        // failure(source)" (a Maybe's and a Completable's: "receive error(source)"), "receive
        // completed" and "onDisposed".
        case trait(TraitSubscribeForm)
    }

    static func trait(_ form: TraitSubscribeForm = .handlers) -> Self { .init(style: .trait(form)) }

    static func handlers(at time: Int = 0, disposeAt times: [Int] = [], inBag: Bool = false) -> Self {
        .init(disposeTimes: times, subscribeTime: time, style: .handlers, inBag: inBag)
    }

    var disposes: Bool {
        disposesOther != nil || !disposeTimes.isEmpty || disposeOnReceiving != nil || keepsDisposable
            || disposableHeldElsewhere || inBag
    }

    static func dispose(at times: Int...) -> Self { .init(disposeTimes: times) }
}

// The transforms a scenario can put between source and subscriber, each through `map`.
enum Operator: Sendable {
    case times(Int)
    case plus(Int)
    case failing(on: Int)
    // Multiplies, and traces each call ("map 2"), so that the trace counts transform calls.
    case tracedTimes(Int)
    // Not a map: `observe(on:)` the step's virtual-time scheduler.
    case observeOnScheduler
    // Not maps: what shares one run of the source. `share(replay:scope:)`; `publish()` or
    // `multicast(PublishSubject())`, each with `refCount()`.
    case share(replay: Int, scope: ShareScope)
    case refCounted(ConnectableKind)
    // `publish()` or `multicast(PublishSubject())` without `refCount()`: the harness calls
    // `connect()` at each connect time ("t1 connect"), and at each disconnect time ("t3
    // disconnect") disposes what the latest connect returned, so that a second connect() while
    // connected is disposed first (RxSwift returns the same connection).
    case connectable(ConnectableKind, connectAt: [Int], disconnectAt: [Int])
    // Not maps: operators with sources of their own, each traced under its label. `flatMap`,
    // `flatMapLatest` or `concatMap` whose selector returns, for element n, a `create` that
    // plays `inners[n]` ("inner n"); `Observable.merge` and `amb` of the source and `others`
    // ("source 2", …); `catch` with a fallback ("fallback"); `catchAndReturn`; `retry`.
    case flatten(FlattenKind, inners: [Int: SourceScript])
    case merge(with: [SourceScript])
    case amb(with: [SourceScript], form: AmbForm)
    case catchWith(fallback: SourceScript)
    // `catch` whose handler throws an error of its own ("handler"), not the one it was handed.
    case catchThrowing
    case catchAndReturn(Int)
    case retry(Int?)
    // `retry(n)` over a `create` or `deferred` source whose error names its attempt
    // ("attempt(2)"), so that attempts fail differently and the last error is the one that counts.
    case retryCounting(Int)
    // `withLatestFrom(source2)` ("source 2"): each element of the chain becomes the second
    // source's latest; either source may end first.
    case withLatestFrom(SourceScript)
    // `asSingle()` or `asMaybe()`: from here on the chain is a trait, whose `map` and
    // `flatMap` (with inners made by the trait's `create`) the harness uses.
    case asTrait(TraitKind)

    enum ShareScope: Sendable { case whileConnected, forever }
    // `publish()` makes a subject per connection; `multicast(subject)` keeps the one it is given.
    enum ConnectableKind: Sendable { case publish, multicastOneSubject }
    // `Observable.amb([a, b])`, or `a.amb(b)`.
    enum AmbForm: Sendable { case list, instance }

    var isMap: Bool {
        switch self {
        case .times, .plus, .failing, .tracedTimes: true
        case .observeOnScheduler, .share, .refCounted, .connectable, .flatten, .merge, .amb, .catchWith,
            .catchThrowing, .catchAndReturn, .retry, .retryCounting, .withLatestFrom, .asTrait:
            false
        }
    }

    var isSharing: Bool {
        switch self {
        case .share, .refCounted, .connectable: true
        default: false
        }
    }

    var hasInnerSources: Bool {
        switch self {
        case .flatten, .merge, .amb, .catchWith, .catchThrowing, .catchAndReturn, .retry, .retryCounting,
            .withLatestFrom:
            true
        default: false
        }
    }

    // The operator's own sources, labelled as the trace names them.
    var innerScripts: [(label: String, script: SourceScript)] {
        switch self {
        case .flatten(_, let inners): inners.sorted { $0.key < $1.key }.map { ("inner \($0.key)", $0.value) }
        case .merge(let others), .amb(let others, _):
            others.enumerated().map { ("source \($0.offset + 2)", $0.element) }
        case .withLatestFrom(let second): [("source 2", second)]
        case .catchWith(let fallback): [("fallback", fallback)]
        default: []
        }
    }

    // As a program writes it.
    var code: String {
        switch self {
        case .times(let factor), .tracedTimes(let factor): "map { $0 * \(factor) }"
        case .plus(let addend): "map { $0 + \(addend) }"
        case .failing(let value): "map { throw on \(value) }"
        case .observeOnScheduler: "observe(on: scheduler)"
        case .share(0, .whileConnected): "share()"
        case .share(let replay, .whileConnected): "share(replay: \(replay))"
        case .share(let replay, .forever): "share(replay: \(replay), scope: .forever)"
        case .refCounted(.publish): "publish().refCount()"
        case .refCounted(.multicastOneSubject): "multicast(PublishSubject()).refCount()"
        case .connectable(.publish, _, _): "publish()"
        case .connectable(.multicastOneSubject, _, _): "multicast(PublishSubject())"
        case .flatten(let kind, _): "\(kind) { inner($0) }"
        case .merge(let others):
            "Observable.merge(\((["source"] + others.indices.map { "source\($0 + 2)" }).joined(separator: ", ")))"
        case .amb(let others, .instance): "amb(\(others.indices.map { "source\($0 + 2)" }.joined(separator: ", ")))"
        case .amb(let others, .list):
            "Observable.amb([\((["source"] + others.indices.map { "source\($0 + 2)" }).joined(separator: ", "))])"
        case .catchWith: "catch { _ in fallback }"
        case .catchThrowing: "catch { _ in throw handler }"
        case .withLatestFrom: "withLatestFrom(source2)"
        case .catchAndReturn(let element): "catchAndReturn(\(element))"
        case .retry(nil): "retry()"
        case .retry(let attempts?), .retryCounting(let attempts): "retry(\(attempts))"
        case .asTrait(let kind) where kind.isShared: "as\(kind.rawValue)(onErrorJustReturn: -1)"
        case .asTrait(let kind): "as\(kind.rawValue)()"
        }
    }

    // What two variants of a scenario must share: connect times, but not which operator.
    var shape: String {
        if case .connectable(_, let connects, let disconnects) = self {
            "connect \(connects) \(disconnects)"
        } else if !innerScripts.isEmpty {
            "\(innerScripts.map { "\($0.label) \($0.script)" })"
        } else {
            ""
        }
    }

    // Whether it can end a stream: a map that throws, or an inner source that ends.
    var endsStreams: Bool {
        if case .failing = self { return true }
        return innerScripts.contains { $0.script.hasTerminalEvent }
    }

    var isTraitConversion: Bool { if case .asTrait = self { true } else { false } }

    var isObserveOn: Bool { if case .observeOnScheduler = self { true } else { false } }

    var connectTimes: [Int] { if case .connectable(_, let connects, _) = self { connects } else { [] } }

    func transform(tracingTo trace: Trace) -> (Int) throws -> Int {
        switch self {
        case .times(let factor): { $0 * factor }
        case .plus(let addend): { $0 + addend }
        case .failing(let bad):
            { value in
                guard value != bad else { throw ScriptedError("map") }
                return value
            }
        case .tracedTimes(let factor):
            { value in
                trace.record("map \(value)")
                return value * factor
            }
        default: preconditionFailure("\(self) is not a map")
        }
    }
}

// What `flatten` is: keep every inner, only the latest, or one at a time.
public enum FlattenKind: String, Sendable {
    case flatMap
    case flatMapLatest
    case concatMap
}
