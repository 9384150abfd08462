import Foundation
import Testing
import TraceSuite
import TraceTesting

@testable import RxDemoSignal

// The side step has two names that the suite has too: its `Signal` (the suite's is an event)
// and its `Result` (Swift's is another).
typealias IntSignal = RxDemoSignal.Signal<Int>
typealias IntResult = RxDemoSignal.Result<Int>

// What the scripts send, as a signal sends it: a value or an error. A signal cannot complete.
enum ScriptEvent: StepEvent {
    case next(Int)
    case error(any Error)
    case completed

    var result: IntResult {
        switch self {
        case .next(let value): .success(value)
        case .error(let error): .error(error)
        case .completed: preconditionFailure("a signal never completes; scenarios with completed are not applicable")
        }
    }
}

// The article ends a subscription by freeing its Disposable; the harness's dispose() lets go
// of the reference this box holds, which ends it only if no one else holds the Disposable.
final class HeldDisposable {
    var disposable: Disposable?

    init(_ disposable: Disposable) {
        self.disposable = disposable
    }
}

final class WeakReference {
    weak var object: AnyObject?

    init(_ object: AnyObject?) {
        self.object = object
    }
}

enum RxDemoSignalAdapter: StepAdapter {
    static let step = Step.rxDemoSignal

    // Only flatMap's inners are made here (a cold source is not applicable): a new signal whose
    // script starts when it is made, as the article's `userDetail(with:)` starts its request.
    static func create(_ source: ScriptedSource) -> IntSignal {
        let (sink, signal) = IntSignal.empty()
        source.start(sink, emit: { (event: ScriptEvent) in sink(event.result) })
        return signal
    }

    static func map(_ stream: IntSignal, _ transform: @escaping (Int) throws -> Int) -> IntSignal {
        stream.map { value in
            guard let mapped = try? transform(value) else {
                preconditionFailure("a signal's map cannot throw; scenarios with a throwing map are not applicable")
            }
            return mapped
        }
    }

    static func subscribe(_ stream: IntSignal, _ subscriber: RecordingSubscriber) -> Subscription {
        let disposable = stream.subscribe { result in
            switch result {
            case .success(let value): subscriber.onNext(value)
            case .error(let error): subscriber.onError(error)
            }
        }
        let held = HeldDisposable(disposable)
        return Subscription(observer: nil, disposable: disposable, dispose: { held.disposable = nil })
    }

    // `Signal.empty()`: the signal, and the sink that sends into it.
    static func publishSubject() -> SubjectHandle<IntSignal> {
        let (sink, signal) = IntSignal.empty()
        return SubjectHandle(
            stream: signal, send: { sink(($0.event() as ScriptEvent).result) },
            hasObservers: { preconditionFailure("a signal cannot be asked; scenarios that ask need subjects") },
            dispose: { preconditionFailure("a signal has no dispose(); scenarios that call it need subjects") })
    }

    static func flatMap(_ stream: IntSignal, _ selector: @escaping (Int) -> IntSignal) -> IntSignal {
        stream.flatMap(selector)
    }

    static func shape() -> [ShapeCheck] {
        let (sink, signal) = IntSignal.empty()
        var received: [Int] = []
        var disposable: Disposable? = signal.subscribe { result in
            if case .success(let value) = result { received.append(value) }
        }
        sink(.success(1))
        let kept = disposable.map { isInstance($0, of: "Disposable") } ?? false
        disposable = nil
        sink(.success(2))
        let mapped = signal.map { $0 * 2 }
        let field = TextField()
        let fieldSignal = field.signal
        // The article's reference cycle: without `[weak signal]` in `empty()`, the observer
        // kept in `objects` holds the sink, and the sink the signal.
        var held: RxDemoSignal.Signal<String>? = field.signal
        let watched = WeakReference(held)
        held = nil
        return [
            ShapeCheck(tr("`subscribe` returns a `Disposable` object", "`subscribe` 返回一个 `Disposable` 对象"), kept),
            ShapeCheck(
                tr(
                    "freeing the `Disposable` ends the subscription (1 arrives, 2 does not)",
                    "释放 `Disposable` 就会结束订阅（收到 1，收不到 2）"),
                received == [1]),
            ShapeCheck(
                tr(
                    "`map` returns a new `Signal` that keeps its subscription to the source in `objects`",
                    "`map` 返回一个新的 `Signal`，它把自己对源的订阅保存在 `objects` 里"),
                isInstance(mapped, of: "Signal") && mapped.objects.contains { isInstance($0, of: "Disposable") }),
            ShapeCheck(
                tr(
                    "a text field's `signal` keeps its `KeyValueObserver` in `objects`",
                    "文本框的 `signal` 把它的 `KeyValueObserver` 保存在 `objects` 里"),
                fieldSignal.objects.contains { isInstance($0, of: "KeyValueObserver") }),
            ShapeCheck(
                tr(
                    "a text field's `signal` is freed once no one holds it: the sink holds the signal weakly",
                    "文本框的 `signal` 一旦没有人持有就会被释放：sink 对 signal 只是弱引用"),
                watched.object == nil),
        ]
    }
}

@Test("traces", arguments: Step.rxDemoSignal.selectedScenarios)
func traces(_ scenario: Scenario) async {
    await verify(scenario, on: RxDemoSignalAdapter.self)
}

@Test("has the article's shape")
func shape() async {
    await verifyShape(of: RxDemoSignalAdapter.self)
}

@Test("threads", arguments: Step.rxDemoSignal.selectedThreadScenarios)
func threads(_ scenario: ThreadScenario) async {
    await verifyThreads(scenario, on: RxDemoSignalAdapter.self)
}

// Programs nobody wrote by hand, judged by what RxSwift and the reference step print.
@Test("generated programs")
func generated() async {
    await verifyGenerated(on: RxDemoSignalAdapter.self)
}
