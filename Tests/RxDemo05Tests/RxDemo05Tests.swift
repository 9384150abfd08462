import Testing
import TraceSuite
import TraceTesting

@testable import RxDemo05

extension Event: StepEvent where Element == Int {}

enum RxDemo05Adapter: StepAdapter {
    static let step = Step.rxDemo05

    static func create(_ source: ScriptedSource) -> Observable<Int> {
        Observable<Int>.create { observer in
            AnonymousDisposable(source.start(observer, emit: observer.on(event:)).dispose)
        }
    }

    static func map(_ stream: Observable<Int>, _ transform: @escaping (Int) throws -> Int) -> Observable<Int> {
        stream.map(transform)
    }

    static func subscribe(_ stream: Observable<Int>, _ subscriber: RecordingSubscriber) -> Subscription {
        let observer = Observer<Int>(handler: subscriber.receive)
        let disposable = stream.subscribe(observer: observer)
        return Subscription(observer: observer, disposable: disposable, dispose: disposable.dispose)
    }

    // By class names only: the generic parameters of the sinks are the participant's choice
    // (RxSwift's MapSink has two).
    static func shape() -> [ShapeCheck] {
        let observer = Observer<Int>(handler: { _ in })
        let created = Observable<Int>.create { _ in AnonymousDisposable {} }
        let mapped = created.map { $0 * 2 }
        let createSink = created.subscribe(observer: observer)
        let mapSink = mapped.subscribe(observer: observer)
        return [
            ShapeCheck(
                tr(
                    "`create` returns an `AnonymousObservable`, a `Producer`",
                    "`create` 返回一个 `AnonymousObservable`，它是一个 `Producer`"),
                isInstance(created, of: "AnonymousObservable") && created is Producer<Int>),
            ShapeCheck(
                tr("`map` returns a `MapObservable`, a `Producer`", "`map` 返回一个 `MapObservable`，它是一个 `Producer`"),
                isInstance(mapped, of: "MapObservable") && mapped is Producer<Int>),
            ShapeCheck(
                tr(
                    "`subscribe(observer:)` returns the sink `run` made: an `AnonymousObserver` for `create`",
                    "`subscribe(observer:)` 返回 `run` 创建的 sink：对 `create` 来说是一个 `AnonymousObserver`"),
                classNames(of: createSink).first == "AnonymousObserver"),
            ShapeCheck(
                tr("… and a `MapObserver` for `map`", "……对 `map` 来说是一个 `MapObserver`"),
                classNames(of: mapSink).first == "MapObserver"),
            ShapeCheck(
                tr(
                    "`AnonymousObserver` and `MapObserver` are subclasses of `Sink`",
                    "`AnonymousObserver` 和 `MapObserver` 都是 `Sink` 的子类"),
                isInstance(createSink, of: "Sink") && isInstance(mapSink, of: "Sink")),
        ]
    }
}

@Test("traces", arguments: Step.rxDemo05.selectedScenarios)
func traces(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemo05Adapter.self)
}

@Test("has the article's shape")
func shape() async {
    await verifyShape(of: RxDemo05Adapter.self)
}

// Programs nobody wrote by hand, judged by what RxSwift and the reference step print.
@Test("generated programs")
func generated() async {
    await verifyGenerated(on: RxDemo05Adapter.self)
}
