import Foundation
import Testing
import TraceSuite

// The Swift Testing side of the suite. A plain target, not a test target, so that all six
// steps' test targets share it; SwiftPM lets a library that imports Testing be used by
// test targets only, so no executable may ever depend on it.

extension Scenario: CustomTestStringConvertible {
    public var testDescription: String { name }

    // Failures point at the scenario's line in Scenarios.swift, not at the adapter.
    public var sourceLocation: SourceLocation {
        SourceLocation(
            fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
    }
}

// Judges one trace of a scenario. A known issue must still fail, and fail the way its
// defect makes it fail: `withKnownIssue` reports a step that stops showing its defect, and
// the symptom check reports one that fails for some other reason.
public func verify<Adapter: StepAdapter>(_ scenario: Scenario, on adapter: Adapter.Type, trace: [String]) {
    verify(scenario, of: Adapter.step, trace: trace)
}

func verify(_ scenario: Scenario, of step: Step, trace: [String]) {
    let location = scenario.sourceLocation
    let matches = scenario.isExpected(trace)
    let mismatch = mismatchComment(scenario, on: step, trace: trace)
    let verdict = step.verdict(for: scenario)
    switch verdict {
    case .passes:
        if !matches { Issue.record(mismatch, sourceLocation: location) }
    case .knownIssue(let defects):
        // One line when the step fails as its defect says: the details are on its page.
        // A defect that shows in some runs only (the side step's subscriber order) may pass.
        withKnownIssue(isIntermittent: defects.allSatisfy(\.isIntermittent), sourceLocation: location) {
            if !matches { Issue.record(knownIssueComment(defects, of: step), sourceLocation: location) }
        }
        if !matches && !scenario.shows(defects, in: trace) {
            Issue.record(
                Comment(rawValue: "this fails, but not only the way its known issue says. " + mismatch.rawValue),
                sourceLocation: location)
        }
    case .notApplicable(let missing):
        Issue.record("\(step) lacks \(missing.map(\.rawValue).sorted()); this case should not run")
    }
}

// "RxDemo05 shows its known defect, as expected: the dispose closure never runs".
func knownIssueComment(_ defects: [Defect], of step: Step) -> Comment {
    let titles = defects.map(\.title).joined(separator: "; ")
    return Comment(rawValue: "\(step) shows its known defect, as expected: \(titles)")
}

func mismatchComment(_ scenario: Scenario, on step: Step, trace: [String]) -> Comment {
    Comment(
        rawValue: (["\(step), «\(scenario.name)»:"]
            + sideBySide(scenario, actual: trace, allowing: step.knownDefects(of: scenario)))
            .joined(separator: "\n"))
}

// Runs one scenario against a step and judges its trace. With exit tests (Swift 6.3 and
// later) the scenario runs in a process of its own, so that a crash in step code names its
// scenario and the other scenarios still report; older toolchains run it in this process.
public func verify<Adapter: StepAdapter>(_ scenario: Scenario, on adapter: Adapter.Type) async {
    var name: String? = nil
    #if compiler(>=6.3)
        name = _mangledTypeName(Adapter.self)
    #endif
    await verify(scenario, of: Adapter.step, adapterNamed: name) {
        if scenario.needs.contains(.bindings) {
            // On the main thread, where `drive` must be called (as in the child process).
            let run = UncheckedSendable(value: { scenario.run(on: adapter) })
            return await MainActor.run { run.value() }
        }
        return scenario.run(on: adapter)
    }
}

// The demand act's scenarios: a program of Combine's API each (DemandScenarios.swift).
public func verifyDemand<Adapter: DemandStepAdapter>(_ scenario: Scenario, on adapter: Adapter.Type) async {
    var name: String? = nil
    #if compiler(>=6.3)
        name = _mangledTypeName(Adapter.self)
    #endif
    await verify(scenario, of: Adapter.step, adapterNamed: name) {
        var trace: [String] = []
        if let program = scenario.demand { adapter.run(program) { trace.append($0) } }
        return trace
    }
}

func verify(
    _ scenario: Scenario, of step: Step, adapterNamed name: String?, runHere: () async -> [String]
) async {
    let verdict = step.verdict(for: scenario)
    #if compiler(>=6.3)
        if let name {
            // Most scenarios run one after another in one child (`ScenarioBatch`); one that
            // crashes by design, or that a crash in that child left unrun, in a child of its own.
            if !verdict.crashes,
                let outcome = await ScenarioBatch.shared.outcome(of: scenario.id, step: step, adapterNamed: name)
            {
                ReportFolder.write(
                    ScenarioRecord(
                        step: step, id: scenario.id,
                        outcome: outcome.finished ? .finished : .crashed(message: outcome.message), trace: outcome.trace
                    ))
                guard outcome.finished else {
                    Issue.record(crashComment(scenario, on: step), sourceLocation: scenario.sourceLocation)
                    Issue.record(
                        Comment(rawValue: crashAdvice(trace: outcome.trace, message: outcome.message)),
                        sourceLocation: scenario.sourceLocation)
                    return
                }
                verify(scenario, of: step, trace: outcome.trace)
                return
            }
            let run = IsolatedRun(scenario, on: step)
            guard verdict.crashes else {
                if await run.play(adapterNamed: name) {
                    verify(scenario, of: step, trace: run.trace)
                }
                return
            }
            // The step's known defect is a crash: the child must die, and a run that ends at
            // all no longer shows the defect.
            if case .knownIssue(let defects) = verdict, await run.play(adapterNamed: name, expectingCrash: true) {
                withKnownIssue(sourceLocation: scenario.sourceLocation) {
                    Issue.record(knownIssueComment(defects, of: step), sourceLocation: scenario.sourceLocation)
                }
            }
            return
        }
    #endif
    if verdict.crashes {
        withKnownIssue(Comment(rawValue: verdict.reason ?? ""), sourceLocation: scenario.sourceLocation) {
            Issue.record(
                "not run: it crashes \(step), and only exit tests (Swift 6.3 and later) isolate a crash")
        }
        return
    }
    ReportFolder.write(ScenarioRecord(step: step, id: scenario.id, outcome: .running))
    let trace = await runHere()
    ReportFolder.write(ScenarioRecord(step: step, id: scenario.id, outcome: .finished, trace: trace))
    verify(scenario, of: step, trace: trace)
}

extension ThreadScenario: CustomTestStringConvertible {
    public var testDescription: String { name }
}

// Runs a thread scenario against a step. A thread-safe step must show no anomaly in any
// round. A step that is not (06-08) has it as a known defect that only ThreadSanitizer sees
// every time (`make test-threads STEP=NN`): a plain run may or may not hit it, so it is an
// intermittent known issue, and it runs in a process of its own because an unlocked bag can
// crash.
public func verifyThreads<Adapter: StepAdapter>(_ scenario: ThreadScenario, on adapter: Adapter.Type) async {
    let rounds = ThreadScenario.rounds
    let defect = Adapter.step.threadDefect
    // In a process of its own whenever possible: a step that crashes in one thread scenario
    // is reported as crashing in that one, and every other scenario still counts.
    #if compiler(>=6.3)
        if let name = _mangledTypeName(Adapter.self) {
            await runThreadsIsolated(scenario, adapterNamed: name, step: Adapter.step, rounds: rounds, defect: defect)
            return
        }
    #endif
    guard let defect else {
        ReportFolder.writeThreads("running", for: scenario.id, of: Adapter.step)
        let outcome = await scenario.run(on: adapter, rounds: rounds)
        ReportFolder.writeThreads(outcome.summary, for: scenario.id, of: Adapter.step)
        if outcome.anomalies > 0 {
            Issue.record("\(Adapter.step) must be thread-safe, but «\(scenario.name)»: \(outcome.summary)")
        }
        return
    }
    withKnownIssue(Comment(rawValue: defect), isIntermittent: true) {
        Issue.record("not run: it may crash \(Adapter.step), and only exit tests (Swift 6.3 and later) isolate a crash")
    }
}

// The demand act's thread scenarios: rounds written in Combine's terms by the act's adapter,
// in a child process as the other steps' are.
public func verifyDemandThreads<Adapter: DemandStepAdapter>(_ scenario: ThreadScenario, on adapter: Adapter.Type) async
{
    let defect = Adapter.step.threadDefect
    #if compiler(>=6.3)
        if let name = _mangledTypeName(Adapter.self) {
            await runThreadsIsolated(
                scenario, adapterNamed: name, step: Adapter.step, rounds: ThreadScenario.rounds, defect: defect)
            return
        }
    #endif
    withKnownIssue(Comment(rawValue: defect ?? ""), isIntermittent: true) {
        Issue.record("not run: only exit tests (Swift 6.3 and later) isolate a crash")
    }
}

#if compiler(>=6.3)
    // The thread scenario in a child process (exit tests cannot be generic, hence the name).
    // With `defect`, the step is not thread-safe and whatever happens is a known issue.
    func runThreadsIsolated(
        _ scenario: ThreadScenario, adapterNamed name: String, step: Step, rounds: Int, defect: String?
    ) async {
        let path = NSTemporaryDirectory() + "/rxdemo-\(UUID().uuidString).threads"
        Watchdog.prepareChildren()
        ReportFolder.writeThreads("running", for: scenario.id, of: step)
        let child: () async -> Void = {
            let exit = await #expect(
                processExitsWith: .success,
                "\(step) did not finish «\(scenario.name)» normally (a crash, or ThreadSanitizer's exit code after a race)"
            ) {
                [
                    id = scenario.id as ThreadScenarioID, path = path as String, name = name as String,
                    rounds = rounds as Int
                ] in
                let adapter = _typeByName(name)
                guard let scenario = ThreadScenario.all.first(where: { $0.id == id }) else {
                    preconditionFailure("no thread scenario \(id)")
                }
                if FileManager.default.createFile(atPath: path + ".stderr", contents: nil),
                    let errors = FileHandle(forWritingAtPath: path + ".stderr")
                {
                    dup2(errors.fileDescriptor, STDERR_FILENO)
                }
                // A round takes milliseconds, but TSan and a busy machine can stretch one: 20 s
                // without a round. Once this check has hung (it is not done), 5 s: a participant
                // whose task never ends waits 15 s less for the report.
                let watchdog = Watchdog({ "«\(scenario.localizedName)»" }, limit: 20, limitAfterAHang: 5)
                let outcome: ThreadOutcome
                if let demand = adapter as? any DemandStepAdapter.Type {
                    outcome = scenario.run(onDemand: demand, rounds: rounds, onRound: watchdog.tick)
                } else if let rx = adapter as? any StepAdapter.Type {
                    outcome = await scenario.run(on: rx, rounds: rounds, onRound: watchdog.tick)
                } else {
                    preconditionFailure("no StepAdapter nor DemandStepAdapter named \(name) in this test process")
                }
                watchdog.stop()
                try? outcome.summary.write(toFile: path, atomically: true, encoding: .utf8)
            }
            let summary = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let errors = (try? String(contentsOfFile: path + ".stderr", encoding: .utf8)) ?? ""
            let environment = ProcessInfo.processInfo.environment["RXDEMO_WORKSPACE"] ?? ""
            let stuck = stuckReport(errors, sources: environment.isEmpty ? "Steps/RxDemo\(step.number)" : environment)
            try? FileManager.default.removeItem(atPath: path + ".stderr")
            ReportFolder.writeThreads(
                exit == nil
                    ? stuck.map {
                        tr("did not finish (", "没有结束（") + $0.why + tr("); where it stood: ", "）；停在：")
                            + $0.where.joined(separator: tr("; ", "；"))
                    }
                        ?? (summary.isEmpty
                            ? crashReport(errors).map { tr("crashed: ", "崩溃了：") + $0 } ?? tr("crashed", "崩溃了")
                            : "\(summary), then the process failed")
                    : summary,
                for: scenario.id, of: step)
            if exit != nil && !summary.hasPrefix("no anomaly") {
                Issue.record("\(step), «\(scenario.name)»: \(summary)")
            }
        }
        if let defect {
            await withKnownIssue(Comment(rawValue: defect), isIntermittent: true) { await child() }
        } else {
            await child()
        }
        try? FileManager.default.removeItem(atPath: path)
    }
