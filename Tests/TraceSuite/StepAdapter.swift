import Foundation

// The only code that knows a step's API lives in that step's test target, as a type
// conforming to `StepAdapter`; everything else here is shared by every step.
public protocol StepAdapter {
    // The step's observable type.
    associatedtype Stream: AnyObject

    static var step: Step { get }

    // The step's observable whose event generator calls `source.start` with its observer
    // and, where the step has `Disposable`, returns one that calls the run's `dispose`.
    static func create(_ source: ScriptedSource) -> Stream

    // `stream.map(transform)`, for steps that have `map`.
    static func map(_ stream: Stream, _ transform: @escaping (Int) throws -> Int) -> Stream

    // Subscribes an observer whose handler is `subscriber.receive`.
    static func subscribe(_ stream: Stream, _ subscriber: RecordingSubscriber) -> Subscription

    // From step 07: `subscribe(onNext:onError:onCompleted:onDisposed:)` with `subscriber`'s
    // handlers, `Observable.just`, `DisposeBag` and, from step 08, the subjects.
    static func subscribeHandlers(_ stream: Stream, _ subscriber: RecordingSubscriber) -> Subscription
    // `subscribe(onNext:onCompleted:onDisposed:)`, with no `onError`.
    static func subscribeWithoutOnError(_ stream: Stream, _ subscriber: RecordingSubscriber) -> Subscription
    static func just(_ element: Int) -> Stream
    static func makeBag() -> AnyObject
    static func insert(_ subscription: Subscription, into bag: AnyObject)
    static func publishSubject() -> SubjectHandle<Stream>
    static func behaviorSubject(value: Int) -> SubjectHandle<Stream>
    // From step 11: `ReplaySubject.create(bufferSize:)`.
    static func replaySubject(bufferSize: Int) -> SubjectHandle<Stream>
    // From step 10: a virtual-time scheduler of the step's, and what runs on it.
    static func virtualTime() -> VirtualTimeHandle<Stream>
    // From step 09: the step's own types, one at a time, for the thread scenarios that race
    // each flag and lock the page makes safe; from step 10, schedulers on real queues.
    static func threadTargets() -> ThreadTargets<Stream>
    // From step 11: what shares one run of a source.
    static func sharing() -> SharingHandle<Stream>
    // From step 12: operators that subscribe to sources of their own, and the small sources.
    static func innerSources() -> InnerSourcesHandle<Stream>
    // `stream.flatMap(selector)`: step 12's, and the side step's, which has no other such operator.
    static func flatMap(_ stream: Stream, _ selector: @escaping (Int) -> Stream) -> Stream
    // From step 13: traits and `Hooks`.
    static func traits() -> TraitsHandle<Stream>
    // From step 14: the search screen's view model, on the step's virtual time.
    static func app() -> AppHandle
    // From step 15: the bridge to Swift concurrency.
    static func bridge() -> BridgeHandle<Stream>

    // What the article says the step looks like, beyond its behaviour: the types that
    // `subscribe`, `create` and `map` hand back. Only what the article names, never private
    // names or files, so that a different but correct implementation passes.
    static func shape() -> [ShapeCheck]
}

// One requirement on a step's shape, and whether the step meets it.
public struct ShapeCheck: Sendable {
    public let requirement: String
    public let holds: Bool

    public init(_ requirement: String, _ holds: Bool) {
        self.requirement = requirement
        self.holds = holds
    }
}

