// MARK: - Bind

// `bind(to:)` is `subscribe` for UI: it says "this feeds a view", and it treats an error as a
// bug, since a binding has nowhere to show one.
extension ObservableType {
    func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        self.subscribe { event in
            observers.forEach { $0.on(event) }
        }
    }

    // For a label's `text`, a `String?`, from an observable of `String`.
    func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        self.map { $0 as Element? }.subscribe { event in
            observers.forEach { $0.on(event) }
        }
    }

    func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        self.subscribe(onNext: onNext, onError: { error in rxFatalErrorInDebug("Binding error: \(error)") })
    }
}
