// MARK: - Sink

// Now only forwards: running the generator moved to the subclasses (`AnonymousObserver`,
// `MapObserver`). Nothing ever adds a disposable to `_composite`, so disposing a sink never
// reaches the generator's dispose closure nor the sinks upstream: step 06 fixes that.
class Sink<O: ObserverType>: Disposable {
    private var _disposed: Bool = false
    private let _forward: O
    private let _composite = CompositeDisposable()

    init(forward: O) {
        _forward = forward
    }

    func forward(event: Event<O.Element>) {
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
        print("dispose execute")
        _composite.dispose()
    }
}
