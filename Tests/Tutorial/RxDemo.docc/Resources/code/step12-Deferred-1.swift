// MARK: - Deferred

// `deferred { … }` calls its factory at each subscription, not when it is created, and
// subscribes to what the factory returned: a request built from the state at subscribe time.
final class DeferredSink<Source: ObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Source.Element == Observer.Element {
    typealias Element = Observer.Element

    func run(_ factory: () throws -> Source) -> Disposable {
        do {
            return try factory().subscribe(self)
        } catch let error {
            self.forwardOn(.error(error))
            self.dispose()
            return Disposables.create()
        }
    }

    func on(_ event: Event<Element>) {
        self.forwardOn(event)
        switch event {
        case .next: break
        case .error, .completed: self.dispose()
        }
    }
}
