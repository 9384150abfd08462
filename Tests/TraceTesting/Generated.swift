import Foundation
import Testing
import TraceSuite

// The generated programs of a step (Tests/TraceSuite/Programs.swift), in two child processes
// side by side with a watchdog per program, each trace judged against what RxSwift and the
// reference step print (Tests/Generated). A workspace may print either; the reference step
// itself must print its own recorded trace. RXDEMO_RECORD_GENERATED=folder records the
// traces there instead of judging them (`make generated`).
public func verifyGenerated<Adapter: StepAdapter>(on adapter: Adapter.Type) async {
    let step = Adapter.step
    let environment = ProcessInfo.processInfo.environment
    let recordTo = environment["RXDEMO_RECORD_GENERATED"].flatMap { $0.isEmpty ? nil : $0 }
    let isReference = (environment["RXDEMO_WORKSPACE"] ?? "").isEmpty
    // Read while the children run: the recorded traces are the parent's own biggest cost.
    async let loading = recordTo == nil ? RecordedTraces.load(step) : nil
    // The children draw the programs and run them; this process draws them only to show one
    // that fails (drawing is most of the cost of a step whose programs all pass).
    let (total, runs, stopped) = await GeneratedRun.play(on: adapter)
    let recorded = await loading
    if recordTo == nil && recorded == nil {
        Issue.record("\(RecordedTraces.path(of: step)) is missing: run 'make generated'")
        return
    }
    func code(_ number: Int) -> [String] {
        if let program = step.bridgePrograms.first(where: { $0.number == number }) { return program.swiftCode }
        return scenario(number)?.swiftCode(for: step) ?? []
    }
    func scenario(_ number: Int) -> Scenario? {
        let programs = step.generatedPrograms
        return number >= 1 && number <= programs.count ? programs[number - 1].scenario : nil
    }
    if let recordTo {
        record(step: step, total: total, runs: runs, to: recordTo, code: code)
        return
    }
    guard let recorded else { return }
    judgeGenerated(
        step: step, total: total, runs: runs, recorded: recorded, isReference: isReference, code: code,
        scenario: scenario, stoppedEarly: stopped)
}

// `make generated`: the reference step's traces, into `folder`. A reference step must run
// every program to its end.
func record(step: Step, total: Int, runs: [Int: GeneratedRun.Outcome], to folder: String, code: (Int) -> [String]) {
    if let unfinished = (1...max(1, total)).first(where: { runs[$0]?.finished != true }) {
        let run = runs[unfinished]
        Issue.record(
            Comment(
                rawValue: "\(step) did not finish generated program \(unfinished):\n"
                    + (code(unfinished) + [crashAdvice(trace: run?.trace ?? [], message: run?.message ?? "")])
                    .joined(separator: "\n")))
    }
    let entries = runs.keys.sorted().map { number in
        RecordedTraces.Entry(number: number, fingerprint: runs[number]?.fingerprint ?? "", rxSwift: runs[number]?.trace)
    }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? RecordedTraces(header: [], entries: entries).text.write(
        toFile: "\(folder)/\(step).txt", atomically: true, encoding: .utf8)
}

// Whether a finished program's trace (comparable) is one the recorded entry allows.
func passes(_ trace: [String], of entry: RecordedTraces.Entry, step: Step, isReference: Bool, scenario: Scenario?)
    -> Bool
{
    let allowed = isReference ? [entry.referenceTrace].compactMap { $0 } : entry.allowed
    let judged = { step.judged(entry.comparable($0), against: entry.rxSwift) }
    // The same trace is judged the same: most programs print one of them exactly.
    if allowed.contains(trace) || allowed.map(judged).contains(judged(trace)) { return true }
    // Some of the reference step's defects kept, the others fixed.
    if !isReference, let scenario, let rxSwift = entry.rxSwift {
        return step.keepsSomeOf(entry.defects(of: step), trace, of: scenario, rxSwift: rxSwift)
    }
    return false
}

