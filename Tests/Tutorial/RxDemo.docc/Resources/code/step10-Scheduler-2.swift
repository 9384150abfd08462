import Foundation

// MARK: - Scheduler

// RxSwift's units of time: a wall-clock date, and Dispatch's intervals.
typealias RxTime = Date
typealias RxTimeInterval = DispatchTimeInterval
