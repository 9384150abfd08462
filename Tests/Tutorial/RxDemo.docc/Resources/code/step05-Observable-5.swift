// MARK: - Observable

protocol ObservableType {
    associatedtype Element

    // Registers an observer, starts the stream for it and returns the way to cancel it.
    func subscribe<O: ObserverType>(observer: O) -> Disposable where O.Element == Element

    // Lets an operator store any upstream as one concrete type.
    func asObservable() -> Observable<Element>
}

// Abstract: subclasses decide how a subscription runs.
class Observable<Element>: ObservableType {

    func subscribe<O: ObserverType>(observer: O) -> Disposable where O.Element == Element {
        rxAbstractMethod()
    }

    func asObservable() -> Observable<Element> {
        return self
    }
}
