// MARK: - Merge: flatMap, concatMap, Observable.merge

// `map` holds one subscription, to its source. `flatMap` holds one to its source and one to
// every inner observable its selector returns, all in one `CompositeDisposable`: disposing
// the group disposes the source first, then the inners in the order they came. An inner that
// completes is removed (and so disposed) at once; the whole completes when the source has
// completed and no inner is left. An error from anywhere ends everything.

// The observer of one inner subscription; its key removes it from the group when it completes.
// Nothing here runs under the state lock: a delivery goes through `forwardLock` alone.
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

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            self.parent.synchronizedForwardOn(.next(value))
        case .error(let error):
            self.parent.synchronizedForwardOnAndDispose(.error(error))
        case .completed:
            let completed = self.parent.lock.performLocked { () -> Bool in
                self.parent.activeCount -= 1
                return self.parent.shouldComplete
            }
            // Removing disposes the inner's subscription: its dispose closure is user code.
            self.parent.group.remove(for: self.disposeKey)
            if completed {
                self.parent.synchronizedForwardOnAndDispose(.completed)
            }
        }
    }
}

// Two locks, as on RxSwift's main branch (#2711, #2724): `lock` guards the counts and is never
// held while calling out; `forwardLock` only serialises deliveries to the one observer
// downstream (two inners on two threads never reach it at once) and guards no state.
class MergeSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement

    let lock = RecursiveLock()
    let forwardLock = RecursiveLock()

    // state
    let group = CompositeDisposable()
    let sourceSubscription = SingleAssignmentDisposable()
    var activeCount = 0
    var stopped = false
    // Set once a terminal event is on its way: nothing more is subscribed or forwarded.
    var terminating = false

    func performMap(_ element: SourceElement) throws -> SourceSequence {
        rxAbstractMethod()
    }

    // The count goes up under the lock; the selector runs after releasing it (it is user code).
    private func nextElementArrived(element: SourceElement) -> Result<SourceSequence?, Error> {
        let subscribe = self.lock.performLocked { () -> Bool in
            if self.stopped || self.terminating {
                return false
            }
            self.activeCount += 1
            return true
        }
        if !subscribe {
            return .success(nil)
        }
        do {
            return .success(try self.performMap(element))
        } catch let error {
            let shouldFail = self.lock.performLocked { () -> Bool in
                self.activeCount -= 1
                return !self.terminating
            }
            return shouldFail ? .failure(error) : .success(nil)
        }
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            switch self.nextElementArrived(element: element) {
            case .success(.some(let value)):
                self.subscribeInner(value.asObservable())
            case .success(.none):
                break
            case .failure(let error):
                self.synchronizedForwardOnAndDispose(.error(error))
            }
        case .error(let error):
            self.synchronizedForwardOnAndDispose(.error(error))
        case .completed:
            // With no inner left, complete first and let the source go after (RxSwift 6.10.2
            // disposed the source first, under the lock).
            let completed = self.lock.performLocked { () -> Bool in
                self.stopped = true
                return self.shouldComplete
            }
            if completed {
                self.synchronizedForwardOnAndDispose(.completed)
            } else {
                self.sourceSubscription.dispose()
            }
        }
    }

    // The key exists before the subscription does: an inner that completes during its own
    // `subscribe` can already remove itself.
    func subscribeInner(_ source: Observable<Observer.Element>) {
        let iterDisposable = SingleAssignmentDisposable()
        let shouldSubscribe = self.lock.performLocked { () -> Bool in
            if self.terminating {
                self.activeCount -= 1
                return false
            }
            return true
        }
        guard shouldSubscribe else { return }
        if let disposeKey = self.group.insert(iterDisposable) {
            let iter = MergeSinkIter(parent: self, disposeKey: disposeKey)
            let subscription = source.subscribe(iter)
            iterDisposable.setDisposable(subscription)
        }
    }

    // `Observable.merge`: every source is an inner, and there is no outer to wait for. A source
    // that fails during its subscribe stops the ones after it from being subscribed.
    func run(_ sources: [Observable<Observer.Element>]) -> Disposable {
        self.lock.performLocked { self.activeCount += sources.count }
        for source in sources {
            self.subscribeInner(source)
        }
        let completed = self.lock.performLocked { () -> Bool in
            self.stopped = true
            return self.shouldComplete
        }
        if completed {
            self.synchronizedForwardOnAndDispose(.completed)
        }
        return self.group
    }

    var shouldComplete: Bool {
        self.stopped && self.activeCount == 0 && !self.terminating
    }

    func synchronizedForwardOn(_ event: Event<Observer.Element>) {
        let shouldForward = self.lock.performLocked { !self.terminating }
        guard shouldForward else { return }
        self.forwardLock.performLocked { self.forwardOn(event) }
    }

    // The disposed flag is set before `forwardLock` is released: a thread that passed the
    // `terminating` check and waits for `forwardLock` then drops its event. The teardown
    // calls out to user code (dispose closures), so it runs after both locks are released.
    func synchronizedForwardOnAndDispose(_ event: Event<Observer.Element>) {
        self.lock.performLocked { self.terminating = true }
        self.forwardLock.performLocked {
            self.forwardOn(event)
            self.markDisposed()
        }
        self.dispose()
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

// `concatMap`: the same group, but one inner at a time. An element that arrives while an
// inner runs is mapped at once and its observable queued; the next is subscribed when the
// current one completes. The same two locks as flatMap's.
final class MergeLimitedSinkIter<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = Observer.Element
    typealias Parent = MergeLimitedSink<SourceElement, SourceSequence, Observer>

    private let parent: Parent
    private let disposeKey: CompositeDisposable.DisposeKey

    init(parent: Parent, disposeKey: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.disposeKey = disposeKey
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            self.parent.synchronizedForwardOn(event)
        case .error:
            self.parent.synchronizedForwardOnAndDispose(event)
        case .completed:
            self.parent.group.remove(for: self.disposeKey)
            self.parent.dequeueNextAndSubscribe()
        }
    }
}

class MergeLimitedSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType
where Observer.Element == SourceSequence.Element {
    typealias Element = SourceElement

    let maxConcurrent: Int
    let lock = RecursiveLock()
    let forwardLock = RecursiveLock()

    // state
    var stopped = false
    var terminating = false
    var activeCount = 0
    var queue: [SourceSequence] = []
    let sourceSubscription = SingleAssignmentDisposable()
    let group = CompositeDisposable()

    init(maxConcurrent: Int, observer: Observer, cancel: Cancelable) {
        self.maxConcurrent = maxConcurrent
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = self.group.insert(self.sourceSubscription)
        let disposable = source.subscribe(self)
        self.sourceSubscription.setDisposable(disposable)
        return self.group
    }

    // The next queued inner goes on the current thread's trampoline: it is subscribed once the
    // inner that completed has returned from its own subscribe, never on its stack, where one
    // inner after another could overflow it. Decided under the lock, done after it.
    func dequeueNextAndSubscribe() {
        let (next, completed) = self.lock.performLocked { () -> (SourceSequence?, Bool) in
            if self.terminating {
                self.activeCount -= 1
                return (nil, false)
            }
            if !self.queue.isEmpty {
                return (self.queue.removeFirst(), false)
            }
            self.activeCount -= 1
            return (nil, self.shouldComplete)
        }
        if let next {
            let disposable = CurrentThreadScheduler.instance.schedule(()) { _ in
                self.subscribe(next, group: self.group)
                return Disposables.create()
            }
            _ = self.group.insert(disposable)
        } else if completed {
            self.synchronizedForwardOnAndDispose(.completed)
        }
    }

    func subscribe(_ innerSource: SourceSequence, group: CompositeDisposable) {
        let subscription = SingleAssignmentDisposable()
        let shouldSubscribe = self.lock.performLocked { () -> Bool in
            if self.terminating {
                self.activeCount -= 1
                return false
            }
            return true
        }
        guard shouldSubscribe else { return }
        if let key = group.insert(subscription) {
            let observer = MergeLimitedSinkIter(parent: self, disposeKey: key)
            let disposable = innerSource.asObservable().subscribe(observer)
            subscription.setDisposable(disposable)
        }
    }

    func performMap(_ element: SourceElement) throws -> SourceSequence {
        rxAbstractMethod()
    }

    // Under the lock: take a free place or not. The selector runs after releasing it; a full
    // sink queues the result, and takes it at once if a place came free meanwhile.
    private func nextElementArrived(element: SourceElement) -> Result<SourceSequence?, Error> {
        let subscribeImmediately = self.lock.performLocked { () -> Bool? in
            if self.stopped || self.terminating {
                return nil
            }
            if self.activeCount < self.maxConcurrent {
                self.activeCount += 1
                return true
            }
            return false
        }
        guard let subscribeImmediately else { return .success(nil) }
        do {
            let value = try self.performMap(element)
            if subscribeImmediately {
                return .success(value)
            }
            let next = self.lock.performLocked { () -> SourceSequence? in
                if self.terminating {
                    return nil
                }
                self.queue.append(value)
                if self.activeCount < self.maxConcurrent, !self.queue.isEmpty {
                    self.activeCount += 1
                    return self.queue.removeFirst()
                }
                return nil
            }
            return .success(next)
        } catch let error {
            let shouldFail = self.lock.performLocked { () -> Bool in
                if subscribeImmediately {
                    self.activeCount -= 1
                }
                return !self.terminating
            }
            return shouldFail ? .failure(error) : .success(nil)
        }
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            switch self.nextElementArrived(element: element) {
            case .success(.some(let sequence)):
                self.subscribe(sequence, group: self.group)
            case .success(.none):
                break
            case .failure(let error):
                self.synchronizedForwardOnAndDispose(.error(error))
            }
        case .error(let error):
            self.synchronizedForwardOnAndDispose(.error(error))
        case .completed:
            let completed = self.lock.performLocked { () -> Bool in
                self.stopped = true
                return self.shouldComplete
            }
        }
    }
}