// Steps without a capability never run the scenarios that need it.
extension StepAdapter {
    public static func map(_ stream: Stream, _ transform: @escaping (Int) throws -> Int) -> Stream {
        preconditionFailure("\(step) has no map; scenarios that need it are not applicable")
    }
    public static func subscribeHandlers(_ stream: Stream, _ subscriber: RecordingSubscriber) -> Subscription {
        preconditionFailure("\(step) has no subscribe(onNext:…); scenarios that need it are not applicable")
    }
    public static func subscribeWithoutOnError(_ stream: Stream, _ subscriber: RecordingSubscriber) -> Subscription {
        preconditionFailure("\(step) has no subscribe(onNext:…); scenarios that need it are not applicable")
    }
    public static func just(_ element: Int) -> Stream {
        preconditionFailure("\(step) has no just; scenarios that need it are not applicable")
    }
    public static func makeBag() -> AnyObject {
        preconditionFailure("\(step) has no DisposeBag; scenarios that need it are not applicable")
    }
    public static func insert(_ subscription: Subscription, into bag: AnyObject) {
        preconditionFailure("\(step) has no DisposeBag; scenarios that need it are not applicable")
    }
    public static func publishSubject() -> SubjectHandle<Stream> {
        preconditionFailure("\(step) has no subjects; scenarios that need them are not applicable")
    }
    public static func behaviorSubject(value: Int) -> SubjectHandle<Stream> {
        preconditionFailure("\(step) has no subjects; scenarios that need them are not applicable")
    }
    public static func replaySubject(bufferSize: Int) -> SubjectHandle<Stream> {
        preconditionFailure("\(step) has no ReplaySubject; scenarios that need it are not applicable")
    }
    public static func virtualTime() -> VirtualTimeHandle<Stream> {
        preconditionFailure("\(step) has no schedulers; scenarios that need them are not applicable")
    }
    public static func sharing() -> SharingHandle<Stream> {
        preconditionFailure("\(step) has no share; scenarios that need it are not applicable")
    }
    public static func innerSources() -> InnerSourcesHandle<Stream> {
        preconditionFailure("\(step) has no flatMap; scenarios that need it are not applicable")
    }
    public static func flatMap(_ stream: Stream, _ selector: @escaping (Int) -> Stream) -> Stream {
        innerSources().flatten(stream, .flatMap, selector)
    }
    public static func traits() -> TraitsHandle<Stream> {
        preconditionFailure("\(step) has no Single; scenarios that need it are not applicable")
    }
    public static func app() -> AppHandle {
        preconditionFailure("\(step) has no view model; scenarios that need it are not applicable")
    }
    public static func bridge() -> BridgeHandle<Stream> {
        preconditionFailure("\(step) has no bridge to Swift concurrency; scenarios that need it are not applicable")
    }
    public static func threadTargets() -> ThreadTargets<Stream> {
        preconditionFailure("\(step) is not thread-safe; the scenarios that race its types one by one start at step 09")
    }
}

// What the flag scenarios race, as closures over the step's types.
public struct ThreadTargets<Stream> {
    // `Disposables.create(with: action)`, and its `dispose`.
    let anonymousDisposable: (@escaping () -> Void) -> () -> Void
    // `Disposables.create(a, b)` of two such, and its `dispose`.
    let binaryDisposable: (@escaping () -> Void, @escaping () -> Void) -> () -> Void
    // A new `DisposeBag`: what puts a `Disposables.create(with: action)` into it, and what
    // lets go of it.
    let disposeBag: () -> (insert: (@escaping () -> Void) -> Void, free: () -> Void)
    // An `AnonymousObserver` whose handler is `subscriber.receive`, and its `on`.
    let observer: (RecordingSubscriber) -> (Signal) -> Void
    // Step 10: `observe(on:)` a `SerialDispatchQueueScheduler` (serial) or a
    // `ConcurrentDispatchQueueScheduler` on `queue`, and `subscribe(on:)` a serial one.
    let observeOn: ((Stream, DispatchQueue, _ serial: Bool) -> Stream)?
    let subscribeOn: ((Stream, DispatchQueue) -> Stream)?

    public init(
        anonymousDisposable: @escaping (@escaping () -> Void) -> () -> Void,
        binaryDisposable: @escaping (@escaping () -> Void, @escaping () -> Void) -> () -> Void,
        disposeBag: @escaping () -> (insert: (@escaping () -> Void) -> Void, free: () -> Void),
        observer: @escaping (RecordingSubscriber) -> (Signal) -> Void,
        observeOn: ((Stream, DispatchQueue, _ serial: Bool) -> Stream)? = nil,
        subscribeOn: ((Stream, DispatchQueue) -> Stream)? = nil
    ) {
        self.anonymousDisposable = anonymousDisposable
        self.binaryDisposable = binaryDisposable
        self.disposeBag = disposeBag
        self.observer = observer
        self.observeOn = observeOn
        self.subscribeOn = subscribeOn
    }
}

// Sharing as the harness uses it. A connectable observable comes back as what subscribers
// subscribe to and its `connect()`, which returns the connection's `dispose`.
public struct SharingHandle<Stream> {
    let share: (Stream, _ replay: Int, _ forever: Bool) -> Stream
    // `publish().refCount()` and `multicast(PublishSubject()).refCount()`.
    let publishRefCount: (Stream) -> Stream
    let multicastRefCount: (Stream) -> Stream
    let publish: (Stream) -> (stream: Stream, connect: () -> () -> Void)
    let multicast: (Stream) -> (stream: Stream, connect: () -> () -> Void)

