// MARK: - SubjectSubscriber

// What `publisher.subscribe(subject)` subscribes: it hands the upstream's subscription to the
// subject, which asks it for `.unlimited` once a subscriber of its own has asked, and passes
// what upstream sends on to `subject.send`. It holds the subject weakly: a subject nobody
// else holds goes away, and with it the reason to subscribe.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible {
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let lock = UnfairLock()

    private weak var downstreamSubject: Downstream?

    private var upstreamSubscription: Subscription?

    private var isCancelled: Bool { downstreamSubject == nil }

    var description: String { "Subject" }

    init(_ parent: Downstream) {
        self.downstreamSubject = parent
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstreamSubscription == nil, let subject = downstreamSubject else {
            lock.unlock()
            return
        }
        upstreamSubscription = subscription
        lock.unlock()
        subject.send(subscription: self)
    }

    // The subject's own subscribers decide the demand, through `request` below.
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let subject = downstreamSubject, upstreamSubscription != nil else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        subject.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard let subject = downstreamSubject, upstreamSubscription != nil else {
            lock.unlock()
            return
        }
        lock.unlock()
        subject.send(completion: completion)
        lock.lock()
        downstreamSubject = nil
        lock.unlock()
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard let subscription = upstreamSubscription else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    func cancel() {
        lock.lock()
        guard !isCancelled, let subscription = upstreamSubscription else {
            lock.unlock()
            return
        }
        upstreamSubscription = nil
        downstreamSubject = nil
        lock.unlock()
        subscription.cancel()
    }
}