final class ConcatMapSink<SourceElement, SourceSequence: ObservableConvertibleType, Observer: ObserverType>:
    MergeLimitedSink<SourceElement, SourceSequence, Observer>
where Observer.Element == SourceSequence.Element {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let selector: Selector

    init(selector: @escaping Selector, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(maxConcurrent: 1, observer: observer, cancel: cancel)
    }

    override func performMap(_ element: SourceElement) throws -> SourceSequence {
        try self.selector(element)
    }
}

// MARK: Producers

final class FlatMap<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == SourceSequence.Element {
        let sink = FlatMapSink(selector: self.selector, observer: observer, cancel: cancel)
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}

final class ConcatMap<SourceElement, SourceSequence: ObservableConvertibleType>: Producer<SourceSequence.Element> {
    typealias Selector = (SourceElement) throws -> SourceSequence

    private let source: Observable<SourceElement>
    private let selector: Selector

    init(source: Observable<SourceElement>, selector: @escaping Selector) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == SourceSequence.Element {
        let sink = ConcatMapSink(selector: self.selector, observer: observer, cancel: cancel)
        let subscription = sink.run(self.source)
        return (sink: sink, subscription: subscription)
    }
}

final class MergeArray<Element>: Producer<Element> {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == Element {
        let sink = MergeBasicSink<Observable<Element>, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(self.sources)
        return (sink: sink, subscription: subscription)
    }
}

extension ObservableType {
    func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element>
    {
        FlatMap(source: self.asObservable(), selector: selector)
    }

    func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element>
    {
        ConcatMap(source: self.asObservable(), selector: selector)
    }

    static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArray(sources: sources)
    }

    static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArray(sources: sources)
    }
}
