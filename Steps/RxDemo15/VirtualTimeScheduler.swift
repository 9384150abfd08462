import Foundation

// MARK: - VirtualTimeScheduler

enum VirtualTimeComparison {
    case lessThan
    case equal
    case greaterThan
}

// How a virtual clock's units map to dates and intervals.
protocol VirtualTimeConverterType {
    associatedtype VirtualTimeUnit
    associatedtype VirtualTimeIntervalUnit

    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> VirtualTimeIntervalUnit
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

// A scheduler whose clock moves only when it runs the next due item: time-based code runs at
// once, in a fixed order, with no sleeping. Items due at the same time run in the order they
// were scheduled. (Single-threaded: `start` runs on the caller's thread.)
class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType {
    typealias VirtualTime = Converter.VirtualTimeUnit
    typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private final class Item: Disposable {
        let time: VirtualTime
        let id: Int
        let action: () -> Disposable
        let disposable = SingleAssignmentDisposable()

        init(time: VirtualTime, id: Int, action: @escaping () -> Disposable) {
            self.time = time
            self.id = id
            self.action = action
        }

        func dispose() { self.disposable.dispose() }
    }

    private(set) var clock: VirtualTime
    private let converter: Converter
    private var running = false
    // The earliest first; of two due at the same time, the one scheduled first.
    private var items: PriorityQueue<Item>
    private var nextId = 0

    init(initialClock: VirtualTime, converter: Converter) {
        self.clock = initialClock
        self.converter = converter
        self.items = PriorityQueue { first, second in
            switch converter.compareVirtualTime(first.time, second.time) {
            case .lessThan: true
            case .equal: first.id < second.id
            case .greaterThan: false
            }
        }
    }

    var now: RxTime { self.converter.convertFromVirtualTime(self.clock) }

    var isEnabled: Bool { self.running }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        self.scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        self.scheduleRelativeVirtual(
            state, dueTime: self.converter.convertToVirtualTimeInterval(dueTime), action: action)
    }

    func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        self.scheduleAbsoluteVirtual(
            state, time: self.converter.offsetVirtualTime(self.clock, offset: dueTime), action: action)
    }

    func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let item = Item(time: time, id: self.nextId) { action(state) }
        self.nextId += 1
        self.items.enqueue(item)
        return item
    }

    // Runs every item, the next due first, moving the clock to each one's time.
    func start() {
        if self.running { return }
        self.running = true
        while self.running, let next = self.takeNext(until: nil) {
            self.advanceClock(to: next.time)
            next.disposable.setDisposable(next.action())
        }
        self.running = false
    }

    func stop() {
        self.running = false
    }

    // Runs what is due up to `virtualTime`, then sets the clock to it.
    func advanceTo(_ virtualTime: VirtualTime) {
        if self.running { fatalError("Scheduler is already running") }
        self.running = true
        while self.running, let next = self.takeNext(until: virtualTime) {
            self.advanceClock(to: next.time)
            next.disposable.setDisposable(next.action())
        }
        self.advanceClock(to: virtualTime)
        self.running = false
    }

    // Moves the clock on without running anything.
    func sleep(_ virtualInterval: VirtualTimeInterval) {
        self.clock = self.converter.offsetVirtualTime(self.clock, offset: virtualInterval)
    }

    private func advanceClock(to time: VirtualTime) {
        if self.converter.compareVirtualTime(time, self.clock) == .greaterThan { self.clock = time }
    }

    // The earliest item not disposed (by time, then by order of scheduling), removed; disposed
    // items are dropped as they come to the front.
    private func takeNext(until limit: VirtualTime?) -> Item? {
        while let next = self.items.peek(), next.disposable.isDisposed { _ = self.items.dequeue() }
        guard let next = self.items.peek() else { return nil }
        if let limit, self.converter.compareVirtualTime(next.time, limit) == .greaterThan { return nil }
        return self.items.dequeue()
    }
}
