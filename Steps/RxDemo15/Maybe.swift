// MARK: - Maybe

// One element, nothing, or an error: a cache lookup. Its event has a third case,
// `.completed`, for "nothing".
enum MaybeTrait {}
typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

enum MaybeEvent<Element> {
    // The one element (underneath: `next`, then `completed`).
    case success(Element)
    case error(Swift.Error)
    // Finished without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> Maybe<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        var stopped = false
        return self.primitiveSequence.asObservable().subscribe { event in
            if stopped { return }
            stopped = true
            switch event {
            case .next(let element):
                observer(.success(element))
            case .error(let error):
                observer(.error(error))
            case .completed:
                observer(.completed)
            }
        }
    }

    func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let callStack = Hooks.subscriptionCallStack()
        let disposable: Disposable = onDisposed.map(Disposables.create(with:)) ?? Disposables.create()
        let observer: MaybeObserver = { event in
            switch event {
            case .success(let element):
                onSuccess?(element)
                disposable.dispose()
            case .error(let error):
                if let onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            case .completed:
                onCompleted?()
                disposable.dispose()
            }
        }
        return Disposables.create(self.primitiveSequence.subscribe(observer), disposable)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    static func error(_ error: Swift.Error) -> Maybe<Element> {
        Maybe(raw: Observable.error(error))
    }

    static func never() -> Maybe<Element> {
        Maybe(raw: Observable.never())
    }

    static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }

    func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe(raw: self.primitiveSequence.source.map(transform))
    }

    func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: self.primitiveSequence.source.flatMap(selector))
    }
}
