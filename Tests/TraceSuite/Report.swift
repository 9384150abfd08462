import Foundation

// What one scenario did, as the test process hands it to `make check` and `make docs`: its
// trace, or how the step crashed while running it. One small text file per step and
// scenario, RXDEMO_REPORT_DIR/RxDemoNN/<scenario>.txt; nothing is written when it is unset.
public struct ScenarioRecord: Equatable {
    public enum Outcome: Equatable {
        // Written before the run starts; still there afterwards means the process died.
        case running
        case finished
        // The step crashed; `message` is what it printed on the way (often nothing).
        case crashed(message: String)
    }

    public let step: Step
    public let id: ScenarioID
    public var outcome: Outcome
    public var trace: [String]

    public init(step: Step, id: ScenarioID, outcome: Outcome, trace: [String] = []) {
        self.step = step
        self.id = id
        self.outcome = outcome
        self.trace = trace
    }
}

// The environment the process started with, read once: each read of ProcessInfo's builds a
// dictionary anew, and every generated program's run asks for the report folder.
let startingEnvironment = ProcessInfo.processInfo.environment

public enum ReportFolder {
    public static let path: String? = startingEnvironment["RXDEMO_REPORT_DIR"].flatMap { $0.isEmpty ? nil : $0 }

    // The folder of one step's records.
    public static func folder(of step: Step, in root: String) -> String { "\(root)/\(step)" }
    static func file(for id: ScenarioID, in folder: String) -> String { "\(folder)/\(id).txt" }
    static func shapeFile(in folder: String) -> String { "\(folder)/shape.txt" }

    public static func write(_ record: ScenarioRecord) {
        guard let root = path else { return }
        let folder = folder(of: record.step, in: root)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var lines = ["scenario \(record.id)"]
        switch record.outcome {
        case .running: lines.append("outcome running")  // both languages
        case .finished: lines.append("outcome finished")  // both languages
        case .crashed(let message):
            lines.append("outcome crashed")  // both languages
            lines += message.split(separator: "\n").map { "message \($0)" }
        }
        lines += record.trace.map { "trace \($0)" }
        save(lines, to: file(for: record.id, in: folder))
    }

    static func threadFile(for id: ThreadScenarioID, in folder: String) -> String { "\(folder)/threads-\(id).txt" }

    // A thread scenario's outcome: its summary, or "crashed".
    public static func writeThreads(_ summary: String, for id: ThreadScenarioID, of step: Step) {
        guard let root = path else { return }
        let folder = folder(of: step, in: root)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        save([summary], to: threadFile(for: id, in: folder))
    }

    public static func readThreads(of step: Step, in root: String) -> [ThreadScenarioID: String] {
        var outcomes: [ThreadScenarioID: String] = [:]
        for id in ThreadScenarioID.allCases {
            if let lines = load(threadFile(for: id, in: folder(of: step, in: root))) {
                outcomes[id] = lines.joined(separator: " ")
            }
        }
        return outcomes
    }

    public static func writeShape(_ checks: [ShapeCheck]?, of step: Step) {
        guard let root = path else { return }
        let folder = folder(of: step, in: root)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let finished = "outcome finished"  // both languages
        let lines = checks.map { [finished] + $0.map { ($0.holds ? "ok " : "missing ") + $0.requirement } }
        save(lines ?? ["outcome running"], to: shapeFile(in: folder))  // both languages
    }

    public static func readRecords(of step: Step, in root: String) -> [ScenarioID: ScenarioRecord] {
        let folder = folder(of: step, in: root)
        var records: [ScenarioID: ScenarioRecord] = [:]
        for id in ScenarioID.allCases {
            guard let lines = load(file(for: id, in: folder)) else { continue }
            var record = ScenarioRecord(step: step, id: id, outcome: .running)
            var message: [String] = []
            for line in lines {
                if line == "outcome finished" { record.outcome = .finished }  // both languages
                if line == "outcome crashed" { record.outcome = .crashed(message: "") }  // both languages
                if line.hasPrefix("message ") { message.append(String(line.dropFirst(8))) }
                if line.hasPrefix("trace ") { record.trace.append(String(line.dropFirst(6))) }
            }
            if case .crashed = record.outcome { record.outcome = .crashed(message: message.joined(separator: "\n")) }
            records[id] = record
        }
        return records
    }

    // nil: the shape test did not run; a record with `finished == false`: it crashed.
    // The shape checks' process crashed or was stopped by the watchdog: what it left on standard error.
    public static func writeShapeFailure(_ message: String, of step: Step) {
        guard let root = path else { return }
        save(
            ["outcome crashed"] + message.split(separator: "\n").map { "message \($0)" },  // both languages
            to: shapeFile(in: folder(of: step, in: root)))
    }

