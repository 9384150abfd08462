import Foundation

// MARK: - SerialDispatchQueueScheduler

// Work on a serial Dispatch queue: one item at a time, in the order scheduled. Events that
// `observe(on:)` sends through it keep their order, on the queue's thread.
class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    let queue: DispatchQueue

    init(queue: DispatchQueue, internalSerialQueueName: String = "rx.serial") {
        // A serial queue that targets the given one: serial even when that one is concurrent.
        self.queue = DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue)
    }

    init(internalSerialQueueName: String) {
        self.queue = DispatchQueue(label: internalSerialQueueName)
    }

    // Used by `MainScheduler`, which must run on the main queue itself.
    init(serialQueue: DispatchQueue) {
        self.queue = serialQueue
    }

    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        self.scheduleInternal(state, action: action)
    }

    func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
        -> Disposable
    {
        dispatchQueueSchedule(on: self.queue, state, action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        dispatchQueueScheduleRelative(on: self.queue, state, dueTime: dueTime, action: action)
    }
}

// `async` on a queue, unless disposed before it runs.
func dispatchQueueSchedule<StateType>(
    on queue: DispatchQueue, _ state: StateType, action: @escaping (StateType) -> Disposable
) -> Disposable {
    let cancel = SingleAssignmentDisposable()
    let work = UncheckedBox((state, action))
    queue.async {
        if cancel.isDisposed { return }
        cancel.setDisposable(work.value.1(work.value.0))
    }
    return cancel
}

// `asyncAfter` on a queue, unless disposed before it is due.
func dispatchQueueScheduleRelative<StateType>(
    on queue: DispatchQueue, _ state: StateType, dueTime: RxTimeInterval,
    action: @escaping (StateType) -> Disposable
) -> Disposable {
    let cancel = SingleAssignmentDisposable()
    let work = UncheckedBox((state, action))
    queue.asyncAfter(deadline: .now() + dueTime) {
        if cancel.isDisposed { return }
        cancel.setDisposable(work.value.1(work.value.0))
    }
    return cancel
}

// Carries a value into a Dispatch closure; the scheduler's queue orders every access.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
