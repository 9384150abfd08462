// MARK: - SubscriptionStatus

// What replaces step 06's SinkDisposer flags. A subscriber holds its subscription here, and
// the subscription holds the subscriber back as its downstream: the cycle keeps the chain
// alive while nobody else holds it. `cancel` or a terminal event moves to `.terminal`, which
// lets go of the subscription and breaks the cycle; anything that arrives after is ignored.
enum SubscriptionStatus {
    case awaitingSubscription
    case subscribed(Subscription)
    case terminal
}

extension SubscriptionStatus {
    var subscription: Subscription? {
        switch self {
        case .awaitingSubscription, .terminal:
            return nil
        case .subscribed(let subscription):
            return subscription
        }
    }
}