    public init(
        share: @escaping (Stream, _ replay: Int, _ forever: Bool) -> Stream,
        publishRefCount: @escaping (Stream) -> Stream, multicastRefCount: @escaping (Stream) -> Stream,
        publish: @escaping (Stream) -> (stream: Stream, connect: () -> () -> Void),
        multicast: @escaping (Stream) -> (stream: Stream, connect: () -> () -> Void)
    ) {
        self.share = share
        self.publishRefCount = publishRefCount
        self.multicastRefCount = multicastRefCount
        self.publish = publish
        self.multicast = multicast
    }
}

// Step 12's operators, each as an app writes it.
public struct InnerSourcesHandle<Stream> {
    let flatten: (Stream, FlattenKind, @escaping (Int) -> Stream) -> Stream
    // `Observable.merge(sources)`; `Observable.amb(sources)` (list) or `sources[0].amb(sources[1])`.
    let merge: ([Stream]) -> Stream
    let amb: ([Stream], _ list: Bool) -> Stream
    // `catch { _ in … }`: the handler may throw, as RxSwift's may.
    let catchWith: (Stream, @escaping () throws -> Stream) -> Stream
    let catchAndReturn: (Stream, Int) -> Stream
    // `retry()` for nil, `retry(n)` otherwise.
    let retry: (Stream, Int?) -> Stream
    let empty: () -> Stream
    let never: () -> Stream
    // `Observable.error(error)`.
    let error: (any Error) -> Stream
    let deferred: (@escaping () -> Stream) -> Stream
    // From step 14: `first.withLatestFrom(second)`.
    let withLatestFrom: ((Stream, Stream) -> Stream)?

    public init(
        flatten: @escaping (Stream, FlattenKind, @escaping (Int) -> Stream) -> Stream,
        merge: @escaping ([Stream]) -> Stream, amb: @escaping ([Stream], _ list: Bool) -> Stream,
        catchWith: @escaping (Stream, @escaping () throws -> Stream) -> Stream,
        catchAndReturn: @escaping (Stream, Int) -> Stream, retry: @escaping (Stream, Int?) -> Stream,
        empty: @escaping () -> Stream, never: @escaping () -> Stream, error: @escaping (any Error) -> Stream,
        deferred: @escaping (@escaping () -> Stream) -> Stream, withLatestFrom: ((Stream, Stream) -> Stream)? = nil
    ) {
        self.withLatestFrom = withLatestFrom
        self.flatten = flatten
        self.merge = merge
        self.amb = amb
        self.catchWith = catchWith
        self.catchAndReturn = catchAndReturn
        self.retry = retry
        self.empty = empty
        self.never = never
        self.error = error
        self.deferred = deferred
    }
}

// Step 13's traits, each as an app writes it. A trait is a value of the step's (a `Single<Int>`,
// …), handed around as `Any` with its kind, since `Stream` is the step's `Observable`.
public struct TraitsHandle<Stream> {
    // `Single.create`, `Maybe.create`, `Completable.create` around the scripted source.
    let create: (TraitKind, ScriptedSource) -> Any
    // `asSingle()` or `asMaybe()`.
    let convert: (Stream, TraitKind) -> Any
    let map: (Any, TraitKind, @escaping (Int) throws -> Int) -> Any
    let flatMap: (Any, TraitKind, @escaping (Int) -> Any) -> Any
    let subscribe: (Any, TraitKind, RecordingSubscriber, TraitSubscribeForm) -> Subscription
    // Puts a handler into `Hooks.defaultErrorHandler`, with the call stack it is handed.
    let setDefaultErrorHandler: (@escaping ([String], any Error) -> Void) -> Void

    public init(
        create: @escaping (TraitKind, ScriptedSource) -> Any, convert: @escaping (Stream, TraitKind) -> Any,
        map: @escaping (Any, TraitKind, @escaping (Int) throws -> Int) -> Any,
        flatMap: @escaping (Any, TraitKind, @escaping (Int) -> Any) -> Any,
        subscribe: @escaping (Any, TraitKind, RecordingSubscriber, TraitSubscribeForm) -> Subscription,
        setDefaultErrorHandler: @escaping (@escaping ([String], any Error) -> Void) -> Void
    ) {
        self.create = create
        self.convert = convert
        self.map = map
        self.flatMap = flatMap
        self.subscribe = subscribe
        self.setDefaultErrorHandler = setDefaultErrorHandler
    }
}

