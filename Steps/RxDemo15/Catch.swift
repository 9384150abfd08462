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

final class Catch<Element>: Producer<Element> {
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    private let source: Observable<Element>
    private let handler: Handler

    init(source: Observable<Element>, handler: @escaping Handler) {
        self.source = source
        self.handler = handler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = CatchSink(handler: self.handler, observer: observer, cancel: cancel)
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}

// `retry`: the same source again after each error, one attempt after another through a
// `TailRecursiveSink`, which disposes the failed attempt before it subscribes the next. When
// the attempts run out, the last error goes on.
final class CatchSequenceSink<Sequence: Swift.Sequence, Observer: ObserverType>:
    TailRecursiveSink<Sequence, Observer>, ObserverType
where Sequence.Element: ObservableConvertibleType, Sequence.Element.Element == Observer.Element {
    private var lastError: Swift.Error?

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.forwardOn(event)
        case .error(let error):
            self.lastError = error
            self.schedule(.moveNext)
        case .completed:
            self.forwardOn(event)
            self.dispose()
        }
    }

    override func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        source.subscribe(self)
    }

    override func done() {
        if let lastError = self.lastError {
            self.forwardOn(.error(lastError))
        } else {
            self.forwardOn(.completed)
        }
        self.dispose()
    }
}

final class CatchSequence<Sequence: Swift.Sequence>: Producer<Sequence.Element.Element>
where Sequence.Element: ObservableConvertibleType {
    typealias Element = Sequence.Element.Element

    let sources: Sequence

    init(sources: Sequence) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = CatchSequenceSink<Sequence, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(self.sources)
        return (sink: sink, subscription: subscription)
    }
}

// The same element for ever: `retry()`'s sources.
struct InfiniteSequence<Element>: Swift.Sequence {
    private let repeatedValue: Element

    init(repeatedValue: Element) {
        self.repeatedValue = repeatedValue
    }

    func makeIterator() -> AnyIterator<Element> {
        let repeatedValue = self.repeatedValue
        return AnyIterator { repeatedValue }
    }
}

extension ObservableType {
    func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        Catch(source: self.asObservable(), handler: handler)
    }

    func catchAndReturn(_ element: Element) -> Observable<Element> {
        Catch(source: self.asObservable(), handler: { _ in Observable.just(element) })
    }

    // Until it completes; an endless loop if it always fails.
    func retry() -> Observable<Element> {
        CatchSequence(sources: InfiniteSequence(repeatedValue: self.asObservable()))
    }

    // `maxAttemptCount` attempts in all: `retry(2)` subscribes at most twice.
    func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        CatchSequence(sources: repeatElement(self.asObservable(), count: maxAttemptCount))
    }
}
