import Foundation

// MARK: - Demo

// Written against RxSwift's API only: with `import RxSwift` on top, this file compiles and
// prints the same with RxSwift 6.

// A "network request": every subscription runs the generator, so two subscribers make two
// requests, until `share()` makes them one.
nonisolated(unsafe) var requests = 0
func request() -> Observable<String> {
    Observable<String>.create { observer in
        requests += 1
        let number = requests
        print("  request #\(number) starts")
        observer.onNext("reply #\(number)")
        return Disposables.create { print("  request #\(number) is disposed") }
    }
}

print("1. Two subscribers, no share: the generator runs twice.")
let cold = request()
let coldA = cold.subscribe(onNext: { print("  a: \($0)") })
let coldB = cold.subscribe(onNext: { print("  b: \($0)") })
coldA.dispose()
coldB.dispose()

print("2. share(): one subscription to the source for both; the last to leave disconnects it.")
requests = 0
let subject = PublishSubject<String>()
let shared = Observable<String>.create { observer in
    requests += 1
    let number = requests
    print("  connection #\(number) starts")
    let inner = subject.subscribe(observer)
    return Disposables.create {
        inner.dispose()
        print("  connection #\(number) is disposed")
    }
    return Disposables.create()
}
_ = timed.buffer(timeSpan: .seconds(3), count: 2, scheduler: scheduler)
    .subscribe(
        onNext: { print("t=\(Int(scheduler.now.timeIntervalSince1970)) buffer \($0)") },
        onCompleted: { print("t=\(Int(scheduler.now.timeIntervalSince1970)) completed") })
scheduler.start()

// 3. Threads: the subscribe handler runs on a worker queue (subscribe(on:)), the events reach
// the subscriber on the main queue (observe(on:)). A command-line program must hand its main
// thread to the main queue: `RunLoop.main.run()` does, on macOS and on Linux, as an app's run
// loop does. (Linux's `dispatchMain()` would run the main queue on another thread.)
let worker = SerialDispatchQueueScheduler(internalSerialQueueName: "worker")
_ = Observable<Int>.create { observer in
    print("the subscribe handler runs on the main thread: \(Thread.isMainThread)")
    observer.onNext(1)
    observer.onNext(2)
    observer.onCompleted()
    return Disposables.create()
}
.subscribe(on: worker)
.observe(on: MainScheduler.instance)
.subscribe(
    onNext: { print("receive \($0) on the main thread: \(Thread.isMainThread)") },
    onCompleted: {
        print("completed on the main thread: \(Thread.isMainThread)")
        exit(0)
    })
RunLoop.main.run()
