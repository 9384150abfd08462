import Foundation

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
// captures its observer cannot keep a chain alive after dispose. Of two threads that
// dispose at once, exactly one runs the closure.
final class AnonymousDisposable: Cancelable {
    private let disposed = AtomicInt(0)
    private var disposeAction: (() -> Void)?

    var isDisposed: Bool {
        isFlagSet(self.disposed, 1)
    }

    init(disposeAction: @escaping () -> Void) {
        self.disposeAction = disposeAction
    }

    func dispose() {
        if fetchOr(self.disposed, 1) == 0 {
            if let action = self.disposeAction {
                self.disposeAction = nil
                action()
            }
        }
    }
}

// Two disposables as one: `subscribe(onNext:…)` returns the subscription and `onDisposed`'s
// disposable together.
final class BinaryDisposable: Cancelable {
    private let disposed = AtomicInt(0)
    private var disposable1: Disposable?
    private var disposable2: Disposable?

    var isDisposed: Bool {
        isFlagSet(self.disposed, 1)
    }

    // Inlined, the caller moves its disposables into the fields as they are; called, the
    // optimiser opened a boxed one (a SubscriptionDisposable: its weak reference needs a box)
    // and copied it into a new box. An optimisation RxSwift does not make.
    @inline(__always)
    init(_ disposable1: Disposable, _ disposable2: Disposable) {
        self.disposable1 = disposable1
        self.disposable2 = disposable2
    }

    func dispose() {
        guard fetchOr(self.disposed, 1) == 0 else { return }
        self.disposable1?.dispose()
        self.disposable2?.dispose()
        self.disposable1 = nil
        self.disposable2 = nil
    }
}

// A disposable that is known only later: whatever is set is disposed with it, even if the
// dispose came first. What a scheduler returns for work it has not started yet.
final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    private let lock = RecursiveLock()
    private var disposable: Disposable?
    private var disposed = false

    init() {}

    var isDisposed: Bool { self.lock.performLocked { self.disposed } }

    func setDisposable(_ disposable: Disposable) {
        let disposeNow: Bool = self.lock.performLocked {
            if self.disposed { return true }
            self.disposable = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    func dispose() {
        let current: Disposable? = self.lock.performLocked {
            guard !self.disposed else { return nil }
            self.disposed = true
            defer { self.disposable = nil }
            return self.disposable
        }
        current?.dispose()
    }
}

// A disposable that can be replaced: setting a new one disposes the one before, and after
// `dispose()` anything set is disposed at once. A timer that restarts keeps its current
// run in one.
final class SerialDisposable: Cancelable, @unchecked Sendable {
    private let lock = RecursiveLock()
    private var current: Disposable?
    private var disposed = false

    init() {}

    var isDisposed: Bool { self.lock.performLocked { self.disposed } }

    var disposable: Disposable {
        get { self.lock.performLocked { self.current ?? Disposables.create() } }
        set {
            let (old, disposeNew): (Disposable?, Bool) = self.lock.performLocked {
                if self.disposed { return (nil, true) }
                let old = self.current
                self.current = newValue
                return (old, false)
            }
            old?.dispose()
            if disposeNew { newValue.dispose() }
        }
    }

    func dispose() {
        let old: Disposable? = self.lock.performLocked {
            guard !self.disposed else { return nil }
            self.disposed = true
            defer { self.current = nil }
            return self.current
        }
        old?.dispose()
    }
}
