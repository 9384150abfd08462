import Foundation

// MARK: - CurrentThreadScheduler

// The trampoline. The first `schedule` on a thread runs its action at once and then, in a
// loop, whatever that action scheduled in turn; a `schedule` made while one runs only queues
// its action. Work that schedules work therefore runs one item after another instead of one
// inside another, and the stack stays flat however long the chain.
final class CurrentThreadScheduler: ImmediateSchedulerType, @unchecked Sendable {
    static let instance = CurrentThreadScheduler()

    // One queue per thread, kept in the thread's dictionary; none while nothing runs.
    private static let queueKey = "RxDemo.CurrentThreadScheduler.queue"

    final class Queue {
        var items: [ScheduledItem] = []
    }

    final class ScheduledItem: Disposable {
        private let run: () -> Disposable
        private let disposable = SingleAssignmentDisposable()

        init(_ run: @escaping () -> Disposable) {
            self.run = run
        }

        func invoke() {
            self.disposable.setDisposable(self.run())
        }

        var isDisposed: Bool { self.disposable.isDisposed }

        func dispose() {
            self.disposable.dispose()
        }
    }

    private static var queue: Queue? {
        get { Thread.current.threadDictionary[queueKey] as? Queue }
        set { Thread.current.threadDictionary[queueKey] = newValue }
    }

    // True when nothing runs on this thread's trampoline: the next `schedule` runs at once.
    static var isScheduleRequired: Bool { queue == nil }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if let queue = Self.queue {
            let item = ScheduledItem { action(state) }
            queue.items.append(item)
            return item
        }
        let queue = Queue()
        Self.queue = queue
        defer { Self.queue = nil }
        let disposable = action(state)
        while !queue.items.isEmpty {
            let item = queue.items.removeFirst()
            if !item.isDisposed { item.invoke() }
        }
        return disposable
    }
}
