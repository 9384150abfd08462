// MARK: - AsyncLock

// Runs actions one at a time without ever blocking: an action that arrives while another is
// running (on this thread, from inside it, or on another) is queued, and the thread that is
// running drains the queue before it returns. `retry` needs it: a source that fails during
// its own `subscribe` asks for the next attempt from inside the current one, and that attempt
// must start after the current one has returned, not inside it.
final class AsyncLock: Disposable, @unchecked Sendable {
    private let lock = RecursiveLock()
    private var queue: [() -> Void] = []
    private var isExecuting = false
    private var hasFaulted = false

    private func enqueue(_ action: @escaping () -> Void) -> (() -> Void)? {
        self.lock.performLocked {
            if self.hasFaulted { return nil }
            if self.isExecuting {
                self.queue.append(action)
                return nil
            }
            self.isExecuting = true
            return action
        }
    }

    private func dequeue() -> (() -> Void)? {
        self.lock.performLocked {
            if self.queue.isEmpty {
                self.isExecuting = false
                return nil
            }
            return self.queue.removeFirst()
        }
    }

    func invoke(_ action: @escaping () -> Void) {
        guard let first = self.enqueue(action) else { return }
        first()
        while let next = self.dequeue() {
            next()
        }
    }

    // Drops what is queued and refuses anything more.
    func dispose() {
        self.lock.performLocked {
            self.queue = []
            self.hasFaulted = true
        }
    }
}