    public static func readShape(of step: Step, in root: String) -> (
        finished: Bool, checks: [ShapeCheck], message: String
    )? {
        guard let lines = load(shapeFile(in: folder(of: step, in: root))) else { return nil }
        let checks = lines.compactMap { line -> ShapeCheck? in
            if line.hasPrefix("ok ") { return ShapeCheck(String(line.dropFirst(3)), true) }
            if line.hasPrefix("missing ") { return ShapeCheck(String(line.dropFirst(8)), false) }
            return nil
        }
        let message = lines.filter { $0.hasPrefix("message ") }.map { String($0.dropFirst(8)) }
        return (lines.contains("outcome finished"), checks, message.joined(separator: "\n"))  // both languages
    }

    private static func save(_ lines: [String], to path: String) {
        try? (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    private static func load(_ path: String) -> [String]? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").map(String.init)
    }
}

// The expected and the actual trace side by side, one event per line. Where a known defect
// of the reference step explains a difference (a "dispose" that may be missing, an extra
// receive), the line is marked `~` as allowed; the first difference nothing explains gets
// the ▶, the later ones ≠. "still alive" entries are listed below.
public func sideBySide(_ scenario: Scenario, actual: [String], allowing defects: [Defect] = []) -> [String] {
    sideBySide(expected: scenario.expected, actual: actual, allowance: scenario.allowance(for: defects))
}

// The same for a trace with nothing allowed to differ (a bridge program's).
public func sideBySide(expected: [String], actual: [String]) -> [String] {
    sideBySide(expected: expected, actual: actual, allowance: Allowance(mayLack: { _ in nil }, mayAdd: { _ in nil }))
}

func sideBySide(expected: [String], actual: [String], allowance: Allowance) -> [String] {
    let actualEvents = actual.filter { !TraceEntry($0).isStillAlive }
    let width = max(12, (expected.map(\.count).max() ?? 0) + 2)
    func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - displayWidth(text))) }
    var lines = ["    " + pad(tr("expected", "期望")) + tr("actual", "实际")]
    var first = true
    var (i, j) = (0, 0)
    while i < expected.count || j < actualEvents.count {
        let left = i < expected.count ? expected[i] : nil
        let right = j < actualEvents.count ? actualEvents[j] : nil
        if let left, left == right {
            lines.append("    " + pad(left) + left)
            (i, j) = (i + 1, j + 1)
        } else if left != nil, let reason = allowance.mayLack(i) {
            lines.append(" ~  " + pad(left ?? "") + "—   " + tr("(allowed: \(reason))", "（允许：\(reason)）"))
            i += 1
        } else if let right, let reason = allowance.mayAdd(right) {
            lines.append(" ~  " + pad("—") + right + "   " + tr("(allowed: \(reason))", "（允许：\(reason)）"))
            j += 1
        } else {
            lines.append(
                (first ? " ▶  " : " ≠  ") + pad(left ?? "—") + (right ?? "—")
                    + (first ? tr("   ← first difference", "   ← 第一处不同") : ""))
            first = false
            (i, j) = (i + 1, j + 1)
        }
    }
    let alive = actual.filter { TraceEntry($0).isStillAlive }
    if !alive.isEmpty {
        lines.append(tr("still alive after the run (everything should be freed):", "运行结束后仍然存活（本应全部释放）："))
        lines += alive.map { "  - " + $0.dropFirst(Trace.stillAlivePrefix.count) }
    }
    return lines
}

// How a scenario's run went against a step, from its record.
public enum ScenarioResult: Sendable {
    case passes
    // Fails the way a known defect of the reference step does: allowed.
    case showsDefects([Defect])
    case fails(trace: [String])
    case crashed(trace: [String], message: String)
    case didNotRun

    public var isFailure: Bool {
        switch self {
        case .passes, .showsDefects: false
        case .fails, .crashed, .didNotRun: true
        }
    }
}

extension ScenarioRecord {
    // Judged the way the tests judge it: the expected trace, or the reference step's defects.
    public func result(of scenario: Scenario) -> ScenarioResult {
        let verdict = step.verdict(for: scenario)
        switch outcome {
        case .running: return .crashed(trace: trace, message: "")
        case .crashed(let message):
            if verdict.crashes, case .knownIssue(let defects) = verdict { return .showsDefects(defects) }
            return .crashed(trace: trace, message: message)
        case .finished:
            if scenario.isExpected(trace) { return .passes }
            if case .knownIssue(let defects) = verdict, scenario.shows(defects, in: trace) {
                return .showsDefects(defects)
            }
            return .fails(trace: trace)
        }
    }
}

// A trace of up to 12 entries, or both its ends: an endless recursion can trace the same
// entry thousands of times.
func shortened(_ trace: [String]) -> [String] {
    trace.count <= 12
        ? trace
        : trace.prefix(8) + [tr("… \(trace.count - 10) more …", "… 中间还有 \(trace.count - 10) 条 …")] + trace.suffix(2)
}