// Step 14's search screen, as its tests drive it: `open` builds a network agent and the view
// model, feeds its inputs from subjects and drives its outputs, each event handed to `record`
// ("request 1 starts: search q=sw", "results [RxSwift]", "loading true", "error none").
public struct AppHandle {
    let open: (_ record: @escaping (String) -> Void) -> AppRun

    public init(open: @escaping (_ record: @escaping (String) -> Void) -> AppRun) {
        self.open = open
    }
}

public struct AppRun {
    let type: (String) -> Void
    let refresh: () -> Void
    let reply: (_ request: Int, _ titles: [String]) -> Void
    let fail: (_ request: Int) -> Void
    // Lets go of the screen: its DisposeBag and its view model.
    let close: () -> Void
    // After the run: what is still alive or subscribed, one line each.
    let left: () -> [String]

    public init(
        type: @escaping (String) -> Void, refresh: @escaping () -> Void,
        reply: @escaping (_ request: Int, _ titles: [String]) -> Void, fail: @escaping (_ request: Int) -> Void,
        close: @escaping () -> Void, left: @escaping () -> [String]
    ) {
        self.type = type
        self.refresh = refresh
        self.reply = reply
        self.fail = fail
        self.close = close
        self.left = left
    }
}

// The step's virtual-time scheduler as the harness uses it, in whole seconds.
public struct VirtualTimeHandle<Stream> {
    let now: () -> Int
    let schedule: (Int, @escaping () -> Void) -> Void
    let run: () -> Void
    let observeOn: (Stream) -> Stream
    let buffer: (Stream, Int, Int, RecordingSubscriber) -> Subscription
    // `subscribe(on:)` the scheduler, of a plain `ObservableType` whose subscription runs
    // `source` and lasts until it is disposed.
    let subscribeOnPlain: (ScriptedSource) -> Stream
    // From step 14: runs `body` with `SharingScheduler.mock(scheduler:)` this scheduler.
    let mockSharingScheduler: (_ body: () -> Void) -> Void

    public init(
        now: @escaping () -> Int, schedule: @escaping (Int, @escaping () -> Void) -> Void, run: @escaping () -> Void,
        observeOn: @escaping (Stream) -> Stream, subscribeOnPlain: @escaping (ScriptedSource) -> Stream,
        buffer:
            @escaping (_ stream: Stream, _ timeSpan: Int, _ count: Int, _ subscriber: RecordingSubscriber)
            -> Subscription,
        mockSharingScheduler: @escaping (_ body: () -> Void) -> Void = { $0() }
    ) {
        self.mockSharingScheduler = mockSharingScheduler
        self.now = now
        self.schedule = schedule
        self.run = run
        self.observeOn = observeOn
        self.subscribeOnPlain = subscribeOnPlain
        self.buffer = buffer
    }
}

// A subject as the harness uses it: its observable side, and what it can be asked.
public struct SubjectHandle<Stream> {
    let stream: Stream
    let send: (Signal) -> Void
    let hasObservers: () -> Bool
    // `value()`, for a `BehaviorSubject`.
    let value: (() throws -> Int)?
    // The subject's own `dispose()`.
    let dispose: () -> Void

    public init(
        stream: Stream, send: @escaping (Signal) -> Void, hasObservers: @escaping () -> Bool,
        value: (() throws -> Int)? = nil, dispose: @escaping () -> Void
    ) {
        self.stream = stream
        self.send = send
        self.hasObservers = hasObservers
        self.value = value
        self.dispose = dispose
    }
}

