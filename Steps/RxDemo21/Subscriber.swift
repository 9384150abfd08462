// MARK: - Subscriber

// Step 06's observer split its events into three calls, and the value call answers back:
// how many more values the subscriber wants on top of what it has already asked for.
protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error

    // Once, first: what to call `request` and `cancel` on.
    func receive(subscription: Subscription)

    // At most as many times as the demand allows.
    func receive(_ input: Input) -> Subscribers.Demand

    // At most once, last.
    func receive(completion: Subscribers.Completion<Failure>)
}
