// MARK: - Subject

// A publisher that a program sends into by hand, as step 08's subjects are observers too.
// Its subscribers still ask before anything reaches them: what a subject is sent while a
// subscriber has no demand is dropped for that subscriber, never kept.
protocol Subject<Output, Failure>: AnyObject, Publisher {
    // To every subscriber that has asked; dropped for the others.
    func send(_ value: Output)

    // To every subscriber, asked or not; after it the subject sends nothing more.
    func send(completion: Subscribers.Completion<Failure>)

    // An upstream's subscription, when the subject subscribes to a publisher
    // (`publisher.subscribe(subject)`): the subject asks it for what its subscribers want.
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    func send() {
        send(())
    }
}

extension Publisher {
    // The subject as a subscriber of this publisher; the AnyCancellable ends that subscription.
    func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where Failure == S.Failure, Output == S.Output {
        let subscriber = SubjectSubscriber(subject)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
