// MARK: - SinkDisposer

// What `Producer.subscribe` returns. It holds the sink and the upstream subscription, and
// the sink holds it back as `cancel`: the cycle keeps the chain alive while nobody else
// holds it, and `dispose` breaks it by letting go of both. The state bits are atomic: of
// two threads that dispose at once, exactly one sees `disposed` unset and does the work.
final class SinkDisposer: Cancelable {
    private enum DisposeState: Int32 {
        case disposed = 1
        case sinkAndSubscriptionSet = 2
    }

    private let state = AtomicInt(0)
    private var sink: Disposable?
    private var subscription: Disposable?

    var isDisposed: Bool {
        isFlagSet(self.state, DisposeState.disposed.rawValue)
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
        let previousState = fetchOr(self.state, DisposeState.sinkAndSubscriptionSet.rawValue)
        if (previousState & DisposeState.sinkAndSubscriptionSet.rawValue) != 0 {
            fatalError("Sink and subscription were already set")
        }
        // A source that ended during `subscribe` disposed us before `run` returned.
        if (previousState & DisposeState.disposed.rawValue) != 0 {
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }

    func dispose() {
        let previousState = fetchOr(self.state, DisposeState.disposed.rawValue)
        if (previousState & DisposeState.disposed.rawValue) != 0 {
            return
        }
        if (previousState & DisposeState.sinkAndSubscriptionSet.rawValue) != 0 {
            guard let sink = self.sink, let subscription = self.subscription else {
                fatalError("Sink and subscription not set")
            }
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }
}
