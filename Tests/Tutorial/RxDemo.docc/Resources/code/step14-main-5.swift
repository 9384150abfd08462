import Foundation

// MARK: - Demo

// The app the MVVM article ends in, on virtual time: `SharingScheduler.mock` makes every
// Driver and Signal deliver on a HistoricalScheduler, and the network replies at the times
// the demo says. With `import RxSwift` and `import RxCocoa` on top, the parts that use only
// their API (1 and 2) compile and print the same with RxSwift 6.

// What the demo watches being freed, without keeping it.
final class Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
}

struct Offline: Error, CustomDebugStringConvertible {
    var debugDescription: String { "Offline" }
}

print("1. Driver: an error becomes an element, delivery waits for the scheduler, late subscribers get the latest.")
let clock = HistoricalScheduler()
SharingScheduler.mock(scheduler: clock) {
    let subject = PublishSubject<Int>()
    let driver = subject.asDriver(onErrorJustReturn: -1)
    let first = driver.drive(onNext: { print("  first: \($0)") }, onCompleted: { print("  first: completed") })
    subject.onNext(1)
    print("  (sent 1; the driver delivers when the scheduler runs)")
    clock.start()
    _ = driver.drive(onNext: { print("  late: \($0)") })
    clock.start()
    subject.onError(Offline())
    clock.start()
    first.dispose()
}
_ = cached("avatar").subscribe(onSuccess: { print("  found \($0)") }, onCompleted: { print("  not cached") })
_ = cached("banner").subscribe(onSuccess: { print("  found \($0)") }, onCompleted: { print("  not cached") })
let save = Completable.create { completable in
    print("  saving")
    completable(.completed)
    return Disposables.create()
}
_ = save.subscribe(onCompleted: { print("  saved") }, onError: { print("  not saved: \($0)") })

print("6. flatMap on Single: the second request starts when the first replies.")
_ = request("user list").flatMap { users in request("details of \(users)") }
    .subscribe(onSuccess: { print("  shows \($0)") })
reply("user list", "user 1")
reply("details of user 1", "Ada, user 1")

print("7. Hooks.defaultErrorHandler gets every error that no handler takes.")
Hooks.defaultErrorHandler = { _, error in print("  unhandled: \(error)") }
_ = Observable<String>.error(RequestFailed()).subscribe(onNext: { print("  \($0)") })
_ = Single<String>.error(RequestFailed()).subscribe(onSuccess: { print("  \($0)") })

print("8. Known issue: one failed request ends a search for good; later queries get nothing.")
let queries = PublishSubject<String>()
_ = queries.flatMapLatest { request("search '\($0)'") }
    .subscribe(onNext: { print("  shows \($0)") }, onError: { print("  search ended: \($0)") })
queries.onNext("ca")
fail("search 'ca'")
queries.onNext("cat")
print("  (no search for 'cat' started)")
