// MARK: - SwitchToLatest

extension Publisher where Output: Publisher, Output.Failure == Failure {
    // Step 12's flatMapLatest, split in two as Combine has it (`map`, then `switchToLatest()`):
    // each publisher the upstream sends replaces the one before, which is cancelled. The
    // downstream's demand is the latest child's: a new child is asked for all that is left.
    func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

// Where one side never fails and the other may, OpenCombine types the `Never` side as the
// other's (`setFailureType`), as flatMap's overloads do.
extension Publisher where Output: Publisher, Failure == Never {
    func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        setFailureType(to: Output.Failure.self).switchToLatest()
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    func switchToLatest()
        -> Publishers.SwitchToLatest<
            Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
        >
    {
        map { $0.setFailureType(to: Failure.self) }.switchToLatest()
    }
}

extension Publishers {
    struct SwitchToLatest<Child: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == Child, Upstream.Failure == Child.Failure {
        typealias Output = Child.Output

        typealias Failure = Child.Failure

        let upstream: Upstream

        // The downstream gets its subscription before the upstream is subscribed, as in flatMap.
        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let outer = Outer(downstream: subscriber)
            subscriber.receive(subscription: outer)
            upstream.subscribe(outer)
        }
    }
}

extension Publishers.SwitchToLatest {
    // The upstream's subscriber and the downstream's subscription at once, like flatMap's
    // Outer, but with one child at most: no buffer, no list of children.
    private final class Outer<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Child.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output

        typealias Failure = Upstream.Failure

        private let downstream: Downstream

        private var outerSubscription: Subscription?

        private var currentInnerSubscription: Subscription?

        // Which child is the latest: a call from an older one (its subscription, an element,
        // its end) comes too late and is turned away.
        private var currentInnerIndex = 0

        private var nextInnerIndex = 1

        // Guards every field; let go before any call goes out.
        private let lock = UnfairLock()

        // Held around every call to the downstream, so that two never overlap.
        private let downstreamLock = UnfairRecursiveLock()

        private var cancelled = false

        // The upstream has ended: the downstream finishes when the latest child does.
        private var finished = false

        private var sentCompletion = false

        // The latest child was subscribed but has not yet given its subscription.
        private var awaitingInnerSubscription = false

        // What the downstream asked for and has not received: a new child is asked for it all.
        private var downstreamDemand = Subscribers.Demand.none

        let combineIdentifier = CombineIdentifier()

        var description: String { "SwitchToLatest" }

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        // MARK: The upstream's subscriber

        // Publishers cost nothing until subscribed: the upstream is asked for all of them.
        func receive(subscription: Subscription) {
            lock.lock()
            guard outerSubscription == nil && !cancelled else {
                lock.unlock()
                subscription.cancel()
                return
            }
            outerSubscription = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        // A new child: the one before is cancelled first, then the new one is subscribed.
        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            if cancelled || finished {
                lock.unlock()
                return .none
            }
            if let previous = currentInnerSubscription {
                currentInnerSubscription = nil
                lock.unlock()
                previous.cancel()
                lock.lock()
            }
            let index = nextInnerIndex
            currentInnerIndex = index
            nextInnerIndex += 1
            awaitingInnerSubscription = true
            lock.unlock()
            input.subscribe(Side(index: index, outer: self))
            return .none
        }

        // Finished: the downstream finishes now if no child is running, or when the latest one
        // does. A failure cancels the child and goes downstream.
        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            outerSubscription = nil
            finished = true
            if cancelled {
                lock.unlock()
                return
            }
            switch completion {
            case .finished:
                if awaitingInnerSubscription || currentInnerSubscription != nil {
                    lock.unlock()
                    return
                }
                sentCompletion = true
                lock.unlock()
                sendDownstream(completion)
            case .failure:
                let child = currentInnerSubscription
                currentInnerSubscription = nil
                sentCompletion = true
                lock.unlock()
                child?.cancel()
                sendDownstream(completion)
            }
        }

        // MARK: The downstream's subscription

        // Adds to what the downstream asked for, and passes it on to the latest child.
        func request(_ demand: Subscribers.Demand) {
            precondition(demand != .none, "demand must not be zero")
            lock.lock()
            downstreamDemand += demand
            let child = currentInnerSubscription
            lock.unlock()
            child?.request(demand)
        }

        // Cancels the child, then the upstream; each after the lock is let go.
        func cancel() {
            lock.lock()
            cancelled = true
            let child = currentInnerSubscription
            currentInnerSubscription = nil
            let upstream = outerSubscription
            outerSubscription = nil
            lock.unlock()
            child?.cancel()
            upstream?.cancel()
        }

        // MARK: The children

        // The latest child is asked for everything the downstream asked for and did not get;
        // an older one, arriving late, is cancelled.
        fileprivate func receiveInner(subscription: Subscription, _ index: Int) {
            lock.lock()
            guard currentInnerIndex == index && !cancelled && currentInnerSubscription == nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            currentInnerSubscription = subscription
            awaitingInnerSubscription = false
            let demand = downstreamDemand
            lock.unlock()
            if demand > 0 { subscription.request(demand) }
        }

        // Only the latest child's elements go downstream; what the downstream returns is asked
        // of that child too (by returning it).
        fileprivate func receiveInner(_ input: Child.Output, _ index: Int) -> Subscribers.Demand {
            lock.lock()
            guard currentInnerIndex == index && !cancelled else {
                lock.unlock()
                return .none
            }
            // A child that sends without demand traps here, as in Combine.
            downstreamDemand -= 1
            lock.unlock()
            downstreamLock.lock()
            let newDemand = downstream.receive(input)
            downstreamLock.unlock()
            if newDemand > 0 {
                lock.lock()
                downstreamDemand += newDemand
                lock.unlock()
            }
            return newDemand
        }

        // The latest child finished: the downstream finishes if the upstream has. It failed: the
        // upstream is cancelled and the failure goes downstream.
        fileprivate func receiveInner(completion: Subscribers.Completion<Child.Failure>, _ index: Int) {
            lock.lock()
            guard currentInnerIndex == index && !cancelled else {
                lock.unlock()
                return
            }
            currentInnerSubscription = nil
            switch completion {
            case .finished:
                if sentCompletion || !finished {
                    lock.unlock()
                    return
                }
                sentCompletion = true
                lock.unlock()
                sendDownstream(completion)
            case .failure:
                if sentCompletion {
                    lock.unlock()
                    return
                }
                cancelled = true
                let upstream = outerSubscription
                outerSubscription = nil
                sentCompletion = true
                lock.unlock()
                upstream?.cancel()
                sendDownstream(completion)
            }
        }

        private func sendDownstream(_ completion: Subscribers.Completion<Failure>) {
            downstreamLock.lock()
            downstream.receive(completion: completion)
            downstreamLock.unlock()
        }

        // The subscriber each child is given: it tells the outer which child is calling.
        private struct Side: Subscriber, CustomStringConvertible {
            typealias Input = Child.Output

            typealias Failure = Child.Failure

            private let index: Int

            private let outer: Outer

            let combineIdentifier = CombineIdentifier()

            var description: String { "SwitchToLatest" }

            init(index: Int, outer: Outer) {
                self.index = index
                self.outer = outer
            }

            func receive(subscription: Subscription) {
                outer.receiveInner(subscription: subscription, index)
            }

            func receive(_ input: Input) -> Subscribers.Demand {
                outer.receiveInner(input, index)
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                outer.receiveInner(completion: completion, index)
            }
        }
    }
}
