// MARK: - Share

extension Publisher {
    // One subscription upstream for every subscriber, begun by the first and ended by the
    // last one's cancel: `multicast(subject: PassthroughSubject())` with `autoconnect()`.
    func share() -> Publishers.Share<Self> {
        .init(upstream: self)
    }
}

extension Publishers {
    // A class: every subscriber must reach the same connection. Each value goes only to the
    // subscribers that asked for one; the others miss it, as the subject inside drops it.
    final class Share<Upstream: Publisher>: Publisher, Equatable {
        typealias Output = Upstream.Output

        typealias Failure = Upstream.Failure

        private typealias MulticastSubject = PassthroughSubject<Output, Failure>

        private let inner: Autoconnect<Multicast<Upstream, MulticastSubject>>

        let upstream: Upstream

        init(upstream: Upstream) {
            self.inner = upstream.multicast(subject: .init()).autoconnect()
            self.upstream = upstream
        }

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            inner.subscribe(subscriber)
        }

        static func == (lhs: Share, rhs: Share) -> Bool {
            lhs === rhs
        }
    }
}
