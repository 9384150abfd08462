import Foundation

// MARK: - Demo

// Written against RxSwift's API only (and Foundation's threads): with `import RxSwift` on top,
// this file compiles and prints the same with RxSwift 6 in a debug build.

// Counts, from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

// Cold: every subscriber runs the subscribe handler again and gets the whole sequence.
let cold = Observable<Int>.create { observer in
    print("cold: send 1, 2")
    observer.onNext(1)
    observer.onNext(2)
    return Disposables.create()
}
cold.subscribe(onNext: { print("cold a: receive \($0)") }).disposed(by: bag)
cold.subscribe(onNext: { print("cold b: receive \($0)") }).disposed(by: bag)

// Hot: one stream, pushed from outside; a subscriber gets only what comes after it.
let subject = PublishSubject<Int>()
subject.onNext(0)  // nobody is listening: lost
let a = subject.subscribe(
    onNext: { print("hot a: receive \($0)") },
    onCompleted: { print("hot a: receive completed") },
    onDisposed: { print("hot a: onDisposed") })
subject.onNext(1)
subject.subscribe(
    onNext: { print("hot b: receive \($0)") },
    onCompleted: { print("hot b: receive completed") },
    onDisposed: { print("hot b: onDisposed") }
)
.disposed(by: bag)
subject.onNext(2)
a.dispose()  // only a leaves
subject.onNext(3)
print("hasObservers: \(subject.hasObservers)")
subject.onCompleted()
print("hasObservers: \(subject.hasObservers)")
// Too late for the values, not for the end.
_ = subject.subscribe(onCompleted: { print("hot c: receive completed") })

// A current value, sent to each new subscriber first and readable at any time.
let state = BehaviorSubject(value: 10)
state.onNext(11)
state.subscribe(onNext: { print("state: receive \($0)") }).disposed(by: bag)
state.onNext(12)
print("value(): \((try? state.value()) ?? -1)")

// A subject is an observer too: a cold source can feed it.
Observable.just(13).subscribe(state.asObserver()).disposed(by: bag)
print("value() after just(13) completed it: \((try? state.value()) ?? -1)")