// What a crash most likely was, from what the step printed on its way down, and what
// the scenario had traced until then.
public func crashAdvice(trace: [String], message: String) -> String {
    if let overflow = StackOverflow.report(message) {
        let shown = shortened(trace)
        let traced = trace.isEmpty ? tr("nothing", "无") : shown.joined(separator: ", ")
        return tr("It crashed: ", "它崩溃了：") + overflow
            + tr(
                ". Traced before it crashed: \(traced). Each call there calls the next again: a flag set before"
                    + " the call, or a call to something else (a delegate that is not the proxy itself), ends it.",
                "。崩溃前记录到的事件：\(traced)。那里的每一次调用都会再次调用下一个：在调用之前设置一个标志，"
                    + "或者改为调用别的对象（一个不是代理自己的 delegate），就能结束它。")
    }
    if let stuck = stuckReport(message) {
        let shown = shortened(trace)
        let places =
            stuck.where.isEmpty
            ? [
                tr(
                    "(no thread stood in the step's own files; the log has every thread's stack)",
                    "（没有线程停在步骤自己的文件里；日志里有每个线程的调用栈）")
            ]
            : stuck.where
        let traced = trace.isEmpty ? tr("nothing", "无") : shown.joined(separator: ", ")
        return tr(
            "It did not finish: an endless loop or a deadlock in the step's code (the watchdog stopped it: \(stuck.why)). "
                + "Traced before it stopped: \(traced).\nWhere it stood:",
            "没有结束：步骤代码里有死循环或死锁（看门狗停止了它：\(stuck.why)）。停止前记录到的事件：\(traced)。\n停在哪里：")
            + places.map { "\n  - " + $0 }.joined()
    }
    // The runtime's own message, without the stack trace that follows it.
    let message = message.components(separatedBy: "Current stack trace:")[0]  // both languages
        .split(separator: "\n").prefix(6).joined(separator: "\n")
    let shown = shortened(trace)
    let traced = trace.isEmpty ? tr("nothing", "无") : shown.joined(separator: ", ")
    let cause =
        message.isEmpty
        ? tr(
            "It printed nothing, which is what a stack overflow looks like: almost always endless"
                + " recursion, such as a sink and its disposer calling each other's dispose(), or a dispose"
                + " that starts over because its flag is set too late. A flag stops it:"
                + " `guard !disposed else { return }` at the top of dispose(), set before anything else is disposed.",
            "它什么也没打印，栈溢出就是这个样子：几乎总是无尽的递归，比如一个 sink 和它的 disposer 互相调用对方的 dispose()，"
                + "或者一个 dispose 因为标志设得太晚而从头再来。一个标志就能让它停下：在 dispose() 的开头写"
                + " `guard !disposed else { return }`，并在释放任何别的东西之前设置它。")
        : tr(
            "A Swift runtime trap (a failed `as!` or `try!`, a nil force-unwrapped, a fatalError such as"
                + " rxAbstractMethod() in a method a subclass should override). It printed:\n\(message)",
            "Swift 运行时陷阱（`as!` 或 `try!` 失败、强制解包了 nil、一个 fatalError，比如子类本该重写的方法里的"
                + " rxAbstractMethod()）。它打印了：\n\(message)")
    return tr(
        "The step crashed after tracing: \(traced). The other scenarios still report.\n",
        "这一步在记录了这些事件之后崩溃了：\(traced)。其他场景照样报告结果。\n") + cause
}

extension ReportFolder {
    // The records of a step as pictures and questions show them: where a known issue of the
    // step reorders the subscribers of one moment from run to run (the side step's), they
    // stand in the order of their labels, so that what `make docs` writes is the same on
    // every run. Verdicts always judge the trace as it was.
    public static func readStableRecords(of step: Step, in folder: String) -> [ScenarioID: ScenarioRecord] {
        readRecords(of: step, in: folder).mapValues { record in
            guard let scenario = Scenario.all.first(where: { $0.id == record.id }),
                step.knownDefects(of: scenario).contains(where: \.isIntermittent)
            else { return record }
            var stable = record
            stable.trace = inLabelOrder(record.trace)
            return stable
        }
    }

    // Each run of receives by labelled subscribers at one moment, sorted by label.
    public static func inLabelOrder(_ trace: [String]) -> [String] {
        func isSubscriberReceive(_ entry: TraceEntry) -> Bool {
            entry.label?.count == 1 && entry.event.hasPrefix("receive ")
        }
        var result: [String] = []
        var run: [String] = []
        for entry in trace {
            let parsed = TraceEntry(entry)
            if let last = run.last, !isSubscriberReceive(parsed) || TraceEntry(last).time != parsed.time {
                result += run.sorted { TraceEntry($0).label! < TraceEntry($1).label! }
                run = []
            }
            if isSubscriberReceive(parsed) { run.append(entry) } else { result.append(entry) }
        }
        return result + run.sorted { TraceEntry($0).label! < TraceEntry($1).label! }
    }
}
