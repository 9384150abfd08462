import Testing
import TraceSuite
import TraceTesting

@testable import RxDemo08

extension Event: StepEvent where Element == Int {}

// Uses RxSwift's public API only, as an app would: step 07's, plus `PublishSubject`,
// `BehaviorSubject(value:)`, `asObserver()`, `hasObservers` and `value()`.
enum RxDemo08Adapter: StepAdapter {
    static let step = Step.rxDemo08

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

    // RxSwift's internal names, which the step page lists: a participant's step must have them.
    static func shape() -> [ShapeCheck] {
        let created = Observable<Int>.create { _ in Disposables.create() }
        let mapped = created.map { $0 * 2 }
        var handed: Any? = nil
        _ = Observable<Int>.create { observer in
            handed = observer
            return Disposables.create()
        }.subscribe { _ in }
        return [
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

@Test("RxDemo08 traces", arguments: Step.rxDemo08.selectedScenarios)
func rxDemo08(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemo08Adapter.self)
}

@Test("RxDemo08 has RxSwift's shape")
func rxDemo08Shape() {
    verifyShape(of: RxDemo08Adapter.self)
}

@Test("RxDemo08 threads", arguments: Step.rxDemo08.selectedThreadScenarios)
func rxDemo08Threads(_ scenario: ThreadScenario) async {
    await verifyThreads(scenario, on: RxDemo08Adapter.self)
}
