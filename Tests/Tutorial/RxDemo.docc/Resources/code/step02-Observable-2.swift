// MARK: - Observable

protocol ObservableType {
    associatedtype Element

    // Registers an observer, starts the stream for it and returns the way to cancel it.
    func subscribe<O: ObserverType>(observer: O) -> Disposable where O.Element == Element
}

class Observable<Element>: ObservableType {
    // Produces the events; it runs once for every subscription.
    private let _eventGenerator: (Observer<Element>) -> Void

    init(eventGenerator: @escaping (Observer<Element>) -> Void) {
        _eventGenerator = eventGenerator
    }

    // Runs the generator at once with the subscriber itself: nothing sits in between,
    // so nothing can cancel the stream or stop it after `completed`.
    func subscribe<O: ObserverType>(observer: O) where O.Element == Element {
        // Only an `Observer<Element>` survives this cast; step 02 wraps any observer instead.
        _eventGenerator(observer as! Observer<Element>)
    }
}
