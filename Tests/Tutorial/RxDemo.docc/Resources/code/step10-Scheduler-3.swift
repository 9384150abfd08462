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
