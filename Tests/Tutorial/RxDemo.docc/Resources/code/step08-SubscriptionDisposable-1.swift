// MARK: - SubscriptionDisposable

// Whatever can take one observer back out by its key: the subjects.
protocol SynchronizedUnsubscribeType: AnyObject {
    associatedtype DisposeKey

    func synchronizedUnsubscribe(_ disposeKey: DisposeKey)
}
