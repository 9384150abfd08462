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

// The second source's observer: it keeps the latest element, and only its error goes on.
final class WithLatestFromSecond<FirstType, SecondType, Observer: ObserverType>: ObserverType {
    typealias Parent = WithLatestFromSink<FirstType, SecondType, Observer>
    typealias Element = SecondType

    private let parent: Parent
    private let disposable: Disposable

    init(parent: Parent, disposable: Disposable) {
        self.parent = parent
        self.disposable = disposable
    }

    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            switch event {
            case .next(let value):
                self.parent.latest = value
            case .completed:
                self.disposable.dispose()
            case .error(let error):
                self.parent.forwardOn(.error(error))
                self.parent.dispose()
            }
        }
    }
}

final class WithLatestFrom<FirstType, SecondType, ResultType>: Producer<ResultType> {
    typealias ResultSelector = (FirstType, SecondType) throws -> ResultType

    fileprivate let first: Observable<FirstType>
    fileprivate let second: Observable<SecondType>
    fileprivate let resultSelector: ResultSelector

    init(first: Observable<FirstType>, second: Observable<SecondType>, resultSelector: @escaping ResultSelector) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == ResultType {
        let sink = WithLatestFromSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

extension ObservableType {
    func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFrom(first: self.asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFrom(first: self.asObservable(), second: second.asObservable(), resultSelector: { $1 })
    }
}
