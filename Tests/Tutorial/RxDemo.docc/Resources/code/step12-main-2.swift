import Foundation

// MARK: - Demo

// Written against RxSwift's API only: with `import RxSwift` on top, this file compiles and
// prints the same with RxSwift 6.

struct RequestFailed: Error {}

// A "network request" that answers when the demo says so. It keeps its observer after it is
// disposed, as a request whose reply is already on its way would: what arrives then is for
// the operator to drop.
nonisolated(unsafe) var pending: [String: AnyObserver<String>] = [:]
func request(_ name: String) -> Observable<String> {
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
}.share()
let a = shared.subscribe(onNext: { print("  a: \($0)") })
let b = shared.subscribe(onNext: { print("  b: \($0)") })
subject.onNext("hello")
a.dispose()
subject.onNext("only b")
b.dispose()
let c = shared.subscribe(onNext: { print("  c: \($0)") })
subject.onNext("after reconnecting")
c.dispose()

print("3. share(replay: 1): a late subscriber gets the latest element first.")
let latest = subject.share(replay: 1)
let first = latest.subscribe(onNext: { print("  first: \($0)") })
subject.onNext("one")
subject.onNext("two")
let late = latest.subscribe(onNext: { print("  late: \($0)") })
subject.onNext("three")
first.dispose()
late.dispose()

print("4. publish() and connect(): nothing flows until the connection starts.")
let published = Observable<Int>.create { observer in
    print("  subscribed to the source")
    observer.onNext(1)
    observer.onNext(2)
    observer.onCompleted()
    return Disposables.create()
}.publish()
let early = published.subscribe(onNext: { print("  early: \($0)") }, onCompleted: { print("  early: completed") })
print("  connect()")
let connection = published.connect()
connection.dispose()
early.dispose()

print("5. ReplaySubject.create(bufferSize: 2): the last two, then what comes next.")
let replay = ReplaySubject<Int>.create(bufferSize: 2)
replay.onNext(1)
replay.onNext(2)
replay.onNext(3)
let replayed = replay.subscribe(onNext: { print("  got \($0)") })
replay.onNext(4)
replayed.dispose()
