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

// `drive` is `subscribe` from the main thread, with no `onError`: there is none to handle.
private let errorMessage =
    "`drive*` family of methods can be only called from `MainThread`.\n"
    + "This is required to ensure that the last replayed `Driver` element is delivered on `MainThread`.\n"

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element {
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return self.asSharedSequence().asObservable().subscribe { event in
            observers.forEach { $0.on(event) }
        }
    }

    // For a label's `text`, a `String?`, from a driver of `String`.
    func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element? {
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return self.asSharedSequence().asObservable().map { $0 as Element? }.subscribe { event in
            observers.forEach { $0.on(event) }
        }
    }

    func drive(
        onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return self.asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }
}
