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

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    func asSignal() -> Signal<Element> {
        self.asSharedSequence()
    }
}

extension ObservableConvertibleType {
    func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        let source = self.asObservable()
            .observe(on: SignalSharingStrategy.scheduler)
            .catchAndReturn(onErrorJustReturn)
        return Signal(source)
    }

    func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        let source = self.asObservable()
            .observe(on: SignalSharingStrategy.scheduler)
            .catch { _ in onErrorSignalWith.asObservable() }
        return Signal(source)
    }
}

// `emit` is `Signal`'s `drive`: no main-thread check, since nothing is replayed.
extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        self.asSharedSequence().asObservable().subscribe { event in
            observers.forEach { $0.on(event) }
        }
    }

    // For a label's `text`, a `String?`, from a signal of `String`.
    func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        self.asSharedSequence().asObservable().map { $0 as Element? }.subscribe { event in
            observers.forEach { $0.on(event) }
        }
    }

    func emit(
        onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        self.asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }
}
