// MARK: - Producer

// The base of every observable that makes its events itself: a subscription is a `run`.
// The outermost subscribe on a thread runs on the `CurrentThreadScheduler`, as in RxSwift:
// anything scheduled on the trampoline while the chain subscribes waits until it is done.
class Producer<Element>: Observable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if !CurrentThreadScheduler.isScheduleRequired {
            return self.subscribeNow(observer)
        }
        return CurrentThreadScheduler.instance.schedule(()) { _ in
            self.subscribeNow(observer)
        }
    }

    private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let disposer = SinkDisposer()
        let sinkAndSubscription = self.run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        rxAbstractMethod()
    }
}