#endif

// Checks the step's shape (see `StepAdapter.shape`).
// With exit tests, in a process of its own under the watchdog: a shape check runs step code
// too, and an endless loop there must not hang the test process.
public func verifyShape<Adapter: StepAdapter>(of adapter: Adapter.Type) async {
    var name: String? = nil
    #if compiler(>=6.3)
        name = _mangledTypeName(Adapter.self)
    #endif
    await verifyShape(of: Adapter.step, adapterNamed: name, here: Adapter.shape)
}

public func verifyDemandShape<Adapter: DemandStepAdapter>(of adapter: Adapter.Type) async {
    var name: String? = nil
    #if compiler(>=6.3)
        name = _mangledTypeName(Adapter.self)
    #endif
    await verifyShape(
        of: Adapter.step, adapterNamed: name, here: Adapter.shape,
        refusals: await refusals(adapterNamed: name, requirements: Adapter.refusals))
}

// Each misuse Combine refuses with a trap, in a process of its own: it holds when that process
// was stopped by a signal (a trap), not when it returned or its watchdog ended it (the
// watchdog traps too, after it says why on standard error: that is how the two are told apart).
// (Not generic: an exit test may not be called from a generic function.)
func refusals(adapterNamed name: String?, requirements: [String]) async -> [ShapeCheck] {
    #if compiler(>=6.3)
        guard let name else { return [] }
        var checks: [ShapeCheck] = []
        Watchdog.prepareChildren()
        for (number, requirement) in requirements.enumerated() {
            // The trap's own report is not for a participant (the check says what it tried),
            // but it tells a trap from a watchdog that stopped a misuse that never returned.
            let errors = NSTemporaryDirectory() + "/rxdemo-\(UUID().uuidString).refusal"
            let result = await #expect(processExitsWith: .failure, Comment(rawValue: requirement)) {
                [name = name as String, number = number as Int, errors = errors as String] in
                guard let adapter = _typeByName(name) as? any DemandStepAdapter.Type else {
                    preconditionFailure("no DemandStepAdapter named \(name) in this test process")
                }
                if FileManager.default.createFile(atPath: errors, contents: nil),
                    let handle = FileHandle(forWritingAtPath: errors)
                {
                    dup2(handle.fileDescriptor, STDERR_FILENO)
                }
                QuickTraps.install()
                let watchdog = Watchdog({ tr("a misuse Combine refuses", "一次 Combine 会拒绝的误用") }, limit: 10)
                adapter.misuse(number)
                watchdog.stop()
            }
            let stopped = (try? String(contentsOfFile: errors, encoding: .utf8))?.contains(Watchdog.marker) ?? false
            try? FileManager.default.removeItem(atPath: errors)
            var trapped = false
            if case .signal = result?.exitStatus, !stopped { trapped = true }
            checks.append(
                ShapeCheck(
                    requirement
                        + (stopped
                            ? tr(
                                " It never returned: the watchdog stopped it (an endless loop?).",
                                "它一直没有返回：看门狗把它停下了（无休止的循环？）。") : ""),
                    trapped))
        }
        return checks
    #else
        return []
    #endif
}

