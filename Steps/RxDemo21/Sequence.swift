// MARK: - Sequence

extension Publishers {
    // The elements of a sequence, as many at a time as the subscriber asks for, then finished.
    struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        typealias Output = Elements.Element

        let sequence: Elements

        // An empty sequence finishes at once; the subscriber still gets a subscription first.
        func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Failure == Downstream.Failure, Elements.Element == Downstream.Input {
            let inner = Inner(downstream: subscriber, sequence: sequence)
            if inner.isExhausted {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                inner.cancel()
            } else {
                subscriber.receive(subscription: inner)
            }
        }
    }
}

extension Publishers.Sequence {
    // The subscription: it keeps the demand not yet served and sends while there is some.
    // It reads one element ahead, so that it can finish right after the last one without
    // waiting for another request.
    private final class Inner<InnerElements: Swift.Sequence, InnerFailure: Error, Downstream: Subscriber>:
        Subscription, CustomStringConvertible
    where Downstream.Input == InnerElements.Element, Downstream.Failure == InnerFailure {
        typealias Iterator = InnerElements.Iterator
        typealias Element = InnerElements.Element

        // Both let go at the end or on cancel: that is what breaks the cycle with the subscriber.
        private var sequence: InnerElements?
        private var downstream: Downstream?
        private var iterator: Iterator
        private var next: Element?
        private var pendingDemand = Subscribers.Demand.none
        // True while the subscriber's `receive` runs: a request made from there is added to
        // `pendingDemand` for the loop below to serve, instead of starting a loop of its own
        // one stack frame deeper for every element.
        private var recursion = false
        private let lock = UnfairLock()

        init(downstream: Downstream, sequence: InnerElements) {
            self.sequence = sequence
            self.downstream = downstream
            self.iterator = sequence.makeIterator()
            next = iterator.next()
        }

        var isExhausted: Bool {
            next == nil
        }

        // The elements while it runs, "Sequence" once it is over.
        var description: String {
            guard let sequence else { return "Sequence" }
            return String(describing: sequence)
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard downstream != nil else {
                lock.unlock()
                return
            }
            pendingDemand += demand
            // Another thread's request while this one sends only adds to the demand, as a
            // request from inside `receive` does: the loop below serves it.
            if recursion {
                lock.unlock()
                return
            }

            while let downstream = self.downstream, pendingDemand > 0 {
                if let current = self.next {
                    pendingDemand -= 1
                    let next = iterator.next()
                    recursion = true
                    lock.unlock()
                    let additionalDemand = downstream.receive(current)
                    lock.lock()
                    recursion = false
                    pendingDemand += additionalDemand
                    self.next = next
                }

                // Finishes even if `receive` just cancelled: the last value was already out.
                if next == nil {
                    self.downstream = nil
                    self.sequence = nil
                    lock.unlock()
                    downstream.receive(completion: .finished)
                    return
                }
            }
            lock.unlock()
        }

        func cancel() {
            lock.lock()
            downstream = nil
            sequence = nil
            lock.unlock()
        }
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

// MARK: Operators on a sequence publisher, applied to the sequence at once

extension Publishers.Sequence {
    func map<ElementOfResult>(
        _ transform: (Elements.Element) -> ElementOfResult
    ) -> Publishers.Sequence<[ElementOfResult], Failure> {
        .init(sequence: sequence.map(transform))
    }

    func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        .init(sequence: sequence.filter(isIncluded))
    }
}

extension Sequence {
    var publisher: Publishers.Sequence<Self, Never> {
        .init(sequence: self)
    }
}
