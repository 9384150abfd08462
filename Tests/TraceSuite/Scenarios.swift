// The scenario table: every scenario runs against every step that has what it needs.
public enum ScenarioID: String, Sendable, CaseIterable {
    case articleDemo01 = "the article's RxDemo-01 demo"
    case articleDemo02 = "the article's RxDemo-02/03 demo: dispose at 2, completed at 3"
    case articleDemo04 = "the article's RxDemo-04 demo: map { $0 * 2 }"
    case articleDemo05 = "the article's RxDemo-05/06 demo: map { $0 * 2 }.map { $0 + 1 }"
    case eventsInOrderThenCompleted = "events arrive in order, then completed"
    case nothingAfterCompleted = "nothing is delivered after completed"
    case nothingAfterError = "nothing is delivered after error"
    case completedRunsDisposeClosure = "completed runs the dispose closure"
    case errorRunsDisposeClosure = "error terminates and runs the dispose closure"
    case disposeBeforeCompletion = "dispose before completion stops delivery and runs the closure"
    case disposeTwice = "dispose twice runs the closure once"
    case disposeFromHandler = "dispose from inside the subscriber's handler"
    case synchronousCompletion = "synchronous completion during subscribe"
    case synchronousCompletionThroughMaps = "synchronous completion during subscribe, through two maps"
    case throwingMap = "a throwing map becomes an error and tears the source down"
    case independentSubscriptions = "two subscriptions to one observable are independent"
    case freedAfterCompletion = "every object is freed after completion"
    case freedAfterCompletionThroughMaps = "every object of a map chain is freed after completion"
    case freedAfterDispose = "every object of a map chain is freed after dispose"
    case freedAfterSynchronousCompletion = "every object of a map chain is freed after synchronous completion"
}

extension Scenario {
    // The article's demo source: 0...3 during subscribe, then completed at t=3.
    private static let articleSource = SourceScript(
        hasDisposeClosure: true, .send(0), .send(1), .send(2), .send(3), .complete(at: 3))

    public static let all: [Scenario] = [
        Scenario(
            .articleDemo01,
            source: SourceScript(hasDisposeClosure: false, .send(0), .send(1), .send(2), .send(3), .complete()),
            expected: [
                "send 0", "receive 0", "send 1", "receive 1", "send 2", "receive 2", "send 3", "receive 3",
                "send completed", "receive completed",
            ]),
        Scenario(
            .articleDemo02, source: articleSource, subscribers: [.dispose(at: 2)],
            expected: [
                "send 0", "receive 0", "send 1", "receive 1", "send 2", "receive 2", "send 3", "receive 3",
                "dispose", "send completed",
            ]),
        Scenario(
            .articleDemo04, source: articleSource, operators: [.times(2)], subscribers: [.dispose(at: 2)],
            expected: [
                "send 0", "receive 0", "send 1", "receive 2", "send 2", "receive 4", "send 3", "receive 6",
                "dispose", "send completed",
            ]),
        Scenario(
            .articleDemo05, source: articleSource, operators: [.times(2), .plus(1)], subscribers: [.dispose(at: 2)],
            expected: [
                "send 0", "receive 1", "send 1", "receive 3", "send 2", "receive 5", "send 3", "receive 7",
                "dispose", "send completed",
            ]),
        Scenario(
            .eventsInOrderThenCompleted,
            source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 2), .complete(at: 3)),
            expected: ["send 1", "receive 1", "send 2", "receive 2", "send completed", "receive completed"]),
        Scenario(
            .nothingAfterCompleted,
            source: SourceScript(
                hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2), .send(2, at: 3), .complete(at: 4)),
            expected: ["send 1", "receive 1", "send completed", "receive completed", "send 2", "send completed"]),
        Scenario(
            .nothingAfterError,
            source: SourceScript(
                hasDisposeClosure: false, .send(1, at: 1), .fail(at: 2), .send(2, at: 3), .complete(at: 4)),
            expected: ["send 1", "receive 1", "send error", "receive error", "send 2", "send completed"]),
        Scenario(
            .completedRunsDisposeClosure,
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .complete(at: 2)),
            expected: ["send 1", "receive 1", "send completed", "receive completed", "dispose"]),
        Scenario(
            .errorRunsDisposeClosure,
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .fail(at: 2), .send(2, at: 3)),
            expected: ["send 1", "receive 1", "send error", "receive error", "dispose", "send 2"]),
        Scenario(
            .disposeBeforeCompletion,
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 3), .complete(at: 4)),
            subscribers: [.dispose(at: 2)],
            expected: ["send 1", "receive 1", "dispose", "send 2", "send completed"]),
        Scenario(
            .disposeTwice,
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 4)),
            subscribers: [.dispose(at: 2, 3)],
            expected: ["send 1", "receive 1", "dispose", "send 2"]),
        Scenario(
            .disposeFromHandler,
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .send(3, at: 3)),
            subscribers: [SubscriberScript(disposeOnReceiving: 2)],
            expected: ["send 1", "receive 1", "send 2", "receive 2", "dispose", "send 3"]),
        Scenario(
            .synchronousCompletion,
            source: SourceScript(hasDisposeClosure: true, .send(1), .complete()),
            expected: ["send 1", "receive 1", "send completed", "receive completed", "dispose"]),
        Scenario(
            .synchronousCompletionThroughMaps,
            source: SourceScript(hasDisposeClosure: true, .send(1), .complete()),
            operators: [.times(2), .plus(1)],
            expected: ["send 1", "receive 3", "send completed", "receive completed", "dispose"]),
        Scenario(
            .throwingMap,
            source: SourceScript(
                hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 2), .send(3, at: 3), .complete(at: 4)),
            operators: [.failing(on: 2)],
            expected: ["send 1", "receive 1", "send 2", "receive error", "dispose", "send 3", "send completed"]),
        Scenario(
            .independentSubscriptions,
            source: SourceScript(hasDisposeClosure: true, .send(1, at: 1), .send(2, at: 3), .complete(at: 4)),
            subscribers: [.dispose(at: 2), SubscriberScript()],
            expected: [
                "a: send 1", "a: receive 1", "b: send 1", "b: receive 1",
                "a: dispose",
                "a: send 2", "b: send 2", "b: receive 2",
                "a: send completed", "b: send completed", "b: receive completed", "b: dispose",
            ]),
        Scenario(
            .freedAfterCompletion,
            source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2)),
            checksLifetimes: true,
            expected: ["send 1", "receive 1", "send completed", "receive completed"]),
        Scenario(
            .freedAfterCompletionThroughMaps,
            source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .complete(at: 2)),
            operators: [.times(2), .plus(1)], checksLifetimes: true,
            expected: ["send 1", "receive 3", "send completed", "receive completed"]),
        Scenario(
            .freedAfterDispose,
            source: SourceScript(hasDisposeClosure: false, .send(1, at: 1), .send(2, at: 3)),
            operators: [.times(2), .plus(1)], subscribers: [.dispose(at: 2)], checksLifetimes: true,
            expected: ["send 1", "receive 3", "send 2"]),
        Scenario(
            .freedAfterSynchronousCompletion,
            source: SourceScript(hasDisposeClosure: false, .send(1), .complete()),
            operators: [.times(2), .plus(1)], checksLifetimes: true,
            expected: ["send 1", "receive 3", "send completed", "receive completed"]),
    ]
}
