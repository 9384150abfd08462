import Foundation

// MARK: - The step's atomics and locks, instrumented

// These replace the step's AtomicInt.swift and Lock.swift in the explorer's build, and shadow
// Foundation's NSLock and NSRecursiveLock inside it, so a lock a participant makes by hand is
// seen too. Same names, same operations; each one is first a point where the explorer picks
// which thread goes on. The caller's file and line arrive as default arguments, so an
// interleaving reads as the step's own lines.

final class AtomicInt: @unchecked Sendable {
    fileprivate var value: Int32

    init(_ value: Int32 = 0) {
        self.value = value
    }
}

// One read-modify-write, at one point: what the step's lock-protected version guarantees.
private func atomically(
    _ this: AtomicInt, _ operation: String, _ file: StaticString, _ line: UInt, _ change: (Int32) -> Int32
) -> Int32 {
    let entry = Interleavings.shared.point(place(file, line), operation)
    let oldValue = this.value
    this.value = change(oldValue)
    Interleavings.shared.annotate(entry, oldValue == this.value ? "= \(oldValue)" : "\(oldValue) → \(this.value)")
    return oldValue
}

@discardableResult
func add(_ this: AtomicInt, _ value: Int32, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "add(\(value))", file, line) { $0 + value }
}

@discardableResult
func sub(_ this: AtomicInt, _ value: Int32, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "sub(\(value))", file, line) { $0 - value }
}

@discardableResult
func fetchOr(_ this: AtomicInt, _ mask: Int32, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "fetchOr(\(mask))", file, line) { $0 | mask }
}

func load(_ this: AtomicInt, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "load", file, line) { $0 }
}

@discardableResult
func increment(_ this: AtomicInt, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "increment", file, line) { $0 + 1 }
}

@discardableResult
func decrement(_ this: AtomicInt, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "decrement", file, line) { $0 - 1 }
}

func isFlagSet(_ this: AtomicInt, _ mask: Int32, file: StaticString = #fileID, line: UInt = #line) -> Bool {
    (atomically(this, "isFlagSet(\(mask))", file, line) { $0 } & mask) != 0
}

// A lock the explorer owns: which thread holds it and how often. Only one explored thread runs
// at a time, so the explorer, not the operating system, decides who waits.
class ExploredLock: @unchecked Sendable {
    let recursive: Bool
    // Where the step made it ("PublishSubject.swift:15"): how a deadlock names it.
    let madeAt: String
    // The line that made it, as written ("let forwardLock = RecursiveLock()").
    let declaration: String
    var owner: Int? = nil
    var depth = 0
    // Where its owner took it (the outermost lock()).
    var takenAt = ""

    init(recursive: Bool, madeAt: String, path: StaticString) {
        self.recursive = recursive
        self.madeAt = madeAt
        self.declaration = sourceLine(path, Int(madeAt.split(separator: ":").last ?? "") ?? 0)
        Interleavings.shared.register(self)
    }

    // A lock the scenario made, standing for the app's own: taking it is what the app's code does.
    var isTheApps: Bool { madeAt.hasPrefix("ExplorerScenarios.swift:") }

    // RxSwift's `forwardLock` guards no state: it only makes deliveries to one observer come one
    // at a time, which the Rx contract requires. Holding it while delivering an event is what it
    // is for; anything else called under it (a dispose closure, a selector) breaks the rule.
    var onlySerialisesDelivery: Bool { declaration.contains("forwardLock") }

    // "(the lock of line 19)" in the file that made it, "(the lock of Bag.swift:19)" elsewhere.
    func name(from place: String) -> String {
        let made = madeAt.split(separator: ":")
        return place.hasPrefix(made[0] + ":")
            ? tr("(the lock of line \(made.last!))", "（第 \(made.last!) 行的锁）")
            : tr("(the lock of \(madeAt))", "（\(madeAt) 的锁）")
    }

    func canBeTaken(by thread: Int) -> Bool {
        owner == nil || (owner == thread && recursive)
    }

    func lock(file: StaticString = #fileID, line: UInt = #line) {
        Interleavings.shared.acquire(self, at: place(file, line))
    }

    func unlock(file: StaticString = #fileID, line: UInt = #line) {
        Interleavings.shared.release(self, at: place(file, line))
    }

    func withLock<T>(_ action: () throws -> T, file: StaticString = #fileID, line: UInt = #line) rethrows -> T {
        self.lock(file: file, line: line)
        defer { self.unlock(file: file, line: line) }
        return try action()
    }
}

final class NSRecursiveLock: ExploredLock, @unchecked Sendable {
    init(file: StaticString = #fileID, line: UInt = #line, path: StaticString = #filePath) {
        super.init(recursive: true, madeAt: place(file, line), path: path)
    }
}

final class NSLock: ExploredLock, @unchecked Sendable {
    init(file: StaticString = #fileID, line: UInt = #line, path: StaticString = #filePath) {
        super.init(recursive: false, madeAt: place(file, line), path: path)
    }
}

// What a call-out's label says in the report: code names as they are, the rest in Chinese too.
func shown(_ what: String) -> String {
    let chinese = [
        "the dispose closure": "释放闭包", "the generator": "事件生成器", "the selector": "选择函数",
        "the action": "动作闭包", "a disposable's dispose()": "一个 disposable 的 dispose()", "the observer": "观察者",
        "the inner's dispose closure": "内部序列的释放闭包", "the awaiting task's resume": "恢复等待中的任务",
    ]
    return CourseLanguage.current == .simplifiedChinese ? chinese[what] ?? what : what
}

// Code the step does not own starts here: a handler, a dispose closure, a generator. A step lock
// held at this point is a call-out under a lock (RxSwift #2723), reported even when this
// interleaving does not deadlock. An event's delivery to a handler may hold `forwardLock`.
func yours(_ what: String) {
    Interleavings.shared.callOut(what, isDelivery: ["onNext", "onError", "onCompleted", "the observer"].contains(what))
}

// One line of a source file, read once per file.
nonisolated(unsafe) private var sourceFiles: [String: [Substring]] = [:]
private func sourceLine(_ path: StaticString, _ line: Int) -> String {
    let key = "\(path)"
    if sourceFiles[key] == nil {
        sourceFiles[key] = ((try? String(contentsOfFile: key, encoding: .utf8)) ?? "").split(
            separator: "\n", omittingEmptySubsequences: false)
    }
    let lines = sourceFiles[key]!
    return line > 0 && line <= lines.count ? String(lines[line - 1]) : ""
}

typealias RecursiveLock = NSRecursiveLock

extension RecursiveLock {
    func performLocked<T>(_ action: () -> T, file: StaticString = #fileID, line: UInt = #line) -> T {
        self.lock(file: file, line: line)
        defer { self.unlock(file: file, line: line) }
        return action()
    }
}

// "SinkDisposer.swift:45" from "RxDemoExplorer/SinkDisposer.swift" and 45.
func place(_ file: StaticString, _ line: UInt) -> String {
    "\(file)".split(separator: "/").last.map(String.init).map { "\($0):\(line)" } ?? "\(file):\(line)"
}
