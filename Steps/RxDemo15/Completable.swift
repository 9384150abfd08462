// MARK: - Completable

// No element: done, or an error. A save or an upload, whose only news is that it finished.
// Its element type is `Swift.Never`, which has no values, so no code can even write a `next`.
enum CompletableTrait {}
typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

enum CompletableEvent {
    case error(Swift.Error)
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    typealias CompletableObserver = (CompletableEvent) -> Void

    static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable) -> Completable {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
        var stopped = false
        return self.primitiveSequence.asObservable().subscribe { event in
            if stopped { return }
            stopped = true
            switch event {
            case .next:
                fatalError("Completables can't emit values")
            case .error(let error):
                observer(.error(error))
            case .completed:
                observer(.completed)
            }
        }
    }

    func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let callStack = Hooks.subscriptionCallStack()
        let disposable: Disposable = onDisposed.map(Disposables.create(with:)) ?? Disposables.create()
        let observer: CompletableObserver = { event in
            switch event {
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

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    static func error(_ error: Swift.Error) -> Completable {
        Completable(raw: Observable.error(error))
    }

    static func never() -> Completable {
        Completable(raw: Observable.never())
    }

    static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }
}

// Only an observable that cannot send an element can be one, so the compiler checks it.
extension ObservableType where Element == Swift.Never {
    func asCompletable() -> Completable {
        PrimitiveSequence(raw: self.asObservable())
    }
}
