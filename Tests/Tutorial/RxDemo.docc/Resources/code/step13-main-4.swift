import Foundation

// MARK: - Demo

// Written against RxSwift's API only: with `import RxSwift` on top, this file compiles and
// prints the same with RxSwift 6.

// Printed as "RequestFailed", whatever module the demo is compiled in.
struct RequestFailed: Error, CustomDebugStringConvertible {
    var debugDescription: String { "RequestFailed" }
}

// A "network request" that replies when the demo says so, as a `Single`: one reply or an
// error. It keeps its callback after it is disposed, as a request already on the wire would.
nonisolated(unsafe) var pending: [String: (SingleEvent<String>) -> Void] = [:]
func request(_ name: String) -> Single<String> {
    Single<String>.create { single in
        print("  \(name) starts")
        pending[name] = single
        return Disposables.create { print("  \(name) is disposed") }
    }
}
func reply(_ name: String, _ text: String) { pending[name]?.onNext(text) }
func finish(_ name: String) { pending[name]?.onCompleted() }

print("1. flatMap: every search runs, and every reply arrives, even the stale one.")
let typed = PublishSubject<String>()
let all = typed.flatMap { request("search '\($0)'") }.subscribe(onNext: { print("  shows \($0)") })
typed.onNext("ca")
typed.onNext("cat")
reply("search 'cat'", "3 cats")
reply("search 'ca'", "40 results for ca")
all.dispose()

print("2. flatMapLatest: a new query disposes the previous search first; its late reply is dropped.")
let latest = typed.flatMapLatest { request("search '\($0)'") }.subscribe(onNext: { print("  shows \($0)") })
typed.onNext("ca")
typed.onNext("cat")
reply("search 'cat'", "3 cats")
reply("search 'ca'", "40 results for ca")
latest.dispose()

print("3. concatMap: one job at a time; the next starts when the previous completes.")
let jobs = PublishSubject<Int>()
let queue = jobs.concatMap { request("job \($0)") }
    .subscribe(onNext: { print("  \($0)") }, onCompleted: { print("  all jobs completed") })
jobs.onNext(1)
jobs.onNext(2)
reply("job 1", "job 1 done")
finish("job 1")
reply("job 2", "job 2 done")
finish("job 2")
jobs.onCompleted()
queue.dispose()

print("4. Observable.merge: both mirrors' replies, in the order they come.")
let both = Observable.merge(request("mirror 1"), request("mirror 2")).subscribe(onNext: { print("  got \($0)") })
reply("mirror 2", "file from mirror 2")
reply("mirror 1", "file from mirror 1")
both.dispose()

print("5. amb: the first mirror to reply wins; the other is disposed before that reply goes on.")
let fastest = Observable.amb([request("mirror 1"), request("mirror 2")]).subscribe(onNext: { print("  got \($0)") })
reply("mirror 2", "file from mirror 2")
reply("mirror 1", "file from mirror 1")
fastest.dispose()

print("6. catch: on an error the fallback is subscribed, then the failed request is disposed.")
func failing(_ name: String) -> Observable<String> {
    Observable<String>.create { observer in
        print("  \(name) runs and fails")
        observer.onError(RequestFailed())
        return Disposables.create { print("  \(name) is disposed") }
    }
}
_ = failing("page request").catch { _ in request("cache") }
    .subscribe(onNext: { print("  shows \($0)") }, onCompleted: { print("  completed") })
reply("cache", "cached page")
finish("cache")

print("7. catchAndReturn: the element and completed come before the failed request is disposed.")
_ = failing("page request").catchAndReturn("placeholder page")
    .subscribe(onNext: { print("  shows \($0)") }, onCompleted: { print("  completed") })

print("8. retry(2): two attempts in all, then the error goes on.")
_ = failing("attempt").retry(2)
    .subscribe(onError: { print("  error after two attempts: \(type(of: $0))") })

print("9. deferred: the factory runs at subscribe, not when the observable is made.")
nonisolated(unsafe) var page = 1
let current = Observable.deferred { Observable.just("page \(page)") }
page = 2
_ = current.subscribe(onNext: { print("  \($0)") })
