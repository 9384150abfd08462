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

    final func forwardOn(_ event: Event<Observer.Element>) {
        if self.disposed {
            return
        }
        self.observer.on(event)
    }

    final var isDisposed: Bool {
        self.disposed
    }

    func dispose() {
        self.disposed = true
        self.cancel.dispose()
    }
}
