// MARK: - Empty

// Completed during `subscribe`, and nothing to cancel: a `Producer` that needs no sink.
final class EmptyProducer<Element>: Producer<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.completed)
        return Disposables.create()
    }
}

extension ObservableType {
    static func empty() -> Observable<Element> {
        EmptyProducer<Element>()
    }
}
