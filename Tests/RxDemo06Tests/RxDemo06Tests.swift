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
}

@Test("RxDemo06 traces", arguments: Step.rxDemo06.scenarios)
func rxDemo06(_ scenario: Scenario) {
    verify(scenario, on: RxDemo06Adapter.self)
}
