// MARK: - ObserverBase

// The base of observers that end: after the first `error` or `completed` nothing more
// reaches `onCore`, whatever the source sends. The flag is atomic: of two terminal events
// from two threads, exactly one gets through.
class ObserverBase<Element>: Disposable, ObserverType {
    private let isStopped = AtomicInt(0)

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if load(self.isStopped) == 0 {
                self.onCore(event)
            }
        case .error, .completed:
            if fetchOr(self.isStopped, 1) == 0 {
                self.onCore(event)
            }
        }
    }

    // What a subclass does with each event that gets through.
    func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    func dispose() {
        self.isStopped = true
    }
}
