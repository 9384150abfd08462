// The act's six programs in Rx's push model, against RxSwift 6.10.2.
import RxSwift

// 1. A slow subscriber: it can take two elements now.
func slowSubscriber() {
    let source = Observable<Int>.create { observer in
        for n in 1...5 {
            print("sent \(n)")
            observer.onNext(n)
        }
        observer.onCompleted()
        return Disposables.create()
    }
    // There is no way to say "two for now": the subscriber gets whatever is sent.
    _ = source.subscribe(onNext: { print("got \($0)") }, onCompleted: { print("completed") })
}

// 2. share: B subscribes after the first element and can take one. Each one's events are
// printed together at the end (OpenCombine tells its subscribers in an order that varies).
func share() {
    var log: [String: [String]] = [:]
    let subject = PublishSubject<Int>()
    let shared = subject.map { n -> Int in
        log["map", default: []].append("\(n)")
        return n
    }.share()
    _ = shared.subscribe(
        onNext: { log["A", default: []].append("\($0)") }, onCompleted: { log["A", default: []].append("completed") })
    subject.onNext(1)
    _ = shared.subscribe(
        onNext: { log["B", default: []].append("\($0)") }, onCompleted: { log["B", default: []].append("completed") })
    subject.onNext(2)
    subject.onNext(3)
    subject.onCompleted()
    for who in ["map", "A", "B"] { print("\(who): " + (log[who] ?? []).joined(separator: ", ")) }
}

// 3. A flatMap of requests: each id starts a request, answered when the program says so.
func flatMapOfRequests() {
    var pending: [(id: Int, observer: AnyObserver<String>)] = []
    func request(_ id: Int) -> Observable<String> {
        Observable.create { observer in
            print("start \(id)")
            pending.append((id, observer))
            return Disposables.create()
        }
    }
    _ = Observable.from([1, 2, 3]).flatMap { request($0) }
        .subscribe(onNext: { print("got \($0)") }, onCompleted: { print("completed") })
    while !pending.isEmpty {
        let (id, observer) = pending.removeFirst()
        observer.onNext("response \(id)")
        observer.onCompleted()
    }
}

// 4. A full buffer: five elements at once, to a subscriber that can take one now.
func fullBuffer() {
    let subject = PublishSubject<Int>()
    // Rx has no bounded buffer between the two: every element is delivered as it is sent.
    _ = subject.subscribe(onNext: { print("got \($0)") })
    for n in 1...5 {
        print("send \(n)")
        subject.onNext(n)
    }
}

// 5. Latest only: a new query replaces the request of the one before.
func latestOnly() {
    let queries = PublishSubject<String>()
    var pending: [String: AnyObserver<String>] = [:]
    func search(_ query: String) -> Observable<String> {
        Observable.create { observer in
            print("start \(query)")
            pending[query] = observer
            return Disposables.create { print("cancel \(query)") }
        }
    }
    let subscription = queries.flatMapLatest { search($0) }.subscribe(onNext: { print("got \($0)") })
    queries.onNext("a")
    queries.onNext("ab")
    print("answer a")
    pending["a"]?.onNext("results for a")
    print("answer ab")
    pending["ab"]?.onNext("results for ab")
    subscription.dispose()
}

// 6. A subject fed faster than it is read: three elements, a subscriber that takes one now.
func subjectFedFast() {
    let subject = PublishSubject<Int>()
    _ = subject.subscribe(onNext: { print("got \($0)") })
    for n in 1...3 {
        print("send \(n)")
        subject.onNext(n)
    }
}

for (name, program) in [
    ("slow subscriber", slowSubscriber), ("share", share), ("flatMap of requests", flatMapOfRequests),
    ("full buffer", fullBuffer), ("latest only", latestOnly), ("subject fed fast", subjectFedFast),
] {
    print("== \(name)")
    program()
}
