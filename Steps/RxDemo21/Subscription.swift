// MARK: - Subscription

// The link a publisher hands its subscriber: demand goes up through `request`, and
// `cancel` (from Cancellable) ends it. It takes the place of step 06's returned Disposable.
protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    // Adds to the demand; it never takes any back.
    func request(_ demand: Subscribers.Demand)
}

enum Subscriptions {
    // For publishers that have nothing to send (`Empty`, `Fail`, an empty sequence): the
    // subscriber still gets its subscription first, as the protocol promises.
    // An immutable singleton that does nothing: sharing it across threads is harmless.
    nonisolated(unsafe) static let empty: Subscription = _EmptySubscription()
}

extension Subscriptions {
    // Named as OpenCombine names it, since `type(of:)` shows it.
    private struct _EmptySubscription: Subscription, CustomStringConvertible {
        let combineIdentifier = CombineIdentifier()

        func request(_ demand: Subscribers.Demand) {}

        func cancel() {}

        var description: String { "Empty" }
    }
}
