// MARK: - Amb

// `amb`: subscribe to both, and the first to send anything (an element or a terminal event)
// wins. The decision is made under the lock; the loser is disposed before the winner's first
// event goes on, and from then on the winner's events pass straight through. The static form
// folds a list into pairs, starting from `never()`: `[a, b, c]` is `never().amb(a).amb(b).amb(c)`.
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
