// MARK: - Subscription

// The link a publisher hands its subscriber: demand goes up through `request`, and
// `cancel` (from Cancellable) ends it. It takes the place of step 06's returned Disposable.
protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    // Adds to the demand; it never takes any back.
    func request(_ demand: Subscribers.Demand)
}
