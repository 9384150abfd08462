import Foundation

// MARK: - Demo

// The article's examples in its order, with its printed output. Its network calls waited on
// `DispatchQueue.main.asyncAfter`; here they wait on a virtual clock that the demo runs.

// A clock that runs scheduled work in order of time, with no waiting.
final class VirtualClock {
    private var now = 0
    private var queue: [(time: Int, order: Int, work: () -> Void)] = []

    func after(_ delay: Int, _ work: @escaping () -> Void) {
        queue.append((now + delay, queue.count, work))
    }

    func run() {
        while let next = queue.min(by: { ($0.time, $0.order) < ($1.time, $1.order) }) {
            queue.removeAll { $0.time == next.time && $0.order == next.order }
            now = next.time
            next.work()
        }
    }
}
let clock = VirtualClock()

print("1. A signal, its sink, two values:")
let (sink, intSignal) = Signal<Int>.empty()
var first: Disposable? = intSignal.subscribe { result in
    print(result)
}
sink(.success(100))
sink(.success(200))
// Ending a subscription is letting go of its Disposable.
first = nil

print("2. map (the first subscriber is gone):")
let mapped =
    intSignal
    .map { String($0) }
    .subscribe { result in
        print(result)
    }
sink(.success(100))

print("3. A text field's signal, on a screen that is freed:")
final class VC {
    let textField = TextField()
    var signal: Signal<String>?

    func viewDidLoad() {
        signal = textField.signal
        disposes.append(
            signal!.subscribe({ result in
                print(result)
            }))
        textField.text = "1234567"
    }

    var disposes: [Disposable] = []

    deinit {
        print("Removing vc")
    }
}
var vc: VC? = VC()
vc?.viewDidLoad()
vc = nil

print("4. flatMap: users, then the first user's details:")
struct User: CustomStringConvertible {
    let id: String
    var name: String? = nil
    var description: String { "User(name: \(name.map { "Optional(\"\($0)\")" } ?? "nil"), id: \"\(id)\")" }
}
@MainActor func users() -> Signal<[User]> {
    let (sink, signal) = Signal<[User]>.empty()
    clock.after(2) {
        let users = Array(1...10).map { User(id: String(describing: $0)) }
        sink(.success(users))
    }
    return signal
}
@MainActor func userDetail(with id: String) -> Signal<User> {
    let (sink, signal) = Signal<User>.empty()
    clock.after(2) {
        sink(.success(User(id: id, name: "jewelz")))
    }
    return signal
}
var disposes: [Disposable] = []
let dispose = users()
    .flatMap { return userDetail(with: $0.first!.id) }
    .subscribe { result in
        print(result)
    }
disposes.append(dispose)
clock.run()

// The design's known issues, as the trace suite shows them (Docs/Signal-the-other-design.md).
print("5. Known issue: a subscription whose Disposable is not held ends at once.")
let (tick, ticks) = Signal<Int>.empty()
_ = ticks.subscribe { result in
    print("unheld:", result)
}
tick(.success(1))
print("(nothing arrived: the Disposable was freed on the line that made it)")

print("6. Known issue: flatMap hears only the latest inner signal.")
@MainActor func search(_ text: String) -> Signal<String> {
    let (sink, signal) = Signal<String>.empty()
    clock.after(2) {
        sink(.success("results for \(text)"))
    }
    return signal
}
let (type, typed) = Signal<String>.empty()
disposes.append(
    typed
        .flatMap { search($0) }
        .subscribe { result in
            print(result)
        })
type(.success("sw"))
clock.after(1) {
    type(.success("swift"))
}
clock.run()
print("(the results for 'sw' were lost when 'swift' came: RxSwift's flatMap delivers both, its flatMapLatest this)")
