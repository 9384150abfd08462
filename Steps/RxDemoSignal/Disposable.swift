// MARK: - Disposable

// The article's `Disposable`: it removes its subscriber when it is freed. A subscription lasts
// exactly as long as this object, so cancelling it and managing memory are one and the same.
final class Disposable {
    private let dispose: () -> Void

    static func create(_ dispose: @escaping () -> Void) -> Disposable {
        return Disposable(dispose)
    }

    init(_ dispose: @escaping () -> Void) {
        self.dispose = dispose
    }

    deinit {
        dispose()
    }
}
