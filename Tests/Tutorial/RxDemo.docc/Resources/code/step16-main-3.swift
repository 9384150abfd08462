// MARK: - Demo

// Prints every call it gets, and asks for one value at a time: by what `receive` returns,
// or by calling `request` from inside `receive`.
final class OneAtATime: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    let requestsInsideReceive: Bool
    private var subscription: Subscription?
    private var depth = 0  // how many `receive` calls are on the stack

    init(requestsInsideReceive: Bool = false) {
        self.requestsInsideReceive = requestsInsideReceive
    }

    func receive(subscription: Subscription) {
        print("  receive(subscription: \(subscription)), request(.max(1))")
        self.subscription = subscription
        subscription.request(.max(1))
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
