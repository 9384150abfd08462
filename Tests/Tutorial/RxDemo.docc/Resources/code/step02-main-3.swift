import Foundation

// MARK: - Test

let observable = Observable<Int> { (observer) -> Disposable in
    print("send 0")
    observer.on(event: .next(0))
    print("send 1")
    observer.on(event: .next(1))
    print("send 2")
    observer.on(event: .next(2))
    print("send 3")
    observer.on(event: .next(3))
    print("send completed")
    observer.on(event: .completed)
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

observable.subscribe(observer: observer)
