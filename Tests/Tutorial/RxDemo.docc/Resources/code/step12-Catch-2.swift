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

final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    private let handler: Handler
    private let subscription = SerialDisposable()

    init(handler: @escaping Handler, observer: Observer, cancel: Cancelable) {
        self.handler = handler
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let disposable = SingleAssignmentDisposable()
        self.subscription.disposable = disposable
        disposable.setDisposable(source.subscribe(self))
        return self.subscription
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.forwardOn(event)
        case .completed:
            self.forwardOn(event)
            self.dispose()
        case .error(let error):
            do {
                let catchSequence = try self.handler(error)
                let observer = CatchSinkProxy(parent: self)
                self.subscription.disposable = catchSequence.subscribe(observer)
            } catch let handlerError {
                self.forwardOn(.error(handlerError))
                self.dispose()
            }
        }
    }
}
