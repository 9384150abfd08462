// MARK: - Disposable

protocol Disposable {
    // Cancels the subscription.
    func dispose()
}

// A disposable that can say whether it has been disposed.
protocol Cancelable: Disposable {
    var isDisposed: Bool { get }
}

// The three disposables apps make, behind RxSwift's factory.
enum Disposables {
    // Nothing to cancel.
    static func create() -> Disposable {
        NopDisposable()
    }

    // Runs `dispose` once, on the first `dispose()`.
    static func create(with dispose: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(disposeAction: dispose)
    }

    // Disposes both, in this order, on the first `dispose()`.
    static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        BinaryDisposable(disposable1, disposable2)
    }
}

struct NopDisposable: Disposable {
    func dispose() {}
}

// Unlike the article's, it lets go of its closure once it has run it, so a closure that
// captures its observer cannot keep a chain alive after dispose. (Plain state: step 09
// makes it atomic.)
final class AnonymousDisposable: Cancelable {
    private var disposeAction: (() -> Void)?
    private(set) var isDisposed = false

    init(disposeAction: @escaping () -> Void) {
        self.disposeAction = disposeAction
    }

    func dispose() {
        guard !self.isDisposed else { return }
        self.isDisposed = true
        if let action = self.disposeAction {
            self.disposeAction = nil
            action()
        }
    }
}

// Two disposables as one: `subscribe(onNext:…)` returns the subscription and `onDisposed`'s
// disposable together.
final class BinaryDisposable: Cancelable {
    private var disposable1: Disposable?
    private var disposable2: Disposable?
    private(set) var isDisposed = false

    init(_ disposable1: Disposable, _ disposable2: Disposable) {
        self.disposable1 = disposable1
        self.disposable2 = disposable2
    }

    func dispose() {
        guard !self.isDisposed else { return }
        self.isDisposed = true
        self.disposable1?.dispose()
        self.disposable2?.dispose()
        self.disposable1 = nil
        self.disposable2 = nil
    }
}
