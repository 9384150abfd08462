import Testing
import TraceSuite
import TraceTesting

@testable import RxDemo03

extension Event: StepEvent where Element == Int {}

enum RxDemo03Adapter: StepAdapter {
    static let step = Step.rxDemo03

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
}

@Test("RxDemo03 traces", arguments: Step.rxDemo03.scenarios)
func rxDemo03(_ scenario: Scenario) {
    verify(scenario, on: RxDemo03Adapter.self)
}
