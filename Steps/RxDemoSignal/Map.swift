// MARK: - Map

// A new signal, fed by a subscription to this one; the subscription is kept in the new
// signal's `objects`, so the chain lives as long as its last signal.
extension Signal {
    func map<T>(_ transform: @escaping (Value) -> T) -> Signal<T> {
        let (sink, signal) = Signal<T>.empty()
        let dispose = subscribe { (result) in
            sink(result.map(transform))
        }
        signal.objects.append(dispose)
        return signal
    }
}
