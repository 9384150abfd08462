// MARK: - Subscribe

// The two ways apps subscribe: one closure for every event, or one closure per kind of
// event. Both wrap the closures in an `AnonymousObserver` and subscribe that.
extension ObservableType {
    func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        let observer = AnonymousObserver { event in
            on(event)
        }
        return self.asObservable().subscribe(observer)
    }

    // `onDisposed` runs once, however the subscription ends. On `completed` or `error` it
    // runs right after the handler and before the source's own dispose closure (the sink
    // disposes only once the observer has returned); on `dispose()` it runs after it,
    // because the subscription is disposed first.
    func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let disposable: Disposable
        if let disposed = onDisposed {
            disposable = Disposables.create(with: disposed)
        } else {
            disposable = Disposables.create()
        }
        #if DEBUG
            let synchronizationTracker = SynchronizationTracker()
        #endif
        // Where this subscribe was called, for `Hooks.defaultErrorHandler` (empty unless
        // `Hooks.recordCallStackOnError`).
        let callStack = Hooks.subscriptionCallStack()
        let observer = AnonymousObserver<Element> { event in
            #if DEBUG
                synchronizationTracker.register(synchronizationErrorMessage: .default)
                defer { synchronizationTracker.unregister() }
            #endif
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                if let onError = onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            case .completed:
                onCompleted?()
                disposable.dispose()
            }
        }
        return Disposables.create(self.asObservable().subscribe(observer), disposable)
    }
}
