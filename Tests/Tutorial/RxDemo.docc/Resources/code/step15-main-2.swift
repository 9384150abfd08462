import Foundation

// MARK: - Demo

// Step 14's app, then the bridge to Swift concurrency (5 to 8). The app runs on virtual
// time: `SharingScheduler.mock` makes every Driver and Signal deliver on a HistoricalScheduler,
// and the network replies at the times the demo says. With `import RxSwift` and `import
// RxCocoa` on top, the parts that use only their API (1, 2 and 5 to 8) compile and print the
// same with RxSwift's main branch.

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

print("4. The search screen: typing fast cancels the earlier requests; an error is a message; refresh retries.")
let agent = NetworkAgent()
agent.onEvent = { print("  network: \($0)") }
// The screen binds its labels with Binder, on the main scheduler: this runs on the main thread.
SharingScheduler.mock(scheduler: clock) {
    var screen: SearchScreen? = SearchScreen(agent: agent)
    let freed = Weak(screen)
    screen?.resultsLabel.onChange = { print("  results: \($0.isEmpty ? "(none)" : $0)") }
    screen?.spinner.onChange = { print("  spinner: \($0)") }
    screen?.errorLabel.onChange = { print("  error: \($0)") }
    let at = { (time: Int, action: @escaping () -> Void) in
        _ = clock.scheduleAbsoluteVirtual((), time: Date(timeIntervalSince1970: TimeInterval(time))) { _ in
            action()
            return Disposables.create()
        }
    }
    at(1) {
        print("t1 types 'sw'")
        screen?.searchField.type("sw")
    }
    at(2) {
        print("t2 types 'swift'")
        screen?.searchField.type("swift")
    }
    at(4) {
        print("t4 the server answers request 2")
        agent.reply(to: 2, with: ["titles": ["RxSwift", "SwiftUI"]])
    }
    at(5) {
        print("t5 types 'swifty'")
        screen?.searchField.type("swifty")
    }
    at(6) {
        print("t6 request 3 fails")
        agent.fail(3, with: Offline())
    }
    at(7) {
        print("t7 taps refresh")
        screen?.refreshButton.tap()
    }
    at(8) {
        print("t8 the screen is closed while request 4 runs")
        screen = nil
    }
    at(9) { print("t9 nothing is left: \(freed.object == nil ? "the screen is freed" : "the screen is alive")") }
    clock.start()
}

// The bridge, both ways. Each part awaits its end, so the output is in this order every time.
func bridge() async {
    print("5. values: the loop gets every element, and ends when the observable completes.")
    let numbers = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onNext(2)
        observer.onCompleted()
        return Disposables.create { print("  numbers: disposed") }
    }
    do {
        for try await number in numbers.values {
            print("  loop: \(number)")
        }
        print("  loop: ended")
    } catch {
        print("  loop: threw \(error)")
    }

    print("6. Leaving the loop early disposes the subscription; an error is thrown.")
    let endless = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onNext(2)
        observer.onNext(3)
        return Disposables.create { print("  endless: disposed") }
    }
    do {
        for try await number in endless.values {
            print("  loop: \(number)")
            if number == 2 { break }
        }
        print("  loop: left at 2")
    } catch {
        print("  loop: threw \(error)")
    }
    let failing = Observable<Int>.error(Offline())
    do {
        for try await number in failing.values { print("  loop: \(number)") }
    } catch {
        print("  loop: threw \(error)")
    }

    print("7. value: a Single awaited; its failure is thrown.")
    let answer = Single<Int>.create { single in
        single(.success(42))
        return Disposables.create()
    }
    let refused = Single<Int>.create { single in
        single(.failure(Offline()))
        return Disposables.create()
    }
    do {
        print("  answer: \(try await answer.value)")
        print("  refused: \(try await refused.value)")
    } catch {
        print("  refused: threw \(error)")
    }

    print("8. asObservable(): an AsyncSequence as an observable, looped on a task of its own.")
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.yield(10)
    continuation.yield(20)
    continuation.finish()
    do {
        for try await number in stream.asObservable().values {
            print("  loop: \(number)")
        }
        print("  loop: ended")
    } catch {
        print("  loop: threw \(error)")
    }
}

await bridge()
