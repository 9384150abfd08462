// MARK: - Amb

// `amb`: subscribe to both, and the first to send anything (an element or a terminal event)
// wins. The decision is made under the lock, and acted on after it; the loser is disposed
// before the winner's first event goes on, and from then on the winner's events pass
// straight through. The static form folds a list into pairs, starting from `never()`:
// `[a, b, c]` is `never().amb(a).amb(b).amb(c)`.
enum AmbState {
    case neither
    case left
    case right
}

final class AmbObserver<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element
    typealias This = AmbObserver<Observer>
    typealias Sink = (This, Event<Element>) -> Void

    fileprivate var sink: Sink
    fileprivate var cancel: Disposable

    init(cancel: Disposable, sink: @escaping Sink) {
        self.cancel = cancel
        self.sink = sink
    }

    func on(_ event: Event<Element>) {
        self.sink(self, event)
        switch event {
        case .next: break
        case .error, .completed: self.cancel.dispose()
        }
    }
}

final class AmbSink<Observer: ObserverType>: Sink<Observer> {
    typealias Element = Observer.Element
    typealias AmbObserverType = AmbObserver<Observer>

    private let lock = RecursiveLock()
    // state
    private var choice = AmbState.neither

    func run(left: Observable<Element>, right: Observable<Element>) -> Disposable {
        let subscription1 = SingleAssignmentDisposable()
        let subscription2 = SingleAssignmentDisposable()
        let disposeAll = Disposables.create(subscription1, subscription2)

        let forwardEvent = { (_: AmbObserverType, event: Event<Element>) in
            self.forwardOn(event)
            switch event {
            case .next: break
            case .error, .completed: self.dispose()
            }
        }

        // Decided under the lock; the loser's dispose and the winner's first event (user code)
        // run after it is released, in the same order.
        // Deviation: RxSwift's main branch still does both under the lock (#2723's rule, which
        // its own campaign has not reached here).
        let decide = { (observer: AmbObserverType, event: Event<Element>, me: AmbState, other: Disposable) in
            let (won, isWinner) = self.lock.performLocked { () -> (Bool, Bool) in
                if self.choice == .neither {
                    self.choice = me
                    observer.sink = forwardEvent
                    observer.cancel = disposeAll
                    return (true, true)
                }
            }
        }

        let sink1 = AmbObserver<Observer>(cancel: subscription1) { observer, event in
            decide(observer, event, .left, subscription2)
        }
        let sink2 = AmbObserver<Observer>(cancel: subscription2) { observer, event in
            decide(observer, event, .right, subscription1)
        }

        subscription1.setDisposable(left.subscribe(sink1))
        subscription2.setDisposable(right.subscribe(sink2))

        return disposeAll
    }
}

final class Amb<Element>: Producer<Element> {
    private let left: Observable<Element>
    private let right: Observable<Element>

    init(left: Observable<Element>, right: Observable<Element>) {
        self.left = left
        self.right = right
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = AmbSink(observer: observer, cancel: cancel)
        let subscription = sink.run(left: self.left, right: self.right)
        return (sink: sink, subscription: subscription)
    }
}

extension ObservableType {
    static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        sequence.reduce(Observable<Element>.never()) { winner, next in
            winner.amb(next)
        }
    }

    func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Amb(left: self.asObservable(), right: right.asObservable())
    }
}
