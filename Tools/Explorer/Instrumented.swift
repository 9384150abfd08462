import Foundation

// MARK: - The step's locks, instrumented

// These shadow Foundation's NSLock and NSRecursiveLock in the explorer's build, so every lock
// of the step is seen: the RecursiveLock of Lock.swift, a lock a participant makes by hand,
// and an AtomicInt of the participant's own built on NSLock (when the explorer keeps the
// step's AtomicInt.swift). Each lock() is first a point where the explorer picks which thread
// goes on; the caller's file and line arrive as default arguments, so an interleaving reads
// as the step's own lines.

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
    // OpenCombine's `downstreamLock` is the same for a subject's subscriber.
    var onlySerialisesDelivery: Bool { declaration.contains("forwardLock") || declaration.contains("downstreamLock") }

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

// Open to subclasses, as Foundation's are: RxSwift's AtomicInt is an NSLock subclass. A
// subclass's implicit super.init() passes no place (line 0): the lock is named by its class.
class NSRecursiveLock: ExploredLock, @unchecked Sendable {
    init(file: StaticString = #fileID, line: UInt = #line, path: StaticString = #filePath) {
        super.init(recursive: true, madeAt: line == 0 ? "\(Self.self)" : place(file, line), path: path)
    }
}

class NSLock: ExploredLock, @unchecked Sendable {
    init(file: StaticString = #fileID, line: UInt = #line, path: StaticString = #filePath) {
        super.init(recursive: false, madeAt: line == 0 ? "\(Self.self)" : place(file, line), path: path)
    }
}

// What a call-out's label says in the report: code names as they are, the rest in Chinese too.
func shown(_ what: String) -> String {
    let chinese = [
        "the dispose closure": "释放闭包", "the generator": "事件生成器", "the selector": "选择函数",
        "the action": "动作闭包", "a disposable's dispose()": "一个 disposable 的 dispose()", "the observer": "观察者",
        "the inner's dispose closure": "内部序列的释放闭包", "the awaiting task's resume": "恢复等待中的任务",
        "the subscriber's receive": "订阅者的 receive", "the upstream's cancel()": "上游的 cancel()",
        "the upstream's subscribe": "上游的 subscribe", "the createSubject closure": "createSubject 闭包",
    ]
    return CourseLanguage.current == .simplifiedChinese ? chinese[what] ?? what : what
}

// Code the step does not own starts here: a handler, a dispose closure, a generator. A step lock
// held at this point is a call-out under a lock (RxSwift #2723), reported even when this
// interleaving does not deadlock. An event's delivery to a handler may hold `forwardLock`.
func yours(_ what: String) {
    Interleavings.shared.callOut(
        what,
        isDelivery: ["onNext", "onError", "onCompleted", "the observer", "the subscriber's receive"].contains(what))
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

// "SinkDisposer.swift:45" from "RxDemoExplorer/SinkDisposer.swift" and 45.
func place(_ file: StaticString, _ line: UInt) -> String {
    "\(file)".split(separator: "/").last.map(String.init).map { "\($0):\(line)" } ?? "\(file):\(line)"
}
