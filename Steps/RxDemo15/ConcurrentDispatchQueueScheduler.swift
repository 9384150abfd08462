import Foundation

// MARK: - ConcurrentDispatchQueueScheduler

// Work on a concurrent Dispatch queue: items may run at the same time, on different threads.
// Right for `subscribe(on:)`; for `observe(on:)` it gives no order between events.
class ConcurrentDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    convenience init(qos: DispatchQoS) {
        self.init(queue: DispatchQueue(label: "rxswift.queue.\(qos)", qos: qos, attributes: .concurrent))
    }

    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        dispatchQueueSchedule(on: self.queue, state, action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        dispatchQueueScheduleRelative(on: self.queue, state, dueTime: dueTime, action: action)
    }
}
