// MARK: - AnyObserver

// Any observer behind one concrete type: what `create`'s closure is handed, so that it can
// call `onNext`, `onError` and `onCompleted` without knowing the sink behind them.
struct AnyObserver<Element>: ObserverType {
    typealias EventHandler = (Event<Element>) -> Void

    private let observer: EventHandler

    init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
    }

    init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
    }

    func on(_ event: Event<Element>) {
        self.observer(event)
    }

    func asObserver() -> AnyObserver<Element> {
        self
    }
}

extension ObserverType {
    func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }
}
