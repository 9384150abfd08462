// MARK: - Switch: flatMapLatest

// `flatMapLatest` keeps one inner subscription, in a `SerialDisposable`: a new element
// replaces it, which disposes the previous inner before the new one is subscribed. Each
// inner's observer carries the number of the element that made it; an event from an inner
// that is no longer the latest is dropped, even one already on its way on another thread.
final class SwitchSinkIter<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType
where SourceSequence.Element == Observer.Element {
    typealias Element = Observer.Element
    typealias Parent = SwitchSink<SourceElement, SourceSequence, Observer>

    private let parent: Parent
    private let id: Int
    private let this: Disposable

    init(parent: Parent, id: Int, this: Disposable) {
        self.parent = parent
        self.id = id
        self.this = this
    }

    func on(_ event: Event<Element>) {
        self.parent.lock.performLocked {
            switch event {
            case .next: break
            case .error, .completed: self.this.dispose()
            }
            if self.parent.latest != self.id {
                return
            }
            switch event {
            case .next:
                self.parent.forwardOn(event)
            case .error:
                self.parent.forwardOn(event)
                self.parent.dispose()
            case .completed:
                self.parent.hasLatest = false
                if self.parent.stopped {
                    self.parent.forwardOn(event)
                    self.parent.dispose()
                }
            }
        }
    }
}
