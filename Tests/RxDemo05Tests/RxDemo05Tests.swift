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

    static func shape() -> [ShapeCheck] {
        let observer = Observer<Int>(handler: { _ in })
        let created = Observable<Int>.create { _ in AnonymousDisposable {} }
        let mapped = created.map { $0 * 2 }
        let disposable = mapped.subscribe(observer: observer)
        let anonymous: Sink<Observer<Int>> = AnonymousObserver(forward: observer)
        let map: Sink<Observer<Int>> = MapObserver<Int, Int, Observer<Int>>(forward: observer, transform: { $0 })
        return [
            ShapeCheck("`create` returns an `AnonymousObservable`", created is AnonymousObservable<Int>),
            ShapeCheck("`AnonymousObservable` is a `Producer`", created is Producer<Int>),
            ShapeCheck(
                "`map` returns a `MapObservable`, a `Producer`",
                mapped is MapObservable<Int, Int> && mapped is Producer<Int>),
            ShapeCheck(
                "`subscribe(observer:)` returns the sink `run` made", disposable is MapObserver<Int, Int, Observer<Int>>
            ),
            ShapeCheck(
                "`AnonymousObserver` and `MapObserver` are `Sink`s",
                anonymous is AnonymousObserver<Observer<Int>> && map is MapObserver<Int, Int, Observer<Int>>),
        ]
    }
}

@Test("RxDemo05 traces", arguments: Step.rxDemo05.selectedScenarios)
func rxDemo05(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemo05Adapter.self)
}

@Test("RxDemo05 has the article's shape")
func rxDemo05Shape() {
    verifyShape(of: RxDemo05Adapter.self)
}
