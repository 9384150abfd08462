import Foundation

// MARK: - Demo

// Written against RxSwift's API only: with `import RxSwift` on top, this file compiles and
// prints the same with RxSwift 6.

let bag = DisposeBag()

// Cold: every subscriber runs the subscribe handler again and gets the whole sequence.
let cold = Observable<Int>.create { observer in
    print("cold: send 1, 2")
    observer.onNext(1)
    observer.onNext(2)
    return Disposables.create()
}

// `nonisolated(unsafe)` for the same Swift 6 capture check as above.
nonisolated(unsafe) var bag: DisposeBag? = DisposeBag()

observable.map { $0 * 2 }.map { $0 + 1 }
    .subscribe(
        onNext: { print("receive \($0)") },
        onError: { print("receive \($0)") },
        onCompleted: { print("receive completed") },
        onDisposed: { print("onDisposed") }
    )
    .disposed(by: bag!)

DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
    bag = nil
}

// A command-line demo parks the main thread in `dispatchMain()` for the timers and quits
// just after the last one.
DispatchQueue.main.asyncAfter(deadline: .now() + 3.1) {
    exit(0)
}
dispatchMain()
