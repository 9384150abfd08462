// MARK: - Producer

// The base of every observable that makes its events itself: a subscription is a `run`.
// (RxSwift also runs it on `CurrentThreadScheduler`, the trampoline step 10 adds.)
class Producer<Element>: Observable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let disposer = SinkDisposer()
        let sinkAndSubscription = run(observer: observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    func run<O: ObserverType>(observer: O, cancel: Disposable) -> (sink: Disposable, subscription: Disposable)
    where O.Element == Element {
        rxAbstractMethod()
    }
}
