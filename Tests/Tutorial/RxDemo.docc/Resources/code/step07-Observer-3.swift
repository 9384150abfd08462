// MARK: - Observer

// RxSwift's spelling: `on(_:)` without a label, and the three shorthands every app uses.
protocol ObserverType {
    associatedtype Element

    // Called once per event the observer listens to.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    func onNext(_ element: Element) {
        self.on(.next(element))
    }

    init(handler: @escaping (Event<Element>) -> Void) {
        _handler = handler
    }

    // Hands the event straight to the handler: there is no filtering yet.
    func on(event: Event<Element>) {
        _handler(event)
    }
}
