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

    subscript(name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[name, default: 0]
    }
}

// 1. A reply completes on one thread while the screen disposes on another, at the same
// moment, a thousand times. Each subscription must end exactly once.
let counter = Counter()
let rounds = 1000
for _ in 0..<rounds {
    // Swift 6 checks what a Dispatch closure captures; the semaphores below order every access.
    nonisolated(unsafe) var source: AnyObserver<Int>? = nil
    let observable = Observable<Int>.create { observer in
        source = observer
        return Disposables.create { counter.add("dispose closure") }
    }
    nonisolated(unsafe) let disposable = observable.subscribe(onDisposed: { counter.add("onDisposed") })
    nonisolated(unsafe) let reply = source!
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) {
        start.wait()
        reply.onCompleted()
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
