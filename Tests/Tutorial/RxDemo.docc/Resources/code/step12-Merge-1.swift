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
