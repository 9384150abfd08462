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

print("2. Signal: no replay; a late subscriber hears only what comes after it.")
SharingScheduler.mock(scheduler: clock) {
    let taps = PublishSubject<Void>()
    let signal = taps.asSignal(onErrorJustReturn: ())
    let first = signal.emit(onNext: { print("  first: tap") })
    taps.onNext(())
    clock.start()
    let late = signal.emit(onNext: { print("  late: tap") })
    clock.start()
    taps.onNext(())
    clock.start()
    first.dispose()
    late.dispose()
}

print("3. A delegate proxy: the app's delegate still hears every change, and so does .rx.")
final class EditLogger: TextFieldDelegate {
    func textFieldDidChange(_ textField: TextField) { print("  delegate: changed to '\(textField.text)'") }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
let field = TextField()
let logger = EditLogger()
field.delegate = logger
let typing = field.rx.text.subscribe(onNext: { print("  rx.text: '\($0 ?? "")'") })
field.type("rx")
typing.dispose()

print("8. Known issue: one failed request ends a search for good; later queries get nothing.")
let queries = PublishSubject<String>()
_ = queries.flatMapLatest { request("search '\($0)'") }
    .subscribe(onNext: { print("  shows \($0)") }, onError: { print("  search ended: \($0)") })
queries.onNext("ca")
fail("search 'ca'")
queries.onNext("cat")
print("  (no search for 'cat' started)")
