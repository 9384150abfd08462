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

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    func asDriver() -> Driver<Element> {
        self.asSharedSequence()
    }
}

// The ways in: each moves delivery to the scheduler first, then decides what an error becomes.
extension ObservableConvertibleType {
    // The error becomes one last element, then completed.
    func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        let source = self.asObservable()
            .observe(on: DriverSharingStrategy.scheduler)
            .catchAndReturn(onErrorJustReturn)
        return Driver(source)
    }

    // The error hands over to another driver.
    func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        let source = self.asObservable()
            .observe(on: DriverSharingStrategy.scheduler)
            .catch { _ in onErrorDriveWith.asObservable() }
        return Driver(source)
    }

    func asDriver(onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>) -> Driver<Element> {
        let source = self.asObservable()
            .observe(on: DriverSharingStrategy.scheduler)
            .catch { error in onErrorRecover(error).asObservable() }
        return Driver(source)
    }
}
