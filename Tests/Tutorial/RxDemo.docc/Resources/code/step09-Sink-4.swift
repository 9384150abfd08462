// MARK: - Sink

// Forwards events to the observer downstream until it is disposed, and when it ends it
// cancels the whole subscription through `cancel`, the `SinkDisposer` that owns it.
// RxSwift's names: `observer`, `cancel`, `forwardOn`. The flag is atomic: an event racing a
// dispose on another thread is either forwarded before the dispose or dropped.
class Sink<Observer: ObserverType>: Disposable {
    fileprivate let observer: Observer
    fileprivate let cancel: Cancelable
    private let disposed = AtomicInt(0)

    init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
    }

    final func forwardOn(_ event: Event<Observer.Element>) {
        if isFlagSet(self.disposed, 1) {
            return
        }
        self.observer.on(event)
    }

    final var isDisposed: Bool {
        isFlagSet(self.disposed, 1)
    }

    func dispose() {
        self.disposed = true
        self.cancel.dispose()
    }
}
