// MARK: - Create

// The sink of an observable built from a generator: it stands between the generator and
// the subscriber, like `map { $0 }` would.
class AnonymousObserver<O: ObserverType>: Sink<O>, ObserverType {
    typealias Element = O.Element

    override init(forward: O) {
        super.init(forward: forward)  // forward: the subscriber
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
