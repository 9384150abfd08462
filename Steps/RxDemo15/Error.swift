// MARK: - Error

// Only a failure, during `subscribe`: what a `catch` handler returns to pass an error on.
final class ErrorProducer<Element>: Producer<Element> {
    private let error: Swift.Error

    init(error: Swift.Error) {
        self.error = error
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.error(self.error))
        return Disposables.create()
    }
}

extension ObservableType {
    static func error(_ error: Swift.Error) -> Observable<Element> {
        ErrorProducer(error: error)
    }
}