// Judges what the children printed against the recorded traces, and reports the shortest
// program that fails. `stoppedEarly`: the children stopped at their first failing program.
func judgeGenerated(
    step: Step, total: Int, runs: [Int: GeneratedRun.Outcome], recorded: RecordedTraces, isReference: Bool,
    code: (Int) -> [String], scenario: (Int) -> Scenario?, stoppedEarly: Bool = false
) {
    // The programs the children drew must be the ones recorded.
    let stale = runs.filter { recorded.entry($0.key)?.fingerprint != $0.value.fingerprint }.keys.sorted()
    guard stale.isEmpty && (total == 0 || total == recorded.entries.count) else {
        Issue.record(
            "\(step): \(stale.isEmpty ? abs(total - recorded.entries.count) : stale.count) generated programs are not the ones recorded in \(RecordedTraces.folder)\(stale.first.map { " (program \($0) first)" } ?? ""): the generator changed; record them again (MAINTAINING.md, «Recording RxSwift's traces»)"
        )
        return
    }
    // A failing program: its Swift, and the scenario behind it when it has one (bridge programs have none).
    var failing: [(number: Int, scenario: Scenario?, run: GeneratedRun.Outcome?, expected: [String])] = []
    for entry in recorded.entries where entry.why != DeclaredDifference.unstable {
        let number = entry.number
        let run = runs[number]
        // A child told to stop at its first failing program ran none after it.
        if run == nil && stoppedEarly { continue }
        let scenario = scenario(number)
        if let run, run.finished,
            passes(run.trace, of: entry, step: step, isReference: isReference, scenario: scenario)
        {
            continue
        }
        // The expected trace closest to what the step printed, for the side-by-side view.
        let allowed = isReference ? [entry.referenceTrace].compactMap { $0 } : entry.allowed
        let actual = run?.trace ?? []
        let closest = allowed.max { firstDifference($0, actual) ?? .max < firstDifference($1, actual) ?? .max }
        failing.append((number, scenario, run, closest ?? []))
    }
    // The one to show: the shortest as Swift, of the smallest few that fail (a crash first: the
    // programs after it did not run). In the demand act, one that breaks a named rule where the
    // library keeps it, if a few of the smallest do: the rule says what went wrong.
    let breaksARule = failing.prefix(50).filter { failure in
        guard step.isDemandAct, let run = failure.run, run.finished else { return false }
        return DemandRule.firstBroken(in: run.trace, keptBy: failure.expected) != nil
    }
    let shortest =
        failing.first { $0.run?.finished == false }
        ?? (breaksARule.isEmpty ? Array(failing.prefix(20)) : breaksARule).min {
            (code($0.number).count, $0.number) < (code($1.number).count, $1.number)
        }
    GeneratedReport(
        ran: runs.count, of: recorded.entries.count, failing: failing.count,
        first: shortest.map {
            .init(
                number: $0.number, expected: $0.expected, trace: $0.run?.trace ?? [],
                finished: $0.run?.finished ?? false, message: $0.run?.message ?? "")
        }
    ).write(for: step)
    if let first = shortest {
        let lines =
            [
                "\(step): \(failing.count) of \(recorded.entries.count) generated programs print what neither \(step.library) nor the reference step prints; the shortest, program \(first.number):"
            ] + code(first.number).map { "    " + $0 }
            + (first.run?.finished == false
                ? [crashAdvice(trace: first.run?.trace ?? [], message: first.run?.message ?? "")]
                : first.scenario.map { sideBySide($0.expecting(first.expected), actual: first.run?.trace ?? []) }
                    ?? sideBySide(expected: first.expected, actual: first.run?.trace ?? []))
            + (step.isDemandAct
                ? DemandRule.firstBroken(in: first.run?.trace ?? [], keptBy: first.expected).map { [$0.localized] }
                    ?? [] : [])
        Issue.record(Comment(rawValue: lines.joined(separator: "\n")))
    }
}

enum GeneratedRun {
    struct Outcome {
        var fingerprint = ""
        var trace: [String] = []
        var finished = false
        var message = ""
    }

