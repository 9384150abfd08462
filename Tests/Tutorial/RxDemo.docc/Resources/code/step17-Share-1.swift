// MARK: - Share

extension Publisher {
    // One subscription upstream for every subscriber, begun by the first and ended by the
    // last one's cancel: `multicast(subject: PassthroughSubject())` with `autoconnect()`.
    func share() -> Publishers.Share<Self> {
        .init(upstream: self)
    }
}
