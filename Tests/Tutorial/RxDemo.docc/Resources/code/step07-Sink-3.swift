// MARK: - Sink

// Forwards events to the observer downstream until it is disposed, and when it ends it
// cancels the whole subscription through `cancel`, the `SinkDisposer` that owns it.
// RxSwift's names: `observer`, `cancel`, `forwardOn`. (A plain flag: step 09 makes it atomic.)
class Sink<Observer: ObserverType>: Disposable {
    fileprivate let observer: Observer
    fileprivate let cancel: Cancelable
    private var disposed = false

    init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
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
