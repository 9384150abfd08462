import Testing
import TraceSuite
import TraceTesting

@testable import RxDemo07

extension Event: StepEvent where Element == Int {}

// Uses RxSwift's public API only, as an app would: `create`, `just`, `map`, both
// `subscribe`s, `Disposables.create(with:)`, `DisposeBag` and `disposed(by:)`.
enum RxDemo07Adapter: StepAdapter {
    static let step = Step.rxDemo07

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
                "`AnonymousObserver` is an `ObserverBase`",
                isInstance(AnonymousObserver<Int> { _ in }, of: "ObserverBase")),
        ]
    }
}

@Test("RxDemo07 traces", arguments: Step.rxDemo07.selectedScenarios)
func rxDemo07(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemo07Adapter.self)
}

@Test("RxDemo07 has RxSwift's shape")
func rxDemo07Shape() {
    verifyShape(of: RxDemo07Adapter.self)
}

@Test("RxDemo07 threads", arguments: Step.rxDemo07.selectedThreadScenarios)
func rxDemo07Threads(_ scenario: ThreadScenario) async {
    await verifyThreads(scenario, on: RxDemo07Adapter.self)
}
