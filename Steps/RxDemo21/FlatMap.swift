// MARK: - FlatMap

extension Publisher {
    // Step 12's flatMap, under demand: at most `maxPublishers` children at once. Each element of
    // the upstream becomes a child publisher, and what the children send goes downstream, but
    // only as much as the downstream asked for; the rest waits in a buffer.
    func flatMap<Child: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> Child
    ) -> Publishers.FlatMap<Child, Self> where Child.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

// Where one side never fails and the other may, OpenCombine's overloads type the `Never` side
// as the other's (`setFailureType`), so that `subject.flatMap { Just($0) }` compiles.
extension Publisher where Failure == Never {
    func flatMap<Child: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> Child
    ) -> Publishers.FlatMap<Child, Publishers.SetFailureType<Self, Child.Failure>> {
        setFailureType(to: Child.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
    }

    func flatMap<Child: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> Child
    ) -> Publishers.FlatMap<Child, Self> where Child.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    func flatMap<Child: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> Child
    ) -> Publishers.FlatMap<Publishers.SetFailureType<Child, Failure>, Self> where Child.Failure == Never {
        flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
    }
}

extension Publishers {
    struct FlatMap<Child: Publisher, Upstream: Publisher>: Publisher where Child.Failure == Upstream.Failure {
        typealias Output = Child.Output

        typealias Failure = Upstream.Failure

        let upstream: Upstream

        let maxPublishers: Subscribers.Demand

        let transform: (Upstream.Output) -> Child

        init(upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> Child) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        // The downstream gets its subscription before the upstream is subscribed, as OpenCombine does.
        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Child.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
            let outer = Outer(downstream: subscriber, maxPublishers: maxPublishers, map: transform)
            subscriber.receive(subscription: outer)
            upstream.subscribe(outer)
        }
    }
}

extension Publishers.FlatMap {
    // The upstream's subscriber and the downstream's subscription at once, like step 12's
    // FlatMapSink; each child is subscribed through a `Side` that knows its number.
    private final class Outer<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Child.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output

        typealias Failure = Upstream.Failure

        // Requests to the upstream go through it: a finished child asks for one more publisher.
        private var outerSubscription: Subscription?

        private let outerLock = UnfairRecursiveLock()

        // Guards every field below but `downstreamRecursive`, which `downstreamLock` guards.
        private let lock = UnfairLock()

        // Held around every call to the downstream: a child's element and a request's
        // buffered ones never reach it at once.
        private let downstreamLock = UnfairRecursiveLock()

        private let downstream: Downstream

        private var downstreamDemand = Subscribers.Demand.none

        // True while the downstream's receive(_:) runs: a request from inside it only adds.
        private var downstreamRecursive = false

        // True while a request asks a child for one more: what that child sends at once waits
        // in the buffer, so that it comes after the element being delivered.
        private var innerRecursive = false

        // The children, in the order they were subscribed. OpenCombine keeps them in a
        // Dictionary, whose order changes from run to run; an array teaches one order.
        private var children: [(index: Int, subscription: Subscription)] = []

        private var nextInnerIndex = 0

        // Children made but not yet given their subscription.
        private var pendingSubscriptions = 0

        // What the children sent while the downstream had no demand, oldest first.
        private var buffer: [(index: Int, value: Child.Output)] = []

        private let maxPublishers: Subscribers.Demand

        private let map: (Input) -> Child

        private var cancelledOrCompleted = false

        private var outerFinished = false

        let combineIdentifier = CombineIdentifier()

        var description: String { "FlatMap" }

        init(downstream: Downstream, maxPublishers: Subscribers.Demand, map: @escaping (Input) -> Child) {
            self.downstream = downstream
            self.maxPublishers = maxPublishers
            self.map = map
        }

        // MARK: The upstream's subscriber

        // Asks the upstream for as many publishers as may run at once.
        func receive(subscription: Subscription) {
            lock.lock()
            guard outerSubscription == nil, !cancelledOrCompleted else {
                lock.unlock()
                subscription.cancel()
                return
            }
            outerSubscription = subscription
            lock.unlock()
            subscription.request(maxPublishers)
        }

