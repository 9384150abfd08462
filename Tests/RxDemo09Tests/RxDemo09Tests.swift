import Foundation
import Testing
import TraceSuite
import TraceTesting

@testable import RxDemo09

extension Event: StepEvent where Element == Int {}

// Uses RxSwift's public API only, as an app would: step 08's. The shape checks add the
// internals this step is about: `AtomicInt` and `SynchronizationTracker`.
enum RxDemo09Adapter: StepAdapter {
    static let step = Step.rxDemo09

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

    static func insert(_ subscription: Subscription, into bag: AnyObject) {
        (subscription.disposable as? Disposable)?.disposed(by: bag as! DisposeBag)
    }

    // The types the page makes thread-safe, one at a time, for the flag scenarios.
    static func threadTargets() -> ThreadTargets<Observable<Int>> {
        ThreadTargets(
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
            }
        )
    }

    // RxSwift's internal names, which the step page lists: a participant's step must have them.
    static func shape() -> [ShapeCheck] {
        let created = Observable<Int>.create { _ in Disposables.create() }
        let mapped = created.map { $0 * 2 }
        var handed: Any? = nil
        _ = Observable<Int>.create { observer in
            handed = observer
            return Disposables.create()
        }.subscribe { _ in }
        let flag = AtomicInt(0)
        let tracker = SynchronizationTracker()
        tracker.register(synchronizationErrorMessage: .default)
        tracker.unregister()
        return [
            ShapeCheck(
                "`AtomicInt(0)` with `fetchOr`, `add` and `load`, each returning the value from before",
                fetchOr(flag, 1) == 0 && fetchOr(flag, 2) == 1 && add(flag, 4) == 3 && load(flag) == 7),
            ShapeCheck(
                "`create` returns an `AnonymousObservable`, a `Producer`",
                isInstance(created, of: "AnonymousObservable") && created is Producer<Int>),
            ShapeCheck("`map` returns a `Map`, a `Producer`", isInstance(mapped, of: "Map") && mapped is Producer<Int>),
            ShapeCheck("`just` returns a `Just`", isInstance(Observable.just(1), of: "Just")),
            ShapeCheck("`create`'s closure is handed an `AnyObserver<Int>`", handed is AnyObserver<Int>),
            ShapeCheck(
                "`subscribe(_ on:)` returns the `SinkDisposer`",
                isInstance(created.subscribe { _ in }, of: "SinkDisposer")),
            ShapeCheck(
                "`subscribe(onNext:…)` returns a `BinaryDisposable`",
                isInstance(created.subscribe(onNext: { _ in }), of: "BinaryDisposable")),
            ShapeCheck(
                "subscribing to a subject returns a `SubscriptionDisposable`",
                typeName(of: PublishSubject<Int>().subscribe { _ in }) == "SubscriptionDisposable"),
            ShapeCheck(
                "`AnonymousObserver` is an `ObserverBase`",
                isInstance(AnonymousObserver<Int> { _ in }, of: "ObserverBase")),
        ]
    }
}

@Test("RxDemo09 traces", arguments: Step.rxDemo09.selectedScenarios)
func rxDemo09(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemo09Adapter.self)
}

@Test("RxDemo09 has RxSwift's shape")
func rxDemo09Shape() {
    verifyShape(of: RxDemo09Adapter.self)
}

@Test("RxDemo09 threads", arguments: Step.rxDemo09.selectedThreadScenarios)
func rxDemo09Threads(_ scenario: ThreadScenario) async {
    await verifyThreads(scenario, on: RxDemo09Adapter.self)
}
