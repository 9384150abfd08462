// MARK: - DisposeBag

// Holds subscriptions and disposes them, in the order they were inserted, when it is freed:
// a screen keeps one and its subscriptions end with it. A disposable inserted after that is
// disposed at once. (A plain array: step 09 puts a lock around it.)
final class DisposeBag {
    private var disposables: [Disposable] = []
    private var isDisposed = false

    init() {}

    func insert(_ disposable: Disposable) {
        if self.isDisposed {
            disposable.dispose()
            return
        }
        self.disposables.append(disposable)
    }

    private func dispose() {
        let disposables = self.disposables
        self.disposables.removeAll(keepingCapacity: false)
        self.isDisposed = true
        for disposable in disposables {
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
