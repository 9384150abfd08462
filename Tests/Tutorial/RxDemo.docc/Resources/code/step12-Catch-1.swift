// MARK: - Catch and retry

// `catch`: on an error, ask the handler for a fallback and continue with it. The fallback is
// subscribed first; putting its subscription in the `SerialDisposable` then disposes the
// failed source. `catchAndReturn(x)` is `catch` with `just(x)`: the element and completed
// arrive during the fallback's `subscribe`, so they come before the failed source's dispose.
final class CatchSinkProxy<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element
    typealias Parent = CatchSink<Observer>

    private let parent: Parent

    init(parent: Parent) {
        self.parent = parent
    }

    func on(_ event: Event<Element>) {
        self.parent.forwardOn(event)
        switch event {
        case .next: break
        case .error, .completed: self.parent.dispose()
        }
    }
}
