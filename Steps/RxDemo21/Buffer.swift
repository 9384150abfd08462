// MARK: - Buffer

extension Publisher {
    // A buffer between a fast upstream and a slow subscriber: it asks the upstream on its own
    // terms (`prefetch`), keeps up to `size` elements the subscriber has not asked for yet, and
    // `whenFull` says what an element that finds it full does.
    func buffer(
        size: Int,
        prefetch: Publishers.PrefetchStrategy,
        whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

extension Publishers {
    // How the buffer asks its upstream.
    enum PrefetchStrategy: Equatable, Hashable {
        // `.max(size)` at once, then one more for every element the subscriber takes: the
        // buffer stays full, and the upstream never sends more than it can hold.
        case keepFull
        // `.unlimited` at once: the upstream sends everything, and `whenFull` decides.
        case byRequest
    }

    // What an element that finds the buffer full does.
    enum BufferingStrategy<Failure: Error> {
        // It is dropped.
        case dropNewest
        // The oldest buffered element is dropped to make room for it.
        case dropOldest
        // The upstream is cancelled, and the subscriber fails with this error once it asks again.
        case customError(() -> Failure)
    }

    struct Buffer<Upstream: Publisher>: Publisher {
        typealias Output = Upstream.Output

        typealias Failure = Upstream.Failure

        let upstream: Upstream

        let size: Int

        let prefetch: PrefetchStrategy

        let whenFull: BufferingStrategy<Failure>

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
        }
    }
}

extension Publishers.Buffer {
    // The upstream's subscriber and the downstream's subscription at once: two demands, the
    // upstream's (what the buffer asked for) and the downstream's (what it may send), and
    // between them the elements nobody has asked for yet.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output

        typealias Failure = Upstream.Failure

        private let lock = UnfairLock()

        private let size: Int

        private let prefetch: Publishers.PrefetchStrategy

        private let whenFull: Publishers.BufferingStrategy<Failure>

        private let downstream: Downstream

        private var status = SubscriptionStatus.awaitingSubscription

        // What the downstream asked for and has not been sent.
        private var downstreamDemand = Subscribers.Demand.none

        private var values: [Input] = []

        // How the upstream ended, kept until the buffer in front of it is sent.
        private var terminal: Subscribers.Completion<Failure>?

        // True while `drain` is sending: a request from inside `receive` only adds to the demand,
        // and the loop that is already running sends it (rule 3.3: no recursion).
        private var draining = false

        let combineIdentifier = CombineIdentifier()

        init(
            downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
            whenFull: Publishers.BufferingStrategy<Failure>
        ) {
            self.downstream = downstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        // The upstream is asked before the downstream has its subscription, as OpenCombine
        // does: a synchronous upstream fills the buffer before anyone has asked.
        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            subscription.request(prefetch == .keepFull ? .max(size) : .unlimited)
            downstream.receive(subscription: self)
        }

        // What comes in goes into the buffer, then out as far as the downstream asked; the
        // demand returned is one for each element sent on (keepFull), so the buffer refills.
        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return .none
            }
            if case .failure = terminal {
                lock.unlock()
                return .none
            }
            if values.count >= size {
                switch whenFull {
                case .dropNewest:
                    lock.unlock()
                    return drain()
                case .dropOldest:
                    values.removeFirst()
                case .customError(let makeError):
                    // Not sent now: the subscriber hears of it when it next asks.
                    terminal = .failure(makeError())
                    lock.unlock()
                    subscription.cancel()
                    return .none
                }
            }
            values.append(input)
            lock.unlock()
            return drain()
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = status, terminal == nil else {
                lock.unlock()
                return
            }
            terminal = completion
            lock.unlock()
            _ = drain()
        }

        // The downstream's request: sent from the buffer at once, and for keepFull, the
        // upstream asked for as many as went out.
        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            downstreamDemand += demand
            let isDraining = draining
            lock.unlock()
            guard !isDraining else { return }
            let more = drain()
            if more > .none {
                subscription.request(more)
            }
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            values = []
            lock.unlock()
            subscription.cancel()
        }

        // Sends what the downstream asked for, then the upstream's end once the buffer is
        // empty; a failure goes at once when nothing is asked for, and the elements before it
        // are lost. Returns what to ask the upstream for: one per element sent (keepFull).
        private func drain() -> Subscribers.Demand {
            var upstreamDemand = Subscribers.Demand.none
            lock.lock()
            while true {
                guard case .subscribed = status else {
                    lock.unlock()
                    return upstreamDemand
                }
                guard downstreamDemand > .none else {
                    if case .failure = terminal {
                        return finish(upstreamDemand)
                    }
                    lock.unlock()
                    return upstreamDemand
                }
                guard !values.isEmpty else {
                    if terminal != nil {
                        return finish(upstreamDemand)
                    }
                    lock.unlock()
                    return upstreamDemand
                }
                let count = downstreamDemand.max.map { min($0, values.count) } ?? values.count
                let sending = Array(values.prefix(count))
                values.removeFirst(count)
                downstreamDemand -= count
                draining = true
                lock.unlock()
                var more = Subscribers.Demand.none
                for value in sending {
                    more += downstream.receive(value)
                }
                if prefetch == .keepFull {
                    upstreamDemand += count
                }
                lock.lock()
                draining = false
                downstreamDemand += more
            }
        }

        // Called with the lock held; sends the upstream's end with it let go.
        private func finish(_ upstreamDemand: Subscribers.Demand) -> Subscribers.Demand {
            guard let completion = terminal else { preconditionFailure("finish without an end") }
            status = .terminal
            lock.unlock()
            downstream.receive(completion: completion)
            return upstreamDemand
        }

        var description: String { "Buffer" }
    }
}
