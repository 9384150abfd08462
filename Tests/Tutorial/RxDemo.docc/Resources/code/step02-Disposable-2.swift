// MARK: - Disposable

protocol Disposable {
    // Cancels the subscription.
    func dispose()
}

class AnonymousDisposable: Disposable {
    // What to do when the subscription is cancelled (stop a timer, close a socket, ...).
    private let _disposeHandler: () -> Void

    init(_ disposeClosure: @escaping () -> Void) {
        _disposeHandler = disposeClosure
    }

    func dispose() {
        _disposeHandler()
    }
}