func verifyShape(
    of step: Step, adapterNamed name: String?, here: () -> [ShapeCheck], refusals: [ShapeCheck] = []
) async {
    ReportFolder.writeShape(nil, of: step)
    var checks: [ShapeCheck]? = nil
    #if compiler(>=6.3)
        if let name {
            guard let isolated = await runShapeIsolated(adapterNamed: name, step: step) else { return }
            checks = isolated
        }
    #endif
    let results = (checks ?? here()) + refusals
    ReportFolder.writeShape(results, of: step)
    for check in results where !check.holds {
        Issue.record("\(step) does not have \(step.shapeSource) shape yet: \(check.requirement)")
    }
}

#if compiler(>=6.3)
    // The shape checks in a child process; nil (with an issue recorded) when it did not finish.
    func runShapeIsolated(adapterNamed name: String, step: Step) async -> [ShapeCheck]? {
        Watchdog.prepareChildren()
        let path = NSTemporaryDirectory() + "/rxdemo-\(UUID().uuidString).shape"
        let exit = await #expect(processExitsWith: .success, "\(step)'s shape checks did not finish normally") {
            [name = name as String, path = path as String] in
            QuickTraps.install()
            let shape: () -> [ShapeCheck]
            if let adapter = _typeByName(name) as? any StepAdapter.Type {
                shape = { adapter.shape() }
            } else if let adapter = _typeByName(name) as? any DemandStepAdapter.Type {
                shape = { adapter.shape() }
            } else {
                preconditionFailure("no StepAdapter or DemandStepAdapter named \(name) in this test process")
            }
            for (file, stream) in [(path + ".stderr", STDERR_FILENO), (path + ".stdout", STDOUT_FILENO)] {
                if FileManager.default.createFile(atPath: file, contents: nil),
                    let handle = FileHandle(forWritingAtPath: file)
                {
                    dup2(handle.fileDescriptor, stream)
                }
            }
            let watchdog = Watchdog({ tr("the shape checks", "结构检查") }, limit: 10, output: path + ".stdout")
            let checks = shape()
            watchdog.stop()
            let lines = checks.map { ($0.holds ? "ok " : "missing ") + $0.requirement }
            try? lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        let message = (try? String(contentsOfFile: path + ".stderr", encoding: .utf8)) ?? ""
        let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? []
        for file in [path, path + ".stderr", path + ".stdout"] { try? FileManager.default.removeItem(atPath: file) }
        guard exit != nil else {
            ReportFolder.writeShapeFailure(message, of: step)
            Issue.record(Comment(rawValue: crashAdvice(trace: [], message: message)))
            return nil
        }
        return lines.map { line in
            line.hasPrefix("ok ")
                ? ShapeCheck(String(line.dropFirst(3)), true) : ShapeCheck(String(line.dropFirst(8)), false)
        }
    }