public enum Step: Int, Sendable, CaseIterable, CustomStringConvertible {
    case rxDemo01 = 1
    case rxDemo02
    case rxDemo03
    case rxDemo04
    case rxDemo05
    case rxDemo06
    // The second act: RxSwift's own API.
    case rxDemo07
    case rxDemo08
    case rxDemo09
    case rxDemo10
    // The side step, between the second act and the third: article 002's `Signal`, the other
    // design, run through the same suite. Off the line: no step before or after it.
    case rxDemoSignal = 100
    // The third act: sharing, then operators that own several subscriptions.
    case rxDemo11 = 11
    case rxDemo12
    case rxDemo13
    case rxDemo14
    // RxSwift in 2026 (its main branch): the bridge to Swift concurrency, and no call-out
    // under a lock.
    case rxDemo15
    // The fourth act: demand, Combine's core as OpenCombine spells it, rebuilt from step 06.
    case rxDemo16
    // Locks, and subjects and sharing under demand.
    case rxDemo17
    // Operators that own several subscriptions under demand: `flatMap(maxPublishers:)`.
    case rxDemo18
    // One child at a time under demand: `switchToLatest()`.
    case rxDemo19
    // A buffer between a fast upstream and a slow subscriber: `buffer(size:prefetch:whenFull:)`.
    case rxDemo20
    // Two publishers into one under demand: `merge(with:)`.
    case rxDemo21

    public var description: String { "RxDemo" + number }

    // "07": how STEP=, folders and pages spell it; "Signal" for the side step.
    public var number: String { isSideStep ? "Signal" : (rawValue < 10 ? "0" : "") + "\(rawValue)" }

    // STEP=07, STEP=7, STEP=Signal or STEP=signal.
    public init?(number text: String) {
        if text.lowercased() == "signal" {
            self = .rxDemoSignal
        } else if let number = Int(text), text.count <= 2, number != Step.rxDemoSignal.rawValue,
            let step = Step(rawValue: number)
        {
            self = step
        } else {
            return nil
        }
    }

    public var isSideStep: Bool { self == .rxDemoSignal }

    // How a sentence names it, in the course's language: "step 07", "第 07 步"; the side step
    // by what it is, since "第 Signal 步" is no Chinese.
    public var spokenName: String {
        isSideStep ? tr("the side step (Signal)", "旁支步骤 Signal") : tr("step \(number)", "第 \(number) 步")
    }

    // The steps the scenarios (and the matrix, the timelines, the tutorial) are about: every
    // one but the demand act's, which runs programs of its own (DemandPrograms.swift).
    public static let scenarioSteps: [Step] = allCases.filter { !$0.isDemandAct }

    // The numbered steps, 01 to 15, in order: what builds on what.
    public static let mainLine: [Step] = allCases.filter { !$0.isSideStep }.sorted { $0.rawValue < $1.rawValue }

    // The step this one starts from, and the one after it; none for 01, 15 and the side step.
    // The demand act starts again from step 06's Producer and Sink.
    public var previous: Step? { isSideStep ? nil : self == .rxDemo16 ? .rxDemo06 : Step(rawValue: rawValue - 1) }
    public var next: Step? { isSideStep ? nil : Step(rawValue: rawValue + 1) }

    public var capabilities: Set<Capability> {
        let core: Set<Capability> = [.coldSources, .terminalEvents]
        let api: Set<Capability> = core.union([.dispose, .map, .handlers, .disposeBag, .just])
        let subjects = api.union([.hotSource, .subjects])
        return switch self {
        case .rxDemo01: core
        case .rxDemo02, .rxDemo03: core.union([.dispose])
        case .rxDemo04, .rxDemo05, .rxDemo06: core.union([.dispose, .map])
        case .rxDemo07: api.union([.releasedOrder])
        case .rxDemo08, .rxDemo09: subjects.union([.releasedOrder])
        case .rxDemo10: subjects.union([.schedulers, .releasedOrder])
        case .rxDemo11: subjects.union([.schedulers, .sharing, .releasedOrder])
        case .rxDemo12: subjects.union([.schedulers, .sharing, .flatMap, .innerSources, .releasedOrder])
        case .rxDemo13: subjects.union([.schedulers, .sharing, .flatMap, .innerSources, .traits, .releasedOrder])
        case .rxDemo14:
            subjects.union([
                .schedulers, .sharing, .flatMap, .innerSources, .traits, .bindings, .latestFrom, .releasedOrder,
            ])
        case .rxDemo15:
            subjects.union([
                .schedulers, .sharing, .flatMap, .innerSources, .traits, .bindings, .latestFrom, .mainBranchOrder,
                .concurrency,
            ])
        // A signal is pushed into by whoever holds its sink; it never ends, and a subscription
        // ends when its Disposable is freed.
        case .rxDemoSignal: [.hotSource, .dispose, .map, .flatMap]
        // Combine's API: none of the scenarios' observables; its own programs (DemandPrograms.swift).
        case .rxDemo16: [.demand]
        case .rxDemo17: [.demand, .demandSubjects]
        case .rxDemo18: [.demand, .demandSubjects, .demandFlatMap]
        case .rxDemo19: [.demand, .demandSubjects, .demandFlatMap, .demandSwitchToLatest]
        case .rxDemo20: [.demand, .demandSubjects, .demandFlatMap, .demandSwitchToLatest, .demandBuffer]
        case .rxDemo21: [.demand, .demandSubjects, .demandFlatMap, .demandSwitchToLatest, .demandBuffer, .demandMerge]
        }
    }

