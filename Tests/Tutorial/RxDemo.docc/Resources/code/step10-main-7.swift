import Foundation

// MARK: - Demo

// Written against RxSwift's API only: with `import RxSwift` on top, this file compiles and
// prints the same with RxSwift 6.

// 1. The trampoline: work that schedules work runs one item after another, not one inside
// another. A thousand recursive schedules: on the trampoline they never nest; on a scheduler
// that runs each action at once (what `subscribe` was before this step), every one is a
// frame more on the stack.
struct RunsAtOnce: ImmediateSchedulerType {
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        action(state)
    }
}
nonisolated(unsafe) var depth = 0
nonisolated(unsafe) var deepest = 0
func countDown(on scheduler: ImmediateSchedulerType, from count: Int) -> Int {
    depth = 0
    deepest = 0
    func step(_ remaining: Int) -> Disposable {
        depth += 1
        deepest = max(deepest, depth)
        if remaining > 0 { _ = scheduler.schedule(remaining - 1, action: step) }
        depth -= 1
        return Disposables.create()
    }
    _ = scheduler.schedule(count, action: step)
    return deepest
}
print(
    "1000 recursive schedules, deepest nesting: at once \(countDown(on: RunsAtOnce(), from: 1000)),"
        + " on CurrentThreadScheduler \(countDown(on: CurrentThreadScheduler.instance, from: 1000))")

// 2. Virtual time: a HistoricalScheduler runs a minute of timers at once, in order.
// buffer(timeSpan: 3 s, count: 2): an array when two elements are in, or 3 s after the last one.
let scheduler = HistoricalScheduler()
let timed = Observable<Int>.create { observer in
    for (second, value) in [(1, 1), (2, 2), (3, 3), (4, 4), (7, 5)] {
        _ = scheduler.scheduleRelative(value, dueTime: .seconds(second)) { value in
            observer.onNext(value)
            return Disposables.create()
        }
    }
    _ = scheduler.scheduleRelative((), dueTime: .seconds(9)) { _ in
        observer.onCompleted()
        return Disposables.create()
    }
    DispatchQueue.global().async(group: done) {
        start.wait()
        disposable.dispose()
    }
    start.signal()
    start.signal()
    done.wait()
}
print("\(rounds) subscriptions, each completed on one thread while disposed on another:")
print("the dispose closure ran \(counter["dispose closure"]) times, onDisposed \(counter["onDisposed"]) times")
print()

// 2. Two threads call onNext on one subject at once. The lock keeps the subject's state
// whole, but the two deliveries overlap: the grammar says one event at a time, and a debug
// build says so when it happens.
nonisolated(unsafe) let subject = PublishSubject<Int>()
let received = Counter()
let firstIsInside = DispatchSemaphore(value: 0)
let secondIsDone = DispatchSemaphore(value: 0)
nonisolated(unsafe) var order: [Int] = []
let orderLock = NSLock()
let subscription = subject.subscribe(onNext: { value in
    if value == 1 {
        // Hold the first delivery open until the second has been delivered.
        firstIsInside.signal()
        secondIsDone.wait()
    }
    orderLock.lock()
    order.append(value)
    orderLock.unlock()
    received.add("events")
})
let both = DispatchGroup()
DispatchQueue.global().async(group: both) { subject.onNext(1) }
firstIsInside.wait()
DispatchQueue.global().async(group: both) {
    subject.onNext(2)
    secondIsDone.signal()
}
both.wait()
print("onNext(1) on one thread, onNext(2) on another while 1 was being delivered:")
print("the subscriber finished \(order.map(String.init).joined(separator: " before ")), \(received["events"]) events")
subscription.dispose()
