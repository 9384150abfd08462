import Foundation

// MARK: - Test

let observable = Observable<Int>.create { (observer) -> Disposable in  // observer wraps an AnonymousObserver
    print("send 0")
    observer.on(event: .next(0))
    print("send 1")
    observer.on(event: .next(1))
    print("send 2")
    observer.on(event: .next(2))
    print("send 3")
    observer.on(event: .next(3))
    // Deviation: Swift 6 checks what a Dispatch closure captures; this demo only runs on the main queue.
    nonisolated(unsafe) let observer = observer
    DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
        print("send completed")
        observer.on(event: .completed)
    }
    return AnonymousDisposable {
        print("dispose")
    }
}

// Deviation: the article prints "recive"; the demos spell it "receive".
let observer = Observer<Int> { (event) in
    switch event {
    case .next(let value):
        print("receive \(value)")
    case .error(let error):
        print("receive \(error)")
    case .completed:
        print("receive completed")
    }
}

// Deviation: `nonisolated(unsafe)` for the same Swift 6 capture check as above.
nonisolated(unsafe) let disposable = observable.map { $0 * 2 }.map { $0 + 1 }.subscribe(observer: observer)

DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
    disposable.dispose()
}

// Deviation: a playground keeps running by itself; a command-line demo parks the main
// thread in `dispatchMain()` for the timers and quits just after the last one.
DispatchQueue.main.asyncAfter(deadline: .now() + 3.1) {
    exit(0)
}
dispatchMain()
