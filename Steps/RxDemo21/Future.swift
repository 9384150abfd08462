// MARK: - Future

// Runs its work once, when it is created, and keeps the result for every subscriber, past
// and future. A value still waits for each subscriber's demand; a failure does not.
final class Future<Output, Failure: Error>: Publisher {
    typealias Promise = (Result<Output, Failure>) -> Void

    // The subscriptions waiting for the result, each told once, in the order they came.
    // OpenCombine keeps them in a set, whose order changes from run to run; an order of its
    // own makes a trace the same every time.
    private var downstreams: [(conduit: ObjectIdentifier, fulfill: (Result<Output, Failure>) -> Void)] = []

    private var result: Result<Output, Failure>?

    private let lock = UnfairLock()

    init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill(self.promise)
    }

    // Only the first call counts. Each waiting subscription gets the result now if it has
    // demand; one without demand keeps waiting, and gets it from `request`.
    private func promise(_ result: Result<Output, Failure>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        let downstreams = self.downstreams
        self.downstreams = []
        lock.unlock()
        for downstream in downstreams {
            downstream.fulfill(result)
        }
    }

    // A subscriber that comes after the result still gets it: a failure at once, a value
    // on its first request.
    func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Output == Downstream.Input, Failure == Downstream.Failure {
        let conduit = Conduit(parent: self, downstream: subscriber)
        lock.lock()
        downstreams.append((ObjectIdentifier(conduit), conduit.fulfill))
        let result = self.result
        lock.unlock()
        subscriber.receive(subscription: conduit)
        if let result {
            conduit.fulfill(result)
        }
    }

    private func disassociate(_ conduit: AnyObject) {
        lock.lock()
        downstreams.removeAll { $0.conduit == ObjectIdentifier(conduit) }
        lock.unlock()
    }

    // The result once the promise was kept; read by a conduit's first request.
    private var fulfilled: Result<Output, Failure>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}

extension Future {
    // One subscriber's subscription. It holds the future until it is done, and the future
    // holds it back while it waits: done, cancelled or sent, it takes itself off.
    private final class Conduit<Downstream: Subscriber>: Subscription, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private enum State {
            case active(Downstream, hasAnyDemand: Bool)
            case terminal
        }

        private var parent: Future?

        private var state: State

        private let lock = UnfairLock()

        // Held while the downstream is told: a request from another thread then waits for the
        // value and the completion to be out. Recursive: the downstream may call back in.
        private let downstreamLock = UnfairRecursiveLock()

        init(parent: Future, downstream: Downstream) {
            self.parent = parent
            self.state = .active(downstream, hasAnyDemand: false)
        }

        private func send(_ result: Result<Output, Failure>, to downstream: Downstream) {
            switch result {
            case .success(let output):
                _ = downstream.receive(output)
                downstream.receive(completion: .finished)
            case .failure(let error):
                downstream.receive(completion: .failure(error))
            }
        }

        // From the promise, or at subscription when the result was already there.
        func fulfill(_ result: Result<Output, Failure>) {
            lock.lock()
            guard case .active(let downstream, let hasAnyDemand) = state else {
                lock.unlock()
                return
            }
            if case .success = result, !hasAnyDemand {
                lock.unlock()
                return
            }
            state = .terminal
            lock.unlock()
            downstreamLock.lock()
            send(result, to: downstream)
            downstreamLock.unlock()
            lock.lock()
            let parent = self.parent
            self.parent = nil
            lock.unlock()
            parent?.disassociate(self)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard case .active(let downstream, hasAnyDemand: _) = state else {
                lock.unlock()
                return
            }
            state = .active(downstream, hasAnyDemand: true)
            guard let parent = parent, let result = parent.fulfilled else {
                lock.unlock()
                return
            }
            state = .terminal
            lock.unlock()
            downstreamLock.lock()
            send(result, to: downstream)
            downstreamLock.unlock()
            parent.disassociate(self)
        }

        func cancel() {
            lock.lock()
            guard case .active = state else {
                lock.unlock()
                return
            }
            state = .terminal
            let parent = self.parent
            self.parent = nil
            lock.unlock()
            parent?.disassociate(self)
        }

        var description: String { "Future" }
    }
}
