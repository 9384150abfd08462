import Testing
import TraceSuite
import TraceTesting

@testable import RxDemo01

extension Event: StepEvent where Element == Int {}

// Step 01 has no Disposable: the generator returns nothing and neither does `subscribe`.
enum RxDemo01Adapter: StepAdapter {
    static let step = Step.rxDemo01

    static func create(_ source: ScriptedSource) -> Observable<Int> {
        Observable<Int> { observer in
            source.start(observer, emit: observer.on(event:))
        }
    }

    static func subscribe(_ stream: Observable<Int>, _ subscriber: RecordingSubscriber) -> Subscription {
        let observer = Observer<Int>(handler: subscriber.receive)
        stream.subscribe(observer: observer)
        return Subscription(observer: observer)
    }

    static func shape() -> [ShapeCheck] {
        let observer = Observer<Int>(handler: { _ in })
        var handed: AnyObject?
        // A trailing closure, as the demo writes it: the initializer's label is the step's business.
        Observable<Int> { handed = $0 }.subscribe(observer: observer)
        return [
            ShapeCheck(
                tr("`subscribe(observer:)` runs the event generator at once", "`subscribe(observer:)` 立即运行事件生成器"),
                handed != nil)
        ]
    }
}

@Test("traces", arguments: Step.rxDemo01.selectedScenarios)
func traces(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemo01Adapter.self)
}

@Test("has the article's shape")
func shape() async {
    await verifyShape(of: RxDemo01Adapter.self)
}

// Programs nobody wrote by hand, judged by what RxSwift and the reference step print.
@Test("generated programs")
func generated() async {
    await verifyGenerated(on: RxDemo01Adapter.self)
}