        // Each element becomes a child; the next publisher is asked for when a child finishes.
        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            let cancelledOrCompleted = self.cancelledOrCompleted
            lock.unlock()
            if cancelledOrCompleted { return .none }
            let child = map(input)
            lock.lock()
            let innerIndex = nextInnerIndex
            nextInnerIndex += 1
            pendingSubscriptions += 1
            lock.unlock()
            child.subscribe(Side(index: innerIndex, inner: self))
            return .none
        }

        // Finished: the downstream finishes once every child has. A failure cancels the children
        // (after the lock is let go, unlike OpenCombine) and goes downstream.
        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            outerSubscription = nil
            outerFinished = true
            switch completion {
            case .finished:
                releaseLockThenSendCompletionDownstreamIfNeeded(outerFinished: true)
            case .failure:
                let wasAlreadyCancelledOrCompleted = cancelledOrCompleted
                cancelledOrCompleted = true
                let children = self.children
                self.children = []
                lock.unlock()
                for child in children { child.subscription.cancel() }
                if wasAlreadyCancelledOrCompleted { return }
                downstreamLock.lock()
                downstream.receive(completion: completion)
                downstreamLock.unlock()
            }
        }

        // MARK: The downstream's subscription

        // `.unlimited` empties the buffer and lets every child send freely; a number delivers
        // from the buffer and asks each delivered element's child for one more.
        func request(_ demand: Subscribers.Demand) {
            precondition(demand != .none, "demand must not be zero")
            downstreamLock.lock()
            let fromInsideReceive = downstreamRecursive
            downstreamLock.unlock()
            if fromInsideReceive {
                lock.lock()
                downstreamDemand += demand
                lock.unlock()
                return
            }
            lock.lock()
            if cancelledOrCompleted {
                lock.unlock()
                return
            }
            if demand == .unlimited {
                downstreamDemand = .unlimited
                let buffered = buffer
                buffer = []
                let children = self.children
                lock.unlock()
                downstreamLock.lock()
                downstreamRecursive = true
                for (_, value) in buffered { _ = downstream.receive(value) }
                downstreamRecursive = false
                downstreamLock.unlock()
                for child in children { child.subscription.request(.unlimited) }
                lock.lock()
            } else {
                downstreamDemand += demand
                while !buffer.isEmpty && downstreamDemand > 0 {
                    let (index, value) = buffer.removeFirst()
                    downstreamDemand -= 1
                    let child = children.first { $0.index == index }?.subscription
                    lock.unlock()
                    downstreamLock.lock()
                    downstreamRecursive = true
                    let additionalDemand = downstream.receive(value)
                    downstreamRecursive = false
                    downstreamLock.unlock()
                    lock.lock()
                    downstreamDemand += additionalDemand
                    if let child {
                        innerRecursive = true
                        lock.unlock()
                        child.request(.max(1))
                        lock.lock()
                        innerRecursive = false
                    }
                }
            }
            releaseLockThenSendCompletionDownstreamIfNeeded(outerFinished: outerFinished)
        }

        // Cancels every child, then the upstream; each after the lock is let go.
        func cancel() {
            lock.lock()
            if cancelledOrCompleted {
                lock.unlock()
                return
            }
            cancelledOrCompleted = true
            let children = self.children
            self.children = []
            let outerSubscription = self.outerSubscription
            self.outerSubscription = nil
            lock.unlock()
            for child in children { child.subscription.cancel() }
            outerSubscription?.cancel()
        }

        // MARK: The children

        // A child is asked for one element at a time, unless the downstream asked for everything.
        fileprivate func receiveInner(subscription: Subscription, _ index: Int) {
            lock.lock()
            pendingSubscriptions -= 1
            children.append((index, subscription))
            let demand: Subscribers.Demand = downstreamDemand == .unlimited ? .unlimited : .max(1)
            lock.unlock()
            subscription.request(demand)
        }

        // Goes downstream if it has demand (then the child is asked for one more by what this
        // returns); otherwise it waits in the buffer and the child is asked for nothing.
        fileprivate func receiveInner(_ input: Child.Output, _ index: Int) -> Subscribers.Demand {
            lock.lock()
            if downstreamDemand == .unlimited {
                lock.unlock()
                deliver(input)
                return .none
            }
            if downstreamDemand == .none || innerRecursive {
                buffer.append((index, input))
                lock.unlock()
                return .none
            }
            downstreamDemand -= 1
            lock.unlock()
            let newDemand = deliver(input)
            if newDemand > 0 {
                lock.lock()
                downstreamDemand += newDemand
                lock.unlock()
            }
            return .max(1)
        }

        // A finished child makes room for one more publisher; a failed one ends everything
        // (the upstream stays subscribed, as in OpenCombine).
        fileprivate func receiveInner(completion: Subscribers.Completion<Child.Failure>, _ index: Int) {
            switch completion {
            case .finished:
                lock.lock()
                children.removeAll { $0.index == index }
                let downstreamCompleted = releaseLockThenSendCompletionDownstreamIfNeeded(
                    outerFinished: outerFinished)
                if !downstreamCompleted { requestOneMorePublisher() }
            case .failure:
                lock.lock()
                if cancelledOrCompleted {
                    lock.unlock()
                    return
                }
                cancelledOrCompleted = true
                let children = self.children
                self.children = []
                lock.unlock()
                for child in children where child.index != index { child.subscription.cancel() }
                downstreamLock.lock()
                downstream.receive(completion: completion)
                downstreamLock.unlock()
            }
        }

        @discardableResult
        private func deliver(_ value: Child.Output) -> Subscribers.Demand {
            downstreamLock.lock()
            downstreamRecursive = true
            let demand = downstream.receive(value)
            downstreamRecursive = false
            downstreamLock.unlock()
            return demand
        }

        private func requestOneMorePublisher() {
            guard maxPublishers != .unlimited else { return }
            outerLock.lock()
            lock.lock()
            let outerSubscription = self.outerSubscription
            lock.unlock()
            outerSubscription?.request(.max(1))
            outerLock.unlock()
        }

        // Called with `lock` held; lets it go. Finishes the downstream once the upstream has
        // finished, the buffer is empty and no child is left. Returns whether it did.
        @discardableResult
        private func releaseLockThenSendCompletionDownstreamIfNeeded(outerFinished: Bool) -> Bool {
            guard
                !cancelledOrCompleted && outerFinished && buffer.isEmpty
                    && children.count + pendingSubscriptions == 0
            else {
                lock.unlock()
                return false
            }
            cancelledOrCompleted = true
            lock.unlock()
            downstreamLock.lock()
            downstream.receive(completion: .finished)
            downstreamLock.unlock()
            return true
        }

        // The subscriber each child is given: it tells the outer which child is calling.
        private struct Side: Subscriber, CustomStringConvertible {
            typealias Input = Child.Output

            typealias Failure = Child.Failure

            private let index: Int

            private let inner: Outer

            let combineIdentifier = CombineIdentifier()

            var description: String { "FlatMap" }

            init(index: Int, inner: Outer) {
                self.index = index
                self.inner = inner
            }

            func receive(subscription: Subscription) {
                inner.receiveInner(subscription: subscription, index)
            }

            func receive(_ input: Input) -> Subscribers.Demand {
                inner.receiveInner(input, index)
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                inner.receiveInner(completion: completion, index)
            }
        }
    }
}
