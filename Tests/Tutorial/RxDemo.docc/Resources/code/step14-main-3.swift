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
func reply(_ name: String, _ text: String) { pending[name]?(.success(text)) }
func fail(_ name: String) { pending[name]?(.failure(RequestFailed())) }

print("1. Single: one reply, then onDisposed; the request is disposed with it.")
_ = request("profile").subscribe(
    onSuccess: { print("  shows \($0)") }, onFailure: { print("  error: \($0)") },
    onDisposed: { print("  onDisposed") })
reply("profile", "Ada's profile")

print("2. A Single that replies twice: only the first reply arrives.")
_ = request("profile").subscribe(onSuccess: { print("  shows \($0)") })
reply("profile", "first reply")
reply("profile", "second reply")

print("3. SingleEvent is Swift's Result, as the article's signals were.")
_ = Single.just(100).subscribe { event in print("  \(event)") }
_ = Single.just(100).map { String($0) }.subscribe { event in print("  \(event)") }
_ = request("profile").subscribe { event in print("  \(event)") }
fail("profile")

print("4. asSingle() checks at run time: one element, none, or too many.")
_ = Observable.just("one").asSingle().subscribe { print("  1 element: \($0)") }
_ = Observable<String>.empty().asSingle().subscribe { print("  0 elements: \($0)") }
let twice = PublishSubject<String>()
_ = twice.asSingle().subscribe { print("  2 elements: \($0)") }
twice.onNext("a")
twice.onNext("b")

print("5. Maybe: an element or nothing; Completable: done or an error.")
func cached(_ key: String) -> Maybe<String> {
    key == "avatar" ? Maybe.just("avatar.png") : Maybe.empty()
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
