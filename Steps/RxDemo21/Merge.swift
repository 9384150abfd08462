// MARK: - Merge

extension Publisher {
    // Step 12's Observable.merge, under demand: the elements of both publishers, in the order
    // they come, and finished once both have finished.
    func merge<Other: Publisher>(with other: Other) -> Publishers.Merge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.Merge(self, other)
    }

    // OpenCombine's overload for a publisher of the same type: Swift picks it over the one
    // above, so a program that merges two of a kind gets a MergeMany, as it does there.
    func merge(with other: Self) -> Publishers.MergeMany<Self> {
        Publishers.MergeMany(self, other)
    }
}

extension Publishers {
    struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        typealias Output = A.Output

        typealias Failure = A.Failure

        let a: A

        let b: B

        init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        // The subscriber gets its subscription first, then each publisher is subscribed in
        // order, through a side that knows its number.
        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let merger = Merger(downstream: subscriber, count: 2)
            subscriber.receive(subscription: merger)
            a.subscribe(Merger.Side(index: 0, merger: merger))
            b.subscribe(Merger.Side(index: 1, merger: merger))
        }
    }

    // Any number of publishers of one type, merged by one Merger.
    struct MergeMany<Upstream: Publisher>: Publisher {
        typealias Output = Upstream.Output

        typealias Failure = Upstream.Failure

        let publishers: [Upstream]

        init(_ upstream: Upstream...) {
            publishers = upstream
        }

        init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let merger = Merger(downstream: subscriber, count: publishers.count)
            subscriber.receive(subscription: merger)
            for (index, publisher) in publishers.enumerated() {
                publisher.subscribe(Merger.Side(index: index, merger: merger))
            }
        }

        func merge(with other: Upstream) -> MergeMany<Upstream> {
            MergeMany(publishers + [other])
        }
    }
}

extension Publishers {
    // The subscription of the merged stream, and, through its sides, the subscriber of every
    // publisher. Each publisher is asked for one element at a time (all of them once the
    // subscriber asks for `.unlimited`); an element that comes while the subscriber asks for
    // nothing waits in its publisher's one slot.
    final class Merger<Downstream: Subscriber>: Subscription, CustomStringConvertible {
        typealias Input = Downstream.Input

        typealias Failure = Downstream.Failure

        private let downstream: Downstream

        // What the subscriber asked for and has not received.
        private var demand = Subscribers.Demand.none

        private var terminated = false

        private let count: Int

        private var upstreamFinished = 0

        private var finished = false

        // Per publisher: its subscription, and the one element it sent that nobody asked for.
        private var subscriptions: [Subscription?]

        private var buffers: [Input?]

        private let lock = UnfairLock()

        // Held around every call to the subscriber: two publishers may send at once.
        private let downstreamLock = UnfairRecursiveLock()

        // True while the subscriber is being called: a request from inside it is kept in
        // `pending` and counted when the call returns.
        private var recursive = false

        private var pending = Subscribers.Demand.none

        init(downstream: Downstream, count: Int) {
            self.downstream = downstream
            self.count = count
            subscriptions = Array(repeating: nil, count: count)
            buffers = Array(repeating: nil, count: count)
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard !terminated, !finished, demand != .none, self.demand != .unlimited else {
                lock.unlock()
                return
            }
            guard !recursive else {
                pending += demand
                lock.unlock()
                return
            }
            if demand == .unlimited {
                requestEverything()
            } else {
                requestSome(demand)
            }
        }

        // Called with the lock held. The slots go down, then every publisher is asked for
        // everything (or the subscriber finishes, if they all have).
        private func requestEverything() {
            demand = .unlimited
            let waiting = buffers
            buffers = Array(repeating: nil, count: waiting.count)
            let subscriptions = self.subscriptions
            let allFinished = upstreamFinished == count
            lock.unlock()
            for case let input? in waiting {
                _ = callingDownstream { $0.receive(input) }
            }
            if allFinished {
                becomeTerminal()
                callingDownstream { $0.receive(completion: .finished) }
            } else {
                for subscription in subscriptions {
                    subscription?.request(.unlimited)
                }
            }
        }

