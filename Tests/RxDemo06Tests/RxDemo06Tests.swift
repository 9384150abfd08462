import Testing
import TraceSuite
import TraceTesting

@testable import RxDemo06

extension Event: StepEvent where Element == Int {}

enum RxDemo06Adapter: StepAdapter {
    static let step = Step.rxDemo06

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

    static func shape() -> [ShapeCheck] {
        let observer = Observer<Int>(handler: { _ in })
        let created = Observable<Int>.create { _ in AnonymousDisposable {} }
        let mapped = created.map { $0 * 2 }
        let disposable = mapped.subscribe(observer: observer)
        let parts: (sink: Disposable, subscription: Disposable)? = (created as? AnonymousObservable<Int>)?
            .run(observer: observer, cancel: SinkDisposer())
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
                tr("`subscribe(observer:)` returns a `SinkDisposer`", "`subscribe(observer:)` 返回一个 `SinkDisposer`"),
                disposable is SinkDisposer),
            ShapeCheck(
                tr(
                    "`run(observer:cancel:)` returns the sink and the upstream subscription",
                    "`run(observer:cancel:)` 返回 sink 和对上游的订阅"),
                isInstance(parts?.sink, of: "Sink")),
        ]
    }
}

@Test("traces", arguments: Step.rxDemo06.selectedScenarios)
func traces(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemo06Adapter.self)
}

@Test("has the article's shape")
func shape() async {
    await verifyShape(of: RxDemo06Adapter.self)
}

@Test("threads", arguments: Step.rxDemo06.selectedThreadScenarios)
func threads(_ scenario: ThreadScenario) async {
    await verifyThreads(scenario, on: RxDemo06Adapter.self)
}

// Programs nobody wrote by hand, judged by what RxSwift and the reference step print.
@Test("generated programs")
func generated() async {
    await verifyGenerated(on: RxDemo06Adapter.self)
}
