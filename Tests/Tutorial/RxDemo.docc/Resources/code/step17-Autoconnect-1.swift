// MARK: - Autoconnect

extension ConnectablePublisher {
    // Connects at the first subscription and cancels the connection when the last subscriber
    // cancels: step 11's refCount.
    func autoconnect() -> Publishers.Autoconnect<Self> {
        .init(upstream: self)
    }
}