    // Steps 01-06 are the core; 07 on, RxSwift's own API: the second act (07-10), then the
    // third (11 on). The side step belongs to none (act 0).
    public var isSecondAct: Bool { !isSideStep && rawValue >= 7 && !isDemandAct }
    public var act: Int { isSideStep ? 0 : rawValue <= 6 ? 1 : rawValue <= 10 ? 2 : rawValue <= 15 ? 3 : 4 }
    // The fourth act: Combine's names, held to OpenCombine.
    public var isDemandAct: Bool { rawValue >= 16 && !isSideStep }

    // Whose shape the shape checks hold the step to: the article's (01-06, and the side
    // step's own article) or RxSwift's.
    public var shapeSource: String { isDemandAct ? "OpenCombine's" : isSecondAct ? "RxSwift's" : "the article's" }
}

// Every step declares its own `Event`; its three cases satisfy these requirements as they
// are, so a step's test target conforms with one empty extension.
public protocol StepEvent {
    static func next(_ element: Int) -> Self
    static func error(_ error: any Error) -> Self
    static var completed: Self { get }
}

extension StepEvent {
    // Reads the case by reflection, so that one decoder serves all six `Event` types.
    var signal: Signal {
        guard let payload = Mirror(reflecting: self).children.first else { return .completed }
        switch (payload.label, payload.value) {
        case ("next", let value as Int): return .next(value)
        case ("error", let error as any Error): return .error(tracedName(of: error))
        default: preconditionFailure("not an Event<Int>: \(self)")
        }
    }
}

extension Signal {
    public func event<E: StepEvent>() -> E {
        switch self {
        case .next(let value): .next(value)
        case .error(let origin): .error(ScriptedError(origin))
        case .completed: .completed
        }
    }
}

// What `subscribe` handed back: the subscriber's observer and, from step 02 on, the
// disposable, both watched for being freed.
public struct Subscription {
    // The subscriber's observer, when the adapter made it (not when `subscribe` wraps closures).
    let observer: AnyObject?
    // The disposable itself, for a `DisposeBag` (its type is the step's `Disposable`).
    public let disposable: Any?
    let dispose: (() -> Void)?

    // Step 01: `subscribe` returns nothing.
    public init(observer: AnyObject) {
        self.observer = observer
        self.disposable = nil
        self.dispose = nil
    }

    public init(observer: AnyObject?, disposable: Any, dispose: @escaping () -> Void) {
        self.observer = observer
        self.disposable = disposable
        self.dispose = dispose
    }

    // The disposable as an object, for the lifetime checks; nil when it is a value.
    var disposableObject: AnyObject? {
        disposable.flatMap { Mirror(reflecting: $0).displayStyle == .class ? $0 as AnyObject : nil }
    }
}

// The names of an object's class and of its superclasses, without generic arguments:
// ["MapObserver", "Sink"]. Shape checks go by these names, so that they never fix a generic
// arity or argument that the article leaves to the participant.
public func classNames(of object: Any) -> [String] {
    var names: [String] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror, current.displayStyle == .class {
        names.append(baseTypeName(current.subjectType))
        mirror = current.superclassMirror
    }
    return names
}

// "SubscriptionDisposable" for a SubscriptionDisposable<PublishSubject<Int>>, class or not.
public func typeName(of value: Any) -> String {
    baseTypeName(type(of: value))
}

// Whether `object` is an instance of the class named `name`, or of a subclass of it.
public func isInstance(_ object: Any?, of name: String) -> Bool {
    object.map { classNames(of: $0).contains(name) } ?? false
}

// "MapObserver" for MapObserver<Int, Int, Observer<Int>>.
func baseTypeName(_ type: Any.Type) -> String {
    String(String(describing: type).prefix { $0 != "<" })
}
