// MARK: - Producer

// The base of every observable that makes its events itself: a subscription is a `run`.
class Producer<Element>: Observable<Element> {
    override func subscribe<O: ObserverType>(observer: O) -> Disposable where O.Element == Element {
        return run(observer: observer)
    }

    func run<O: ObserverType>(observer: O) -> Disposable where O.Element == Element {
        rxAbstractMethod()
    }
}
