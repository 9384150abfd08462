import Foundation

// MARK: - Demo

// Written against RxSwift's API only (and Foundation's threads): with `import RxSwift` on top,
// this file compiles and prints the same with RxSwift 6 in a debug build.

// Counts, from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func add(_ name: String) {
        lock.lock()
        counts[name, default: 0] += 1
        lock.unlock()
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

// A subject is an observer too: a cold source can feed it.
Observable.just(13).subscribe(state.asObserver()).disposed(by: bag)
print("value() after just(13) completed it: \((try? state.value()) ?? -1)")
