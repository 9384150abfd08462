import Testing
import TraceSuite
import TraceTesting

@testable import RxDemo02

extension Event: StepEvent where Element == Int {}

enum RxDemo02Adapter: StepAdapter {
    static let step = Step.rxDemo02

    static func create(_ source: ScriptedSource) -> Observable<Int> {
        Observable<Int> { observer in
            AnonymousDisposable(source.start(observer, emit: observer.on(event:)).dispose)
        }
    }

    static func subscribe(_ stream: Observable<Int>, _ subscriber: RecordingSubscriber) -> Subscription {
        let observer = Observer<Int>(handler: subscriber.receive)
        let disposable = stream.subscribe(observer: observer)
        return Subscription(observer: observer, disposable: disposable, dispose: disposable.dispose)
    }

    static func shape() -> [ShapeCheck] {
        let observer = Observer<Int>(handler: { _ in })
        var handed: AnyObject?
        let disposable = Observable<Int> { generatorObserver in
            handed = generatorObserver
            return AnonymousDisposable {}
        }.subscribe(observer: observer)
        return [
            ShapeCheck(
                tr(
                    "`subscribe(observer:)` returns a `CompositeDisposable`",
                    "`subscribe(observer:)` 返回一个 `CompositeDisposable`"),
                disposable is CompositeDisposable),
            ShapeCheck(
                tr(
                    "the generator is handed an intermediate `Observer`, not the subscriber",
                    "交给生成器的是一个作为中间观察者的 `Observer`，而不是订阅者的那个"),
                handed is Observer<Int> && handed !== observer),
        ]
    }
}

@Test("traces", arguments: Step.rxDemo02.selectedScenarios)
func traces(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemo02Adapter.self)
}

@Test("has the article's shape")
func shape() async {
    await verifyShape(of: RxDemo02Adapter.self)
}

// Programs nobody wrote by hand, judged by what RxSwift and the reference step print.
@Test("generated programs")
func generated() async {
    await verifyGenerated(on: RxDemo02Adapter.self)
}
