// MARK: - Signal

// Events for a screen (a tap, a message to show once): a `Driver` without the replay
// (`share(scope: .whileConnected)`), so a view that subscribes late does not see a tap that
// already happened.
typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

struct SignalSharingStrategy: SharingStrategyProtocol {
    static var scheduler: SchedulerType { SharingScheduler.make() }

    static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}