#endif

// A step whose known defect is a crash, and that now runs the scenario to its end.
func noLongerCrashesComment(_ scenario: Scenario, on step: Step) -> Comment {
    Comment(
        rawValue:
            "\(step) no longer crashes in «\(scenario.name)», as its known defect says it does: if the defect is fixed on purpose, update Tests/TraceSuite/Expectations.swift"
    )
}

// The failure of a scenario whose process died; `crashAdvice` follows with the details.
public func crashComment(_ scenario: Scenario, on step: Step) -> Comment {
    Comment(rawValue: "\(step) crashed while running «\(scenario.name)» (\(scenario.location.short))")
}

#if compiler(>=6.3)
    // A scenario run in a child process (an exit test). The child writes each trace entry to a
    // file as it goes, and what it prints on standard error to another; the parent reads both
    // afterwards. Exit tests cannot be written in generic code, so the child is handed the
    // adapter's mangled type name and finds the type with the standard library's `_typeByName`.
    final class IsolatedRun {
        let path: String
        private let scenario: Scenario
        private let step: Step
        private(set) var trace: [String] = []

        init(_ scenario: Scenario, on step: Step) {
            self.scenario = scenario
            self.step = step
            self.path = NSTemporaryDirectory() + "/rxdemo-\(UUID().uuidString).trace"
            ReportFolder.write(ScenarioRecord(step: step, id: scenario.id, outcome: .running))
        }

        // Runs the child and reads what it left. Normally true when it finished, and false
        // (with an issue recorded) when it crashed; with `expectingCrash`, true when it crashed
        // as the step's known defect says, and false (with an issue recorded) when it finished.
        func play(adapterNamed name: String, expectingCrash: Bool = false) async -> Bool {
            Watchdog.prepareChildren()
            let exit = await #expect(
                processExitsWith: expectingCrash ? .failure : .success,
                expectingCrash ? noLongerCrashesComment(scenario, on: step) : crashComment(scenario, on: step),
                sourceLocation: scenario.sourceLocation
            ) { [id = scenario.id as ScenarioID, path = path as String, name = name as String] in
                await IsolatedRun.play(id, adapterNamed: name, to: path)
            }
            trace = Self.lines(path)
            let message = Self.lines(path + ".stderr").joined(separator: "\n")
            for file in [path, path + ".stderr", path + ".stdout"] { try? FileManager.default.removeItem(atPath: file) }
            let crashed = (exit == nil) != expectingCrash
            ReportFolder.write(
                ScenarioRecord(
                    step: step, id: scenario.id, outcome: crashed ? .crashed(message: message) : .finished,
                    trace: trace))
            if crashed && !expectingCrash {
                Issue.record(
                    Comment(rawValue: crashAdvice(trace: trace, message: message)),
                    sourceLocation: scenario.sourceLocation)
            }
            return exit != nil
        }

        // The child's side: finds the adapter by name, a step of Rx's API or of Combine's.
        static func play(_ id: ScenarioID, adapterNamed name: String, to path: String) async {
            QuickTraps.install()
            if let adapter = _typeByName(name) as? any StepAdapter.Type {
                // `drive` must be called on the main thread (RxSwift checks it, except on
                // Linux): the scenarios of Drivers and view models run there.
                if Scenario.all.first(where: { $0.id == id })?.needs.contains(.bindings) == true {
                    let unchecked = UncheckedSendable(value: adapter)
                    await MainActor.run { IsolatedRun.play(id, on: unchecked.value, to: path) }
                } else {
                    IsolatedRun.play(id, on: adapter, to: path)
                }
            } else if let adapter = _typeByName(name) as? any DemandStepAdapter.Type {
                IsolatedRun.play(id, to: path) { scenario, emit in
                    if let program = scenario.demand { adapter.run(program, emit: emit) }
                }
            } else {
                preconditionFailure("no StepAdapter or DemandStepAdapter named \(name) in this test process")
            }
        }

        static func play<Adapter: StepAdapter>(_ id: ScenarioID, on adapter: Adapter.Type, to path: String) {
            play(id, to: path) { scenario, emit in _ = scenario.run(on: adapter, onRecord: emit) }
        }

        static func play(
            _ id: ScenarioID, to path: String, running run: (Scenario, @escaping (String) -> Void) -> Void
        ) {
            guard let scenario = Scenario.all.first(where: { $0.id == id }),
                FileManager.default.createFile(atPath: path, contents: nil),
                FileManager.default.createFile(atPath: path + ".stderr", contents: nil),
                let trace = FileHandle(forWritingAtPath: path),
                let errors = FileHandle(forWritingAtPath: path + ".stderr")
            else { preconditionFailure("cannot write \(path)") }
            dup2(errors.fileDescriptor, STDERR_FILENO)
            // What the step prints goes to a file the watchdog keeps below its cap.
            if FileManager.default.createFile(atPath: path + ".stdout", contents: nil),
                let printed = FileHandle(forWritingAtPath: path + ".stdout")
            {
                dup2(printed.fileDescriptor, STDOUT_FILENO)
            }
            let watchdog = Watchdog(
                { "«\(scenario.localizedName)»" }, limit: 5, output: path + ".stdout", maxTicks: 100_000)
            run(scenario) { entry in
                watchdog.tick()
                try? trace.write(contentsOf: Data((entry + "\n").utf8))
            }
            watchdog.stop()
        }

        static func lines(_ path: String) -> [String] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    // The step's scenarios, one after another in one child process: a child per scenario costs
    // more than most scenarios do. Each scenario still has files of its own (its trace, what it
    // printed, and a mark once it finished), so a crash or a hang is that scenario's; the ones
    // after it then run each in a child of its own, as a step that crashes once may crash again.
    actor ScenarioBatch {
        static let shared = ScenarioBatch()

        struct Outcome: Sendable {
            let finished: Bool
            let trace: [String]
            let message: String
        }

        // One batch per step: `make test` runs every step's tests in one process.
        private var batches: [Step: Task<[ScenarioID: Outcome], Never>] = [:]

        // nil for a scenario the batch did not run to its end or crash in.
        func outcome(of id: ScenarioID, step: Step, adapterNamed name: String) async -> Outcome? {
            let batch =
                batches[step]
                ?? Task {
                    let ids = step.selectedScenarios.filter { !step.verdict(for: $0).crashes }.map(\.id)
                    return await Self.run(ids, step: step, adapterNamed: name)
                }
            batches[step] = batch
            return await batch.value[id]
        }

        private static func run(_ ids: [ScenarioID], step: Step, adapterNamed name: String) async -> [ScenarioID:
            Outcome]
        {
            let path = NSTemporaryDirectory() + "/rxdemo-\(UUID().uuidString).batch"
            for id in ids { ReportFolder.write(ScenarioRecord(step: step, id: id, outcome: .running)) }
            Watchdog.prepareChildren()
            // A crash is reported by the scenario it happened in, not by whichever ran the batch.
            await withKnownIssue(isIntermittent: true) {
                await #expect(processExitsWith: .success) {
                    [ids = ids as [ScenarioID], path = path as String, name = name as String] in
                    await ScenarioBatch.play(ids, adapterNamed: name, to: path)
                }
            }
            var outcomes: [ScenarioID: Outcome] = [:]
            for (index, id) in ids.enumerated() {
                let file = "\(path)-\(index)"
                guard FileManager.default.fileExists(atPath: file) else { break }
                let finished = FileManager.default.fileExists(atPath: file + ".done")
                outcomes[id] = Outcome(
                    finished: finished, trace: IsolatedRun.lines(file),
                    message: IsolatedRun.lines(file + ".stderr").joined(separator: "\n"))
                for suffix in ["", ".stderr", ".stdout", ".done"] {
                    try? FileManager.default.removeItem(atPath: file + suffix)
                }
                if !finished { break }
            }
            return outcomes
        }

        // The child's side: each scenario as `IsolatedRun` runs one, to files of its own.
        private static func play(_ ids: [ScenarioID], adapterNamed name: String, to path: String) async {
            for (index, id) in ids.enumerated() {
                let file = "\(path)-\(index)"
                await IsolatedRun.play(id, adapterNamed: name, to: file)
                _ = FileManager.default.createFile(atPath: file + ".done", contents: nil)
            }
        }
    }
#endif
