// MARK: - SinkDisposer

// What `Producer.subscribe` returns. It holds the sink and the upstream subscription, and
// the sink holds it back as `cancel`: the cycle keeps the chain alive while nobody else
// holds it, and `dispose` breaks it by letting go of both. RxSwift's state bits, in a plain
// `Int` here: step 09 makes them atomic.
final class SinkDisposer: Cancelable {
    private enum DisposeState: Int {
        case disposed = 1
        case sinkAndSubscriptionSet = 2
    }

    private var state = 0
    private var sink: Disposable?
    private var subscription: Disposable?

    var isDisposed: Bool {
        (self.state & DisposeState.disposed.rawValue) != 0
    }

    // Sets a bit and returns the state from before, as RxSwift's `fetchOr` does.
    private func fetchOr(_ mask: Int) -> Int {
        let previous = self.state
        self.state |= mask
        return previous
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        _sink = sink
        _subscription = subscription
        _state.insert(.sinkAndSubscriptionSet)
        // A source that completes during `subscribe` disposes us before `run` has even
        // returned: finish that dispose now, or the closure never runs and the cycle leaks.
        if _state.contains(.disposed) {
            sink.dispose()
            subscription.dispose()
            _sink = nil
            _subscription = nil
        }
    }

    func dispose() {
        // The sink calls back into here when we dispose it: the flag stops the loop.
        guard !_state.contains(.disposed) else { return }
        _state.insert(.disposed)
        guard _state.contains(.sinkAndSubscriptionSet), let sink = _sink, let subscription = _subscription else {
            return
        }
        sink.dispose()
        subscription.dispose()
        _sink = nil
        _subscription = nil
    }
}
