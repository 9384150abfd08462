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

class SwitchSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType
where SourceSequence.Element == Observer.Element {
    typealias Element = SourceElement

    private let subscriptions = SingleAssignmentDisposable()
    private let innerSubscription = SerialDisposable()

    let lock = RecursiveLock()

    // state
    var stopped = false
    var latest = 0
    var hasLatest = false

    func run(_ source: Observable<SourceElement>) -> Disposable {
        let subscription = source.subscribe(self)
        self.subscriptions.setDisposable(subscription)
        return Disposables.create(self.subscriptions, self.innerSubscription)
    }

    func performMap(_ element: SourceElement) throws -> SourceSequence {
        rxAbstractMethod()
    }

    private func nextElementArrived(element: SourceElement) -> (Int, Observable<SourceSequence.Element>)? {
        self.lock.performLocked {
            do {
                let observable = try self.performMap(element).asObservable()
                self.hasLatest = true
                self.latest = self.latest &+ 1
                return (self.latest, observable)
            } catch let error {
                self.forwardOn(.error(error))
                self.dispose()
            }
            return nil
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if let (latest, observable) = self.nextElementArrived(element: element) {
                // Setting the serial disposable disposes the previous inner: before the subscribe.
                let disposable = SingleAssignmentDisposable()
                self.innerSubscription.disposable = disposable
                let observer = SwitchSinkIter(parent: self, id: latest, this: disposable)
                disposable.setDisposable(observable.subscribe(observer))
            }
        case .error(let error):
            self.lock.performLocked {
                self.forwardOn(.error(error))
                self.dispose()
            }
        case .completed:
            self.lock.performLocked {
                self.stopped = true
                self.subscriptions.dispose()
                if !self.hasLatest {
                    self.forwardOn(.completed)
                    self.dispose()
                }
            }
        }
    }
}

final class MapSwitchSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    SwitchSink<SourceElement, SourceSequence, Observer>
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

final class FlatMapLatest<SourceType, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceType) throws -> SourceSequence

    private let source: Observable<SourceType>
    private let selector: Selector

    init(source: Observable<SourceType>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == SourceSequence.Element {
        let sink = MapSwitchSink<SourceType, SourceSequence, Observer>(
            selector: self.selector, observer: observer, cancel: cancel)
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}

extension ObservableType {
    func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element>
    {
        FlatMapLatest(source: self.asObservable(), selector: selector)
    }
}
