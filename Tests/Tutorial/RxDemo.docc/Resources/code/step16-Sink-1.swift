// MARK: - Sink

// Forwards events and, when it ends, cancels the whole subscription through `_cancel`
// (the `SinkDisposer` that owns it) instead of a composite that nobody ever filled.
class Sink<O: ObserverType>: Disposable {
    private var _disposed: Bool = false
    private let _forward: O
    private let _cancel: Disposable

    init(forward: O, cancel: Disposable) {
        _forward = forward
        _cancel = cancel
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

    // Deviation: step 05's `print("dispose execute")` is gone; the generator's own "dispose" shows disposal now.
    func dispose() {
        _disposed = true
        _cancel.dispose()
    }
}
