// MARK: - SinkDisposer

// What `Producer.subscribe` returns. It holds the sink and the upstream subscription, and
// the sink holds it back as `cancel`: the cycle keeps the chain alive while nobody else
// holds it, and `dispose` breaks it by letting go of both.
// Deviation: the article only describes this step; this follows RxSwift's SinkDisposer, with plain flags for its atomics.
final class SinkDisposer: Disposable {
    private struct DisposeState: OptionSet {
        let rawValue: Int
        static let disposed = DisposeState(rawValue: 1 << 0)
        static let sinkAndSubscriptionSet = DisposeState(rawValue: 1 << 1)
    }

    private var _state: DisposeState = []
    private var _sink: Disposable?
    private var _subscription: Disposable?

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
