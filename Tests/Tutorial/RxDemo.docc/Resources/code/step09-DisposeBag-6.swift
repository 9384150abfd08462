import Foundation

// MARK: - DisposeBag

// Holds subscriptions and disposes them, in the order they were inserted, when it is freed:
// a screen keeps one and its subscriptions end with it. A disposable inserted after that is
// disposed at once. The array is behind a lock, and disposing happens outside it, so a
// disposable may insert into the bag again while it is being disposed.
final class DisposeBag {
    private let lock = RecursiveLock()
    private var disposables: [Disposable] = []
    private var isDisposed = false

    init() {}

    func insert(_ disposable: Disposable) {
        self._insert(disposable)?.dispose()
    }

    // What to dispose at once: the disposable itself when the bag is already disposed.
    private func _insert(_ disposable: Disposable) -> Disposable? {
        self.lock.performLocked {
            if self.isDisposed {
                return disposable
            }
            self.disposables.append(disposable)
            return nil
        }
    }

    private func dispose() {
        for disposable in self._dispose() {
            disposable.dispose()
        }
    }

    deinit {
        self.dispose()
    }
}

extension Disposable {
    // `subscribe(…).disposed(by: bag)`: the line every RxSwift app is made of.
    func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
