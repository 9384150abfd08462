// MARK: - Create

// The sink of an observable built from a generator: it stands between the generator and
// the subscriber, like `map { $0 }` would.
class AnonymousObserver<O: ObserverType>: Sink<O>, ObserverType {
    typealias Element = O.Element

    override init(forward: O, cancel: Disposable) {
        super.init(forward: forward, cancel: cancel)  // forward: the subscriber
    }

    func on(event: Event<Element>) {
        switch event {
        case .next(let element):
            self.forward(event: .next(element))
        case .error(let error):
            self.forward(event: .error(error))
            self.dispose()
        case .completed:
            self.forward(event: .completed)
            self.dispose()
        }
    }

    func run(parent: AnonymousObservable<Element>) -> Disposable {
        // Deviation: the article writes `Observer(self)`; `Observer` takes a handler, so we pass `on`.
        parent._eventGenerator(Observer(handler: on))
    }
}

class AnonymousObservable<Element>: Producer<Element> {
    let _eventGenerator: (Observer<Element>) -> Disposable

    init(eventGenerator: @escaping (Observer<Element>) -> Disposable) {
        self._eventGenerator = eventGenerator
    }

    override func run<O>(observer: O, cancel: Disposable) -> (sink: Disposable, subscription: Disposable)
    where Element == O.Element, O: ObserverType {
        // Each subscription gets its own sink, which runs the generator; the generator's
        // disposable is the upstream subscription.
        let sink = AnonymousObserver(forward: observer, cancel: cancel)
        let subscription = sink.run(parent: self)
        return (sink: sink, subscription: subscription)
    }
}

extension ObservableType {
    static func create(_ eventGenerator: @escaping (Observer<Element>) -> Disposable) -> Observable<Element> {
        return AnonymousObservable(eventGenerator: eventGenerator)
    }
}
