// Runs scripts against a step: the source's generator, the subscribers, and the clock.

// Handed to a step's event generator; each call of `start` is one run of the generator.
public final class ScriptedSource {
    private let script: SourceScript
    private let clock: VirtualClock
    private let trace: Trace
    private let lifetimes: Lifetimes
    private var labels: [String?]

    init(script: SourceScript, clock: VirtualClock, trace: Trace, lifetimes: Lifetimes, labels: [String?]) {
        self.script = script
        self.clock = clock
        self.trace = trace
        self.lifetimes = lifetimes
        self.labels = labels
    }

    // Plays the script into `emit`: time 0 at once, later steps on the clock.
    @discardableResult
    public func start<E: StepEvent>(_ observer: AnyObject, emit: @escaping (E) -> Void) -> ScriptedRun {
        let label = labels.isEmpty ? nil : labels.removeFirst()
        lifetimes.watch(observer, as: "generator's observer", by: label)
        let trace = trace
        for action in script.actions {
            let send = {
                trace.record("send \(action.signal.traceName)", by: label)
                emit(action.signal.event())
            }
            if action.time == 0 { send() } else { clock.schedule(at: action.time, send) }
        }
        return ScriptedRun(trace: trace, label: label, recordsDispose: script.hasDisposeClosure)
    }
}

// One run of the generator. It holds neither the observer nor the clock, so a disposable
// that calls `dispose` cannot keep the chain alive by itself.
public final class ScriptedRun {
    private let trace: Trace
    private let label: String?
    private let recordsDispose: Bool

    init(trace: Trace, label: String?, recordsDispose: Bool) {
        self.trace = trace
        self.label = label
        self.recordsDispose = recordsDispose
    }

    // The body of the generator's dispose closure.
    public func dispose() {
        if recordsDispose { trace.record("dispose", by: label) }
    }
}

public final class RecordingSubscriber {
    private let trace: Trace
    private let label: String?
    private let disposeOnReceiving: Int?
    fileprivate var dispose: (() -> Void)?

    init(trace: Trace, label: String?, disposeOnReceiving: Int?) {
        self.trace = trace
        self.label = label
        self.disposeOnReceiving = disposeOnReceiving
    }

    // The subscriber's handler.
    public func receive<E: StepEvent>(_ event: E) {
        let signal = event.signal
        trace.record("receive \(signal.traceName)", by: label)
        if case .next(let value) = signal, value == disposeOnReceiving { dispose?() }
    }
}

// Weak references to the objects a subscription builds, read once everything is dropped.
final class Lifetimes {
    private struct Watched {
        let name: String
        weak var object: AnyObject?
    }

    private var watched: [Watched] = []

    func watch(_ object: AnyObject, as name: String, by label: String? = nil) {
        watched.append(Watched(name: label.map { "\($0): \(name)" } ?? name, object: object))
    }

    var stillAlive: [String] { watched.filter { $0.object != nil }.map(\.name) }
}

extension Scenario {
    // Subscriptions are labelled "a", "b", ... when there is more than one.
    private var labels: [String?] {
        subscribers.count == 1 ? [nil] : subscribers.indices.map { String(UnicodeScalar(UInt8(97 + $0))) }
    }

    public func run<Adapter: StepAdapter>(on adapter: Adapter.Type) -> [String] {
        let trace = Trace()
        let lifetimes = Lifetimes()
        do {
            let clock = VirtualClock()
            let source = ScriptedSource(
                script: source, clock: clock, trace: trace, lifetimes: lifetimes, labels: labels)
            var stream = Adapter.create(source)
            lifetimes.watch(stream, as: "source observable")
            for (index, op) in operators.enumerated() {
                stream = Adapter.map(stream, op.transform)
                lifetimes.watch(stream, as: "map observable \(index + 1)")
            }
            var recorders: [RecordingSubscriber] = []
            for (label, script) in zip(labels, subscribers) {
                let subscriber = RecordingSubscriber(
                    trace: trace, label: label, disposeOnReceiving: script.disposeOnReceiving)
                let subscription = Adapter.subscribe(stream, subscriber)
                lifetimes.watch(subscription.observer, as: "subscriber's observer", by: label)
                if let disposable = subscription.disposable {
                    lifetimes.watch(disposable, as: "disposable from subscribe", by: label)
                }
                if script.disposes, let dispose = subscription.dispose {
                    subscriber.dispose = dispose
                    for time in script.disposeTimes { clock.schedule(at: time, dispose) }
                }
                recorders.append(subscriber)
            }
            clock.run()
            // The harness's own link from subscriber to subscription would be a cycle.
            recorders.forEach { $0.dispose = nil }
        }
        if checksLifetimes {
            lifetimes.stillAlive.forEach { trace.record("still alive: \($0)") }
        }
        return trace.entries
    }
}