    // The programs run in two children at once, one the odd numbers and one the even, each
    // with a watchdog of its own: on two cores the programs' verdict comes about twice as soon.
    // The self-test, which stops at the first failing program and keeps both cores busy with
    // two checks at once, gains nothing from a second child: it runs one.
    static let parts = ProcessInfo.processInfo.environment["RXDEMO_GENERATED_UNTIL_FAILING"] == "1" ? 1 : 2

    // Whether program `number` (from 1) is run by child `part`.
    static func isRun(_ number: Int, by part: Int) -> Bool { (number - 1) % parts == part }

    // Runs the step's programs in the children and reads back how many there are and each
    // one's trace; a program that crashed or hung has `finished` false, and the ones after it
    // in its child did not run.
    static func play<Adapter: StepAdapter>(on adapter: Adapter.Type) async -> (
        total: Int, runs: [Int: Outcome], stopped: Bool
    ) {
        // The children find the adapter by its name; where a child cannot be made, it runs here.
        let (name, step, here) = (
            _mangledTypeName(Adapter.self), Adapter.step, UncheckedSendable<any StepAdapter.Type>(value: adapter)
        )
        return await inParts { part, path in
            #if compiler(>=6.3)
                if let name {
                    await playIsolated(adapterNamed: name, step: step, part: part, to: path)
                    return
                }
            #endif
            await playHere(on: here.value, part: part, to: path)
        }
    }

    // Each part's run, side by side, each into a file of its own; then what they wrote, together.
    static func inParts(_ play: @escaping @Sendable (Int, String) async -> Void) async -> (
        total: Int, runs: [Int: Outcome], stopped: Bool
    ) {
        let paths = (0..<parts).map { _ in NSTemporaryDirectory() + "/rxdemo-\(UUID().uuidString).generated" }
        await withTaskGroup(of: Void.self) { group in
            for (part, path) in paths.enumerated() { group.addTask { await play(part, path) } }
        }
        return paths.map(read).reduce((total: 0, runs: [:], stopped: false)) { together, part in
            (
                max(together.total, part.total), together.runs.merging(part.runs) { first, _ in first },
                together.stopped || part.stopped
            )
        }
    }

