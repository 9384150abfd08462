// MARK: - SubscriptionDisposable

// Whatever can take one observer back out by its key: the subjects.
protocol SynchronizedUnsubscribeType: AnyObject {
    associatedtype DisposeKey

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey)
}

// What subscribing to a subject returns: disposing it removes that one observer and no
// other. It holds the subject weakly, so a subscription never keeps a subject alive.
struct SubscriptionDisposable<T: SynchronizedUnsubscribeType>: Disposable {
    private let key: T.DisposeKey
    private weak var owner: T?

    init(owner: T, key: T.DisposeKey) {
        self.owner = owner
        self.key = key
    }

    func dispose() {
        self.owner?.synchronizedUnsubscribe(self.key)
    }
}
