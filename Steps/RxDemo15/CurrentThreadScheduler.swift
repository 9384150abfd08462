import Foundation

// MARK: - CurrentThreadScheduler

// The trampoline. The first `schedule` on a thread runs its action at once and then, in a
// loop, whatever that action scheduled in turn; a `schedule` made while one runs only queues
// its action. Work that schedules work therefore runs one item after another instead of one
// inside another, and the stack stays flat however long the chain.
final class CurrentThreadScheduler: ImmediateSchedulerType, @unchecked Sendable {
    static let instance = CurrentThreadScheduler()

    // Two thread-local slots under pthread keys, as RxSwift keeps its flag: a raw pointer per
    // thread, read and written without boxing or casting a value. Every outermost subscribe
    // passes through here, so what a slot costs is what every subscription costs.
    private static let isScheduleRequiredKey = makeKey()
    private static let queueKey = makeKey()

    private static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        guard pthread_key_create(&key, nil) == 0 else { fatalError("pthread_key_create failed") }
        return key
    }

    // First in, first out: the items an action scheduled run in the order it scheduled them.
    final class Queue {
        private var items: [ScheduledItem] = []
        private var head = 0

        func enqueue(_ item: ScheduledItem) { self.items.append(item) }

        func dequeue() -> ScheduledItem? {
            guard self.head < self.items.count else { return nil }
            let item = self.items[self.head]
            self.head += 1
            if self.head == self.items.count {
                self.items.removeAll(keepingCapacity: true)
                self.head = 0
            }
            return item
        }
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

    // True when nothing runs on this thread's trampoline: the next `schedule` runs at once.
    // Any pointer that is not nil means "running"; what it points to is never read.
    private(set) static var isScheduleRequired: Bool {
        get { pthread_getspecific(isScheduleRequiredKey) == nil }
        set { pthread_setspecific(isScheduleRequiredKey, newValue ? nil : UnsafeRawPointer(bitPattern: 1)) }
    }

    // The queue exists only once an action scheduled something while the trampoline ran; the
    // slot holds one retain of it.
    private static var queue: Queue? {
        get { pthread_getspecific(queueKey).map { Unmanaged<Queue>.fromOpaque($0).takeUnretainedValue() } }
        set {
            if let old = pthread_getspecific(queueKey) { Unmanaged<Queue>.fromOpaque(old).release() }
            pthread_setspecific(queueKey, newValue.map { UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque()) })
        }
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        guard Self.isScheduleRequired else {
            let item = ScheduledItem { action(state) }
            if let queue = Self.queue {
                queue.enqueue(item)
            } else {
                let queue = Queue()
                queue.enqueue(item)
                Self.queue = queue
            }
            return item
        }
        Self.isScheduleRequired = false
        defer {
            Self.isScheduleRequired = true
            Self.queue = nil
        }
        let disposable = action(state)
        guard let queue = Self.queue else { return disposable }
        while let item = queue.dequeue() {
            if !item.isDisposed { item.invoke() }
        }
        return disposable
    }
}