    #if compiler(>=6.3)
        // Exit tests cannot be written in generic code: the child finds the adapter by name.
        static func playIsolated(adapterNamed name: String, step: Step, part: Int, to path: String) async {
            Watchdog.prepareChildren()
            await #expect(processExitsWith: .success, "\(step) crashed or hung in a generated program") {
                [name = name as String, part = part as Int, path = path as String] in
                guard let adapter = _typeByName(name) as? any StepAdapter.Type else {
                    preconditionFailure("no StepAdapter named \(name) in this test process")
                }
                QuickTraps.install()
                await GeneratedRun.playHere(on: adapter, part: part, to: path)
            }
        }
    #endif

    // The child's side: "T 3092" (how many, in all parts), then for each of its part's programs
    // "P 12 9c1e0f3a2b4d5e6f" (its number and fingerprint), the trace a line each
    // ("| t0 receive 1"), "E 12". The bridge's programs (step 15) are the first part's.
    static func playHere<Adapter: StepAdapter>(on adapter: Adapter.Type, part: Int, to path: String) async {
        let (out, restore) = redirected(to: path)
        defer { restore() }
        let programs = Adapter.step.generatedPrograms.filter { isRun($0.number, by: part) }
        let bridge = part == 0 ? Adapter.step.bridgePrograms : []
        out.write(Data("T \(Adapter.step.generatedPrograms.count + Adapter.step.bridgePrograms.count)\n".utf8))
        let fails = firstFailure(of: Adapter.step)
        let stopped = Box(false)
        let run = UncheckedSendable(value: {
            // Made on the thread that runs the programs, so that a recursion there is named.
            let watchdog = Watchdog({ "" }, limit: 5, output: path + ".stdout", maxTicks: 20_000)
            for program in programs {
                let trace = record(program.number, program.fingerprint, to: out, watchdog: watchdog) { emit in
                    _ = program.scenario.run(on: adapter, onRecord: emit)
                }
                if let fails, fails(program.number, trace, program.scenario) {
                    out.write(Data("S\n".utf8))
                    stopped.value = true
                    break
                }
            }
            watchdog.stop()
        })
        // Drivers are driven on the main thread, as RxSwift asks.
        if Adapter.step.capabilities.contains(.bindings) {
            await MainActor.run { run.value() }
        } else {
            run.value()
        }
        for program in bridge where !stopped.value {
            out.write(Data("P \(program.number) \(program.fingerprint)\n".utf8))
            let watchdog = Watchdog(
                { tr("generated program \(program.number)", "生成的第 \(program.number) 个程序") }, limit: 5,
                output: path + ".stdout", maxTicks: 20_000)
            for entry in await program.run(on: adapter) {
                watchdog.tick()
                out.write(Data("| \(entry)\n".utf8))
            }
            watchdog.stop()
            out.write(Data("E \(program.number)\n".utf8))
        }
    }

    // The child's files: the trace to `path`, what it prints beside it; undone by `restore`.
    static func redirected(to path: String) -> (out: FileHandle, restore: () -> Void) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            FileManager.default.createFile(atPath: path + ".stderr", contents: nil),
            FileManager.default.createFile(atPath: path + ".stdout", contents: nil),
            let out = FileHandle(forWritingAtPath: path),
            let errors = FileHandle(forWritingAtPath: path + ".stderr"),
            let printed = FileHandle(forWritingAtPath: path + ".stdout")
        else { preconditionFailure("cannot write \(path)") }
        let (savedError, savedOutput) = (dup(STDERR_FILENO), dup(STDOUT_FILENO))
        dup2(errors.fileDescriptor, STDERR_FILENO)
        dup2(printed.fileDescriptor, STDOUT_FILENO)
        return (
            out,
            {
                dup2(savedError, STDERR_FILENO)
                dup2(savedOutput, STDOUT_FILENO)
            }
        )
    }

    // One program, between its "P" and "E" lines, as the next run of the batch's watchdog.
    // Returns the trace, for a child that stops at its first failing program.
    @discardableResult
    static func record(
        _ number: Int, _ fingerprint: String, to out: FileHandle, watchdog: Watchdog,
        _ run: (@escaping (String) -> Void) -> Void
    ) -> [String] {
        out.write(Data("P \(number) \(fingerprint)\n".utf8))
        watchdog.next { tr("generated program \(number)", "生成的第 \(number) 个程序") }
        let trace = Box<[String]>([])
        run { entry in
            watchdog.tick()
            out.write(Data("| \(entry)\n".utf8))
            trace.value.append(entry)
        }
        out.write(Data("E \(number)\n".utf8))
        return trace.value
    }

    // RXDEMO_GENERATED_UNTIL_FAILING=1 (the self-test's mistakes): the child stops at its first
    // program whose trace the recorded ones do not allow, and says so ("S"). Whether the
    // programs catch a mistake is then known, not how many of them do.
    static func firstFailure(of step: Step) -> ((Int, [String], Scenario?) -> Bool)? {
        let environment = ProcessInfo.processInfo.environment
        guard environment["RXDEMO_GENERATED_UNTIL_FAILING"] == "1", let recorded = RecordedTraces.load(step) else {
            return nil
        }
        let isReference = (environment["RXDEMO_WORKSPACE"] ?? "").isEmpty
        return { number, trace, scenario in
            guard let entry = recorded.entry(number), entry.why != DeclaredDifference.unstable else { return false }
            return !passes(
                GeneratedProgram.comparable(trace), of: entry, step: step, isReference: isReference,
                scenario: scenario)
        }
    }

    static func read(_ path: String) -> (total: Int, runs: [Int: Outcome], stopped: Bool) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let message = (try? String(contentsOfFile: path + ".stderr", encoding: .utf8)) ?? ""
        for file in [path, path + ".stderr", path + ".stdout"] { try? FileManager.default.removeItem(atPath: file) }
        var total = 0
        var outcomes: [Int: Outcome] = [:]
        var current: Int? = nil
        var stopped = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("T "), let count = Int(line.dropFirst(2)) {
                total = count
            } else if line.hasPrefix("P ") {
                let words = line.split(separator: " ")
                guard words.count == 3, let number = Int(words[1]) else { continue }
                current = number
                outcomes[number] = Outcome(fingerprint: String(words[2]))
            } else if line.hasPrefix("| "), let number = current {
                outcomes[number]?.trace.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("E "), let number = current {
                outcomes[number]?.finished = true
                current = nil
            } else if line == "S" {
                stopped = true
            }
        }
        if let current { outcomes[current]?.message = message }
        for (number, outcome) in outcomes where outcome.finished {
            outcomes[number]?.trace = GeneratedProgram.comparable(outcome.trace)
        }
        return (total, outcomes, stopped)
    }
}

