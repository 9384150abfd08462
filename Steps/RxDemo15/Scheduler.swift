import Foundation

// MARK: - Scheduler

// RxSwift's units of time: a wall-clock date, and Dispatch's intervals.
typealias RxTime = Date
typealias RxTimeInterval = DispatchTimeInterval

// Something that runs work: now, or as soon as it can. `action` returns what cancels
// whatever it started, and `schedule` returns what cancels the action itself.
protocol ImmediateSchedulerType {
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

// A scheduler with a clock: work can wait until a time has passed.
protocol SchedulerType: ImmediateSchedulerType {
    var now: RxTime { get }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable
}

extension DispatchTimeInterval {
    // Seconds, as a `TimeInterval`; `.never` is infinite.
    var seconds: TimeInterval {
        switch self {
        case .seconds(let value): TimeInterval(value)
        case .milliseconds(let value): TimeInterval(value) / 1_000
        case .microseconds(let value): TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): TimeInterval(value) / 1_000_000_000
        case .never: .infinity
        @unknown default: .infinity
        }
    }
}
