import Testing
import TraceSuite
import TraceTesting

@testable import RxDemo04

extension Event: StepEvent where Element == Int {}

enum RxDemo04Adapter: StepAdapter {
    static let step = Step.rxDemo04

    static func create(_ source: ScriptedSource) -> Observable<Int> {
        Observable<Int> { observer in
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
        let mapped = Observable<Int> { _ in AnonymousDisposable {} }.map { $0 * 2 }
        let disposable = mapped.subscribe(observer: observer)
        return [
            ShapeCheck(
                tr(
                    "`map` returns a plain `Observable`: an operator is just another observable",
                    "`map` 返回的就是普通的 `Observable`：操作符只是另一个可观察序列"),
                type(of: mapped) == Observable<Int>.self),
            ShapeCheck(
                tr("`subscribe(observer:)` returns the `Sink`", "`subscribe(observer:)` 返回 `Sink`"),
                isInstance(disposable, of: "Sink")),
        ]
    }
}

@Test("traces", arguments: Step.rxDemo04.selectedScenarios)
func traces(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemo04Adapter.self)
}

@Test("has the article's shape")
func shape() async {
    await verifyShape(of: RxDemo04Adapter.self)
}

// Programs nobody wrote by hand, judged by what RxSwift and the reference step print.
@Test("generated programs")
func generated() async {
    await verifyGenerated(on: RxDemo04Adapter.self)
}
