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

final class Deferred<Source: ObservableType>: Producer<Source.Element> {
    typealias Factory = () throws -> Source

    private let observableFactory: Factory

    init(observableFactory: @escaping Factory) {
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Source.Element {
        let sink = DeferredSink<Source, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(self.observableFactory)
        return (sink: sink, subscription: subscription)
    }
}

extension ObservableType {
    static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Deferred(observableFactory: observableFactory)
    }
}
