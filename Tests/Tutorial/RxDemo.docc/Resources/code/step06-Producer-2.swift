// MARK: - Producer

// The base of every observable that makes its events itself: a subscription is a `run`.
class Producer<Element>: Observable<Element> {
    // The disposer exists before the sink, so the sink can hold it as `cancel` and end the
    // whole subscription itself on a terminal event. `run` returns the sink and what
    // cancelling upstream takes; the disposer keeps both until it is disposed.
    override func subscribe<O: ObserverType>(observer: O) -> Disposable where O.Element == Element {
        let disposer = SinkDisposer()
        let sinkAndSubscription = run(observer: observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    func run<O: ObserverType>(observer: O) -> Disposable where O.Element == Element {
        rxAbstractMethod()
    }
}
