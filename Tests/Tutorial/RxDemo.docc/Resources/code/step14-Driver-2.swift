// MARK: - Driver

// State for a screen: never fails, delivers on the main scheduler, and shares with a replay
// of its latest element (`share(replay: 1, scope: .whileConnected)`), so that a view that
// binds late still shows the current value.
typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

struct DriverSharingStrategy: SharingStrategyProtocol {
    static var scheduler: SchedulerType { SharingScheduler.make() }

    static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}
