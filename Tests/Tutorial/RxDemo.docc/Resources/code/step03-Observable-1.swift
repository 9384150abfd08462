// MARK: - Observable

protocol ObservableType {
    associatedtype Element

    // Registers an observer, starts the stream for it and returns the way to cancel it.
    func subscribe<O: ObserverType>(observer: O) -> Disposable where O.Element == Element
}

class Observable<Element>: ObservableType {
    // Produces the events and returns what cancelling them takes; it runs once for
    // every subscription.
    private let _eventGenerator: (Observer<Element>) -> Disposable

    init(_ eventGenerator: @escaping (Observer<Element>) -> Disposable) {
        _eventGenerator = eventGenerator
    }

    func subscribe<O: ObserverType>(observer: O) -> Disposable where O.Element == Element {
        let composite = CompositeDisposable()
        // The generator gets an intermediate observer, not the subscriber: it drops events
        // once the composite is disposed, and disposes it on the first terminal event.
        let disposable = _eventGenerator(
            Observer { (event) in
                guard !composite.isDisposed else { return }
                observer.on(event: event)
                switch event {
                case .error(_), .completed:
                    composite.dispose()
                default:
                    break
                }
            })
        // The generator's own disposable is cancelled together with the subscription.
        composite.add(disposable: disposable)
        return composite
    }
}
