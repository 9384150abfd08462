import Foundation

// MARK: - HistoricalScheduler

// Virtual time in dates and seconds: the `VirtualTimeScheduler` a test uses without RxTest.
struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType {
    typealias VirtualTimeUnit = RxTime
    typealias VirtualTimeIntervalUnit = TimeInterval

    func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
    func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval { virtualTimeInterval }
    func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> TimeInterval { timeInterval.seconds }

    func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime {
        time.addingTimeInterval(offset)
    }

    func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }
}

final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
    init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
