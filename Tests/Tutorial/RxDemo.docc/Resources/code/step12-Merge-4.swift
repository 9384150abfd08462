// MARK: - Merge: flatMap, concatMap, Observable.merge

// `map` holds one subscription, to its source. `flatMap` holds one to its source and one to
// every inner observable its selector returns, all in one `CompositeDisposable`: disposing
// the group disposes the source first, then the inners in the order they came. An inner that
// completes is removed (and so disposed) at once; the whole completes when the source has
// completed and no inner is left. An error from anywhere ends everything.

// The observer of one inner subscription; its key removes it from the group when it completes.
final class MergeSinkIter<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = Observer.Element
    typealias Parent = MergeSink<SourceElement, SourceSequence, Observer>

    private let parent: Parent
    private let disposeKey: CompositeDisposable.DisposeKey

    init(parent: Parent, disposeKey: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.disposeKey = disposeKey
    }

    // Under the parent's lock: two inners on two threads never reach the observer at once.
    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            switch event {
            case .next(let value):
                self.parent.forwardOn(.next(value))
            case .error(let error):
                self.parent.forwardOn(.error(error))
                self.parent.dispose()
            case .completed:
                self.parent.group.remove(for: self.disposeKey)
                self.parent.activeCount -= 1
                self.parent.checkCompleted()
            }
        }
    }
}

class MergeSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement

    let lock = RecursiveLock()

    // state
    let group = CompositeDisposable()
    let sourceSubscription = SingleAssignmentDisposable()
    var activeCount = 0
    var stopped = false

    func performMap(_ element: SourceElement) throws -> SourceSequence {
        rxAbstractMethod()
    }

    // The selector runs and the count goes up under the lock; the inner is subscribed after
    // releasing it, so that an inner that sends at once can take it.
    private func nextElementArrived(element: SourceElement) -> SourceSequence? {
        self.lock.performLocked {
            do {
                let value = try self.performMap(element)
                self.activeCount += 1
                return value
            } catch let error {
                self.forwardOn(.error(error))
                self.dispose()
                return nil
            }
        }
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            if let value = self.nextElementArrived(element: element) {
                self.subscribeInner(value.asObservable())
            }
        case .error(let error):
            self.lock.performLocked {
                self.forwardOn(.error(error))
                self.dispose()
            }
        case .completed:
            // Let the source go, then complete if no inner is left, as RxSwift 6.10.2 does
            // (its main branch completes first; step 15).
            self.lock.performLocked {
                self.stopped = true
                self.sourceSubscription.dispose()
                self.checkCompleted()
            }
        }
    }

    // The key exists before the subscription does: an inner that completes during its own
    // `subscribe` can already remove itself.
    func subscribeInner(_ source: Observable<Observer.Element>) {
        let iterDisposable = SingleAssignmentDisposable()
        if let disposeKey = self.group.insert(iterDisposable) {
            let iter = MergeSinkIter(parent: self, disposeKey: disposeKey)
            let subscription = source.subscribe(iter)
            iterDisposable.setDisposable(subscription)
        }
    }

    // `Observable.merge`: every source is an inner, and there is no outer to wait for.
    func run(_ sources: [Observable<Observer.Element>]) -> Disposable {
        self.activeCount += sources.count
        for source in sources {
            self.subscribeInner(source)
        }
        self.stopped = true
        self.checkCompleted()
        return self.group
    }

    func checkCompleted() {
        if self.stopped && self.activeCount == 0 {
            self.forwardOn(.completed)
            self.dispose()
        }
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = self.group.insert(self.sourceSubscription)
        let subscription = source.subscribe(self)
        self.sourceSubscription.setDisposable(subscription)
        return self.group
    }
}

final class FlatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try self.selector(element)
    }
}

final class MergeBasicSink<Source: ObservableConvertibleType, Observer: ObserverType>:
    MergeSink<Source, Source, Observer>
where Observer.Element == Source.Element {
    override func performMap(_ element: Source) throws -> Source {
        element
    }
}
