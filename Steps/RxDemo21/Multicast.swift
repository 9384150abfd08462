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

        // `createSubject` is the program's code: it runs with the lock let go (step 18 held it).
        // Two threads that both find no subject may both make one; the first kept is everyone's.
        private var lazySubject: SubjectType {
            lock.lock()
            if let subject {
                lock.unlock()
                return subject
            }
            lock.unlock()
            let made = createSubject()
            lock.lock()
            defer { lock.unlock() }
            if let subject {
                return subject
            }
            subject = made
            return made
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

extension Publishers.Multicast {
    // Between the subject's subscription and the subscriber: what the subscriber's `receive`
    // returns is asked of the subject's subscription, which would otherwise drop it.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
        typealias Input = Upstream.Output

        typealias Failure = Upstream.Failure

        private enum State {
            case ready(Downstream)
            case subscribed(Downstream, subjectSubscription: Subscription)
            case terminal
        }

        private let lock = UnfairLock()

        private var state: State

        var description: String { "Multicast" }

        init(downstream: Downstream) {
            state = .ready(downstream)
        }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .ready(let downstream) = state else {
                lock.unlock()
                subscription.cancel()
                return
            }
            state = .subscribed(downstream, subjectSubscription: subscription)
            lock.unlock()
            downstream.receive(subscription: self)
        }

        // The demand goes to the subject's subscription as a request; the subject hears `.none`.
        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed(let downstream, let subjectSubscription) = state else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            let newDemand = downstream.receive(input)
            if newDemand > 0 {
                subjectSubscription.request(newDemand)
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed(let downstream, _) = state else {
                lock.unlock()
                return
            }
            state = .terminal
            lock.unlock()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .subscribed(_, let subjectSubscription) = state else {
                lock.unlock()
                return
            }
            lock.unlock()
            subjectSubscription.request(demand)
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(_, let subjectSubscription) = state else {
                lock.unlock()
                return
            }
            state = .terminal
            lock.unlock()
            subjectSubscription.cancel()
        }
    }
}
