// MARK: - TailRecursiveSink

enum TailRecursiveSinkCommand {
    case moveNext
    case dispose
}

// Subscribes to a sequence of observables one after another, each when the sink asks for the
// next (`schedule(.moveNext)`), through an `AsyncLock`: an attempt that ends during its own
// `subscribe` does not start the next one inside it, so even a thousand quick failures never
// nest a thousand calls deep. The current subscription sits in a `SerialDisposable`, and an
// empty one takes its place before the next is subscribed: the previous attempt is disposed
// first. RxSwift's also flattens nested sequences; this one walks one.
class TailRecursiveSink<Sequence: Swift.Sequence, Observer: ObserverType>: Sink<Observer>
where Sequence.Element: ObservableConvertibleType, Sequence.Element.Element == Observer.Element {
    typealias Element = Observer.Element

    private var iterator: Sequence.Iterator?
    private var isStopped = false
    private let subscription = SerialDisposable()

    // this is thread safe object
    private let gate = AsyncLock()

    func run(_ sources: Sequence) -> Disposable {
        self.iterator = sources.makeIterator()
        self.schedule(.moveNext)
        return self.subscription
    }

    func schedule(_ command: TailRecursiveSinkCommand) {
        self.gate.invoke {
            switch command {
            case .dispose: self.disposeCommand()
            case .moveNext: self.moveNextCommand()
            }
        }
    }

    func done() {
        self.forwardOn(.completed)
        self.dispose()
    }

    // Runs inside the gate: one at a time.
    private func moveNextCommand() {
        if self.isStopped {
            return
        }
        guard let next = self.iterator?.next()?.asObservable() else {
            self.iterator = nil
            self.done()
            return
        }
        let disposable = SingleAssignmentDisposable()
        self.subscription.disposable = disposable
        disposable.setDisposable(self.subscribeToNext(next))
    }

    func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        rxAbstractMethod()
    }

    private func disposeCommand() {
        self.isStopped = true
        self.iterator = nil
    }

    override func dispose() {
        super.dispose()
        self.subscription.dispose()
        self.schedule(.dispose)
    }
}
