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

// A current value, sent to each new subscriber first and readable at any time.
let state = BehaviorSubject(value: 10)
state.onNext(11)
state.subscribe(onNext: { print("state: receive \($0)") }).disposed(by: bag)
state.onNext(12)
print("value(): \((try? state.value()) ?? -1)")

// A subject is an observer too: a cold source can feed it.
Observable.just(13).subscribe(state.asObserver()).disposed(by: bag)
print("value() after just(13) completed it: \((try? state.value()) ?? -1)")
