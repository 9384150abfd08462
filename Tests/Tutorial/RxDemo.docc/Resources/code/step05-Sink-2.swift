// MARK: - Sink

// Now only forwards: running the generator moved to the subclasses (`AnonymousObserver`,
// `MapObserver`). Nothing ever adds a disposable to `_composite`, so disposing a sink never
// reaches the generator's dispose closure nor the sinks upstream: step 06 fixes that.
class Sink<O: ObserverType>: Disposable {
    private var _disposed: Bool = false
    private let _forward: O
    private let _composite = CompositeDisposable()

    init(forward: O, eventGenerator: @escaping (Observer<O.Element>) -> Disposable) {
        _forward = forward
        _eventGenerator = eventGenerator
    }

    func run() {
        // The generator talks to an intermediate observer whose handler is `forward`.
        // Deviation: the article writes `Observer<O.Element>(forward)`; the initializer is labelled `handler:`.
        let observer = Observer<O.Element>(handler: forward)
        // The generator's disposable is cancelled together with the sink.
        _composite.add(disposable: _eventGenerator(observer))
    }

    private func forward(event: Event<O.Element>) {
        guard !_disposed else { return }
        _forward.on(event: event)
        // A terminal event ends the subscription by itself.
        switch event {
        case .completed, .error(_):
            dispose()
        default:
            break
        }
    }

    func dispose() {
        _disposed = true
        _composite.dispose()
    }
}
