// MARK: - Never

// No event, ever, and nothing to cancel: what `amb` starts from, and a request that never
// answers in a test.
final class NeverProducer<Element>: Producer<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        Disposables.create()
    }
}

extension ObservableType {
    static func never() -> Observable<Element> {
        NeverProducer()
    }
}
