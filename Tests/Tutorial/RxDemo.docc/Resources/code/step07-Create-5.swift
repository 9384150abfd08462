// MARK: - Create

// The sink of `create`: it stands between the subscribe handler and the subscriber, drops
// everything after the first terminal event, and disposes the subscription on it. Step 06
// called it `AnonymousObserver`; RxSwift keeps that name for the closure observer.
final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = AnonymousObservable<Element>

    // (A plain flag: step 09 makes it atomic.)
    private var isStopped = false

    override init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if self.isStopped {
                return
            }
            self.forwardOn(event)
        case .error, .completed:
            if !self.isStopped {
                self.isStopped = true
                self.forwardOn(event)
                self.dispose()
            }
        }
    }

    func run(_ parent: Parent) -> Disposable {
        parent.subscribeHandler(AnyObserver(self))
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
