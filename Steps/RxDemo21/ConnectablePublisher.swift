// MARK: - ConnectablePublisher

// A publisher whose subscribers attach first and whose upstream starts only at `connect()`:
// step 11's ConnectableObservable under Combine's name.
protocol ConnectablePublisher<Output, Failure>: Publisher {
    // Subscribes the shared subject to the upstream; cancelling the result ends that.
    func connect() -> Cancellable
}