        // Called with the lock held. The slots go down in the publishers' order as far as the
        // demand goes; each publisher whose slot was emptied is asked for one more.
        private func requestSome(_ added: Subscribers.Demand) {
            demand += added
            var sending: [Input] = []
            var askAgain: [Subscription?] = []
            for (index, slot) in buffers.enumerated() {
                guard demand != .none else { break }
                guard let input = slot else { continue }
                buffers[index] = nil
                if demand != .unlimited {
                    demand -= 1
                }
                sending.append(input)
                askAgain.append(subscriptions[index])
            }
            let finishesNow = upstreamFinished == count && buffers.allSatisfy { $0 == nil }
            if finishesNow { finished = true }
            lock.unlock()
            var more = Subscribers.Demand.none
            for input in sending {
                more += callingDownstream { $0.receive(input) }
            }
            lock.lock()
            more += pending
            pending = .none
            lock.unlock()
            if finishesNow {
                becomeTerminal()
                callingDownstream { $0.receive(completion: .finished) }
            } else {
                if more != .none {
                    lock.lock()
                    demand += more
                    lock.unlock()
                }
                for subscription in askAgain {
                    subscription?.request(.max(1))
                }
            }
        }

        func cancel() {
            becomeTerminal()
        }

        // From publisher `index`: a second subscription, or one after the end, is cancelled.
        func receive(subscription: Subscription, _ index: Int) {
            lock.lock()
            guard !terminated, subscriptions[index] == nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            subscriptions[index] = subscription
            let asked = demand == .unlimited ? demand : .max(1)
            lock.unlock()
            subscription.request(asked)
        }

        // An element goes down if the subscriber asked for one, and its publisher is asked
        // for the next; otherwise it waits in its publisher's slot.
        func receive(_ input: Input, _ index: Int) -> Subscribers.Demand {
            lock.lock()
            guard demand != .unlimited else {
                lock.unlock()
                return callingDownstream { $0.receive(input) }
            }
            if demand == .none {
                buffers[index] = input
                lock.unlock()
                return .none
            }
            lock.unlock()
            let more = callingDownstream { $0.receive(input) }
            lock.lock()
            demand = more + pending + demand - 1
            pending = .none
            lock.unlock()
            return .max(1)
        }

        // Finished when every publisher has finished and no slot holds an element; a failure
        // from any publisher cancels the others and goes down at once.
        func receive(completion: Subscribers.Completion<Failure>, _ index: Int) {
            switch completion {
            case .finished:
                lock.lock()
                upstreamFinished += 1
                subscriptions[index] = nil
                guard upstreamFinished == count, buffers.allSatisfy({ $0 == nil }) else {
                    lock.unlock()
                    return
                }
                finished = true
                lock.unlock()
                becomeTerminal()
                callingDownstream { $0.receive(completion: .finished) }
            case .failure:
                lock.lock()
                let wasTerminated = terminated
                lock.unlock()
                guard !wasTerminated else { return }
                becomeTerminal()
                callingDownstream { $0.receive(completion: completion) }
            }
        }

        @discardableResult
        private func callingDownstream<Result>(_ call: (Downstream) -> Result) -> Result {
            lock.lock()
            recursive = true
            lock.unlock()
            downstreamLock.lock()
            let result = call(downstream)
            downstreamLock.unlock()
            lock.lock()
            recursive = false
            lock.unlock()
            return result
        }

        // Every publisher's subscription cancelled, with the lock let go.
        private func becomeTerminal() {
            lock.lock()
            terminated = true
            let subscriptions = self.subscriptions
            self.subscriptions = Array(repeating: nil, count: subscriptions.count)
            buffers = Array(repeating: nil, count: buffers.count)
            lock.unlock()
            for subscription in subscriptions {
                subscription?.cancel()
            }
        }

        var description: String { "Merge" }
    }
}

extension Publishers.Merger {
    // What each publisher is subscribed with: its calls carry its number to the Merger.
    struct Side: Subscriber, CustomStringConvertible {
        let index: Int

        let merger: Publishers.Merger<Downstream>

        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            merger.receive(subscription: subscription, index)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            merger.receive(input, index)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            merger.receive(completion: completion, index)
        }

        var description: String { "Merge" }
    }
}
