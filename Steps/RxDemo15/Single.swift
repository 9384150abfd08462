// MARK: - Single

// Exactly one element, or an error: a network request's reply. Its event is Swift's own
// `Result`, as the article's signals were: `.success(element)` or `.failure(error)`.
enum SingleTrait {}
typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>
typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    typealias SingleObserver = (SingleEvent<Element>) -> Void

    // Underneath, a success is two events, `next` then `completed`: the completed makes the
    // `create` sink stop, so a second `.success` from the same closure goes nowhere and the
    // subscription ends at the first.
    static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    // The subscriber sees one event and nothing after it: the `completed` that follows a
    // success is swallowed here.
    func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        var stopped = false
        return self.primitiveSequence.asObservable().subscribe { event in
            if stopped { return }
            stopped = true
            switch event {
            case .next(let element):
                observer(.success(element))
            case .error(let error):
                observer(.failure(error))
            case .completed:
                rxFatalErrorInDebug("Singles can't emit a completion event")
            }
        }
    }

    // As `subscribe(onNext:…)`: `onDisposed` runs right after the one handler that runs, and
    // a failure without `onFailure` goes to `Hooks.defaultErrorHandler`.
    func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let callStack = Hooks.subscriptionCallStack()
        let disposable: Disposable = onDisposed.map(Disposables.create(with:)) ?? Disposables.create()
        let observer: SingleObserver = { event in
            switch event {
            case .success(let element):
                onSuccess?(element)
                disposable.dispose()
            case .failure(let error):
                if let onFailure {
                    onFailure(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            }
        }
        return Disposables.create(self.primitiveSequence.subscribe(observer), disposable)
    }

    // RxSwift 5 called `onFailure` `onError`; RxSwift 6 keeps the old name for old programs.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    func subscribe(
        onSuccess: ((Element) -> Void)? = nil, onError: @escaping (Swift.Error) -> Void,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    // Each handler gets `object` first, held weakly: a screen that subscribes with itself is
    // not kept alive by the subscription, and once it is freed no handler runs (an error then
    // goes nowhere, not to `Hooks.defaultErrorHandler`).
    func subscribe<Object: AnyObject>(
        with object: Object, onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] in
                guard let object else { return }
                onSuccess?(object, $0)
            },
            onFailure: { [weak object] in
                guard let object else { return }
                onFailure?(object, $0)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            })
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    static func error(_ error: Swift.Error) -> Single<Element> {
        Single(raw: Observable.error(error))
    }

    static func never() -> Single<Element> {
        Single(raw: Observable.never())
    }
}

// Operators that keep the promise: one element in, one element out.
extension PrimitiveSequenceType where Trait == SingleTrait {
    func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: self.primitiveSequence.source.map(transform))
    }

    // One reply, then a second request that depends on it: the inner `Single` is subscribed
    // when the first one succeeds.
    func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single(raw: self.primitiveSequence.source.flatMap(selector))
    }

    func catchAndReturn(_ element: Element) -> Single<Element> {
        Single(raw: self.primitiveSequence.source.catchAndReturn(element))
    }

    // Nothing to check: every `Single` is also a valid `Maybe`.
    func asMaybe() -> Maybe<Element> {
        Maybe(raw: self.primitiveSequence.source)
    }
}
