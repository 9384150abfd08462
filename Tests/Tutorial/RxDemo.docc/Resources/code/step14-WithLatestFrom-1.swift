// MARK: - WithLatestFrom

// Each element of the first source, paired with the latest element of the second: a refresh
// tap takes the query typed last. The second source is subscribed first, so that one that
// replays (a `Driver`) has its latest element in place before the first source sends; an
// element of the first source that comes before any of the second is dropped.
final class WithLatestFromSink<FirstType, SecondType, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias ResultType = Observer.Element
    typealias Parent = WithLatestFrom<FirstType, SecondType, ResultType>
    typealias Element = FirstType

    private let parent: Parent
    // Both sources' events come under this lock; the second only stores what it sends.
    fileprivate let lock = RecursiveLock()
    fileprivate var latest: SecondType?

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let secondSubscription = SingleAssignmentDisposable()
        let secondObserver = WithLatestFromSecond(parent: self, disposable: secondSubscription)
        secondSubscription.setDisposable(self.parent.second.subscribe(secondObserver))
        let firstSubscription = self.parent.first.subscribe(self)
        return Disposables.create(firstSubscription, secondSubscription)
    }

    func on(_ event: Event<Element>) {
        self.lock.performLocked {
            switch event {
            case .next(let value):
                guard let latest = self.latest else { return }
                do {
                    self.forwardOn(.next(try self.parent.resultSelector(value, latest)))
                } catch {
                    self.forwardOn(.error(error))
                    self.dispose()
                }
            case .completed:
                self.forwardOn(.completed)
                self.dispose()
            case .error(let error):
                self.forwardOn(.error(error))
                self.dispose()
            }
        }
    }
}
