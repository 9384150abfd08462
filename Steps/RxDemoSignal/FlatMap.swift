// MARK: - FlatMap

// The article's `flatMap`, as it writes it. `_dispose` holds the subscription to the signal
// made for the latest value: assigning the next one frees the one before, whose `deinit`
// unsubscribes it. So only the latest inner signal is heard (RxSwift's `flatMapLatest`, not its
// `flatMap`), and the check after `subscribe` runs before any value has come, when `_dispose`
// is still nil: the inner subscription is kept only by the closure that assigns it.
extension Signal {
    func flatMap<T>(_ transform: @escaping (Value) -> Signal<T>) -> Signal<T> {
        let (sink, signal) = Signal<T>.empty()
        var _dispose: Disposable?
        let dispose = subscribe { (result) in
            switch result {
            case .success(let value):
                let new = transform(value)
                _dispose = new.subscribe({ _result in
                    sink(_result)
                })
            case .error(let error):
                sink(.error(error))
            }
        }
        if _dispose != nil {
            signal.objects.append(_dispose!)
        }
        signal.objects.append(dispose)
        return signal
    }
}