// The demand act's generated programs (Tests/TraceSuite/DemandPrograms.swift), as
// `verifyGenerated` runs the scenarios' programs: in two child processes, each judged against
// what OpenCombine and the reference step print.
public func verifyDemandGenerated<Adapter: DemandStepAdapter>(on adapter: Adapter.Type) async {
    let step = Adapter.step
    let environment = ProcessInfo.processInfo.environment
    let recordTo = environment["RXDEMO_RECORD_GENERATED"].flatMap { $0.isEmpty ? nil : $0 }
    let isReference = (environment["RXDEMO_WORKSPACE"] ?? "").isEmpty
    // Read while the children run, as for the observables' programs.
    async let loading = recordTo == nil ? RecordedTraces.load(step) : nil
    let (name, here) = (_mangledTypeName(Adapter.self), UncheckedSendable<any DemandStepAdapter.Type>(value: adapter))
    let (total, runs, stopped) = await GeneratedRun.inParts { part, path in
        #if compiler(>=6.3)
            if let name {
                await GeneratedRun.playDemandIsolated(adapterNamed: name, step: step, part: part, to: path)
                return
            }
        #endif
        GeneratedRun.playDemandHere(on: here.value, part: part, to: path)
    }
    let recorded = await loading
    if recordTo == nil && recorded == nil {
        Issue.record("\(RecordedTraces.path(of: step)) is missing: run 'make generated'")
        return
    }
    let code = { (number: Int) in step.generatedCode(number) ?? [] }
    if let recordTo {
        record(step: step, total: total, runs: runs, to: recordTo, code: code)
        return
    }
    guard let recorded else { return }
    judgeGenerated(
        step: step, total: total, runs: runs, recorded: recorded, isReference: isReference, code: code,
        scenario: { _ in nil }, stoppedEarly: stopped)
}

extension GeneratedRun {
    #if compiler(>=6.3)
        // Exit tests cannot be written in generic code: the child finds the adapter by name.
        static func playDemandIsolated(adapterNamed name: String, step: Step, part: Int, to path: String) async {
            Watchdog.prepareChildren()
            await #expect(processExitsWith: .success, "\(step) crashed or hung in a generated program") {
                [name = name as String, part = part as Int, path = path as String] in
                guard let adapter = _typeByName(name) as? any DemandStepAdapter.Type else {
                    preconditionFailure("no DemandStepAdapter named \(name) in this test process")
                }
                QuickTraps.install()
                GeneratedRun.playDemandHere(on: adapter, part: part, to: path)
            }
        }
    #endif

    // The child's side for the demand act, in the same format as `playHere`.
    static func playDemandHere(on adapter: any DemandStepAdapter.Type, part: Int, to path: String) {
        let (out, restore) = redirected(to: path)
        defer { restore() }
        let all = adapter.step.generatedDemandPrograms
        let programs = all.filter { isRun($0.number, by: part) }
        out.write(Data("T \(all.count)\n".utf8))
        let watchdog = Watchdog({ "" }, limit: 5, output: path + ".stdout", maxTicks: 20_000)
        let fails = firstFailure(of: adapter.step)
        for program in programs {
            let trace = record(program.number, program.fingerprint, to: out, watchdog: watchdog) {
                adapter.run(program.program, emit: $0)
            }
            if let fails, fails(program.number, trace, nil) {
                out.write(Data("S\n".utf8))
                break
            }
        }
        watchdog.stop()
    }
}

// What a child's closures write and its loop reads, on one thread at a time.
private final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
