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

class CompositeDisposable: Disposable {
    // The one flag that says whether the subscription is cancelled.
    private(set) var isDisposed: Bool = false
    // Everything to cancel together.
    private var disposables: [Disposable] = []

    init() {}

    // A disposable that arrives after the cancel is disposed at once, so that a stream
    // which finished during `subscribe` still runs its dispose closure.
    func add(disposable: Disposable) {
        if isDisposed {
            disposable.dispose()
            return
        }
        disposables.append(disposable)
    }

    // Only flips the flag and disposes the members; the members themselves are freed
    // when this composite is.
    func dispose() {
        guard !isDisposed else { return }
        disposables.forEach {
            $0.dispose()
        }
        isDisposed = true
    }
}
