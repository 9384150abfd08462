import Foundation

// MARK: - Demo

// Written against RxSwift's API only: with `import RxSwift` on top, this file compiles and
// prints the same with RxSwift 6.

// `just` delivers everything during `subscribe`; `onDisposed` comes last.
_ = Observable.just(42)
    .map { $0 + 1 }
    .subscribe(
        onNext: { print("just: receive \($0)") },
        onCompleted: { print("just: receive completed") },
        onDisposed: { print("just: onDisposed") })

// The article's demo, the way an app writes it: the subscription goes into a bag, and the
// bag goes away after 2 seconds, as a screen that is closed would take its bag with it.
let observable = Observable<Int>.create { observer in
    print("send 0")
    observer.onNext(0)
    print("send 1")
    observer.onNext(1)
    print("send 2")
    observer.onNext(2)
    print("send 3")
    observer.onNext(3)
    // Swift 6 checks what a Dispatch closure captures; this demo only runs on the main queue.
    nonisolated(unsafe) let observer = observer
    DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
        print("send completed")
        observer.onCompleted()
    }
    return Disposables.create {
        print("dispose")
    }
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
