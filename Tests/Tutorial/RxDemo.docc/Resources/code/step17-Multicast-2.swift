// MARK: - Multicast

extension Publisher {
    // One subject, made by `createSubject` at the first subscription or connection, between
    // the upstream and every subscriber.
    func multicast<SubjectType: Subject>(
        _ createSubject: @escaping () -> SubjectType
    ) -> Publishers.Multicast<Self, SubjectType> where Failure == SubjectType.Failure, Output == SubjectType.Output {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    func multicast<SubjectType: Subject>(
        subject: SubjectType
    ) -> Publishers.Multicast<Self, SubjectType> where Failure == SubjectType.Failure, Output == SubjectType.Output {
        multicast { subject }
    }
}

extension Publishers {
    // Subscribers subscribe to the subject; `connect()` subscribes the subject to the upstream.
    // A class: every subscriber and the connection must reach the same subject.
    final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher
    where Upstream.Failure == SubjectType.Failure, Upstream.Output == SubjectType.Output {
        typealias Output = Upstream.Output

        typealias Failure = Upstream.Failure

        let upstream: Upstream

        let createSubject: () -> SubjectType

        private let lock = UnfairLock()

        private var subject: SubjectType?

        private var lazySubject: SubjectType {
            lock.lock()
            defer { lock.unlock() }
            if let subject {
                return subject
            }
            let subject = createSubject()
            self.subject = subject
            return subject
        }

        init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where SubjectType.Failure == Downstream.Failure, SubjectType.Output == Downstream.Input {
            lazySubject.subscribe(Inner(downstream: subscriber))
        }

        func connect() -> Cancellable {
            upstream.subscribe(lazySubject)
        }
    }
}
