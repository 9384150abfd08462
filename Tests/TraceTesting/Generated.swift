import Foundation
import Testing
import TraceSuite

// The generated programs of a step (Tests/TraceSuite/Programs.swift), all in one child
// process with a watchdog per program, each trace judged against what RxSwift and the
// reference step print (Tests/Generated). A workspace may print either; the reference step
// itself must print its own recorded trace. RXDEMO_RECORD_GENERATED=folder records the
// traces there instead of judging them (`make generated`).
public func verifyGenerated<Adapter: StepAdapter>(on adapter: Adapter.Type) async {
    let step = Adapter.step
    let programs = step.generatedPrograms
    let environment = ProcessInfo.processInfo.environment
    let recordTo = environment["RXDEMO_RECORD_GENERATED"].flatMap { $0.isEmpty ? nil : $0 }
    let isReference = (environment["RXDEMO_WORKSPACE"] ?? "").isEmpty
    var recorded: RecordedTraces? = nil
    if recordTo == nil {
        guard let loaded = RecordedTraces.load(step) else {
            Issue.record("\(RecordedTraces.path(of: step)) is missing: run 'make generated'")
            return
        }
        let stale = programs.filter { loaded.entry($0.number)?.fingerprint != $0.fingerprint }
        guard stale.isEmpty else {
            Issue.record(
                "\(step): \(stale.count) generated programs are not the ones recorded in \(RecordedTraces.folder) (program \(stale[0].number) first): the generator changed; record them again (MAINTAINING.md, «Recording RxSwift's traces»)"
            )
            return
        }
        recorded = loaded
    }
    let runs = await GeneratedRun.play(programs, on: adapter)
    if let recordTo {
        // A reference step must run every program to its end.
        for program in programs where runs[program.number]?.finished != true {
            let run = runs[program.number]
            Issue.record(
                Comment(
                    rawValue: "\(step) did not finish generated program \(program.number):\n"
                        + (program.scenario.swiftCode(for: step) + [
                            crashAdvice(trace: run?.trace ?? [], message: run?.message ?? "")
                        ])
                        .joined(separator: "\n")))
            break
        }
        let entries = programs.map { program in
            RecordedTraces.Entry(
                number: program.number, fingerprint: program.fingerprint, rxSwift: runs[program.number]?.trace)
        }
        try? FileManager.default.createDirectory(atPath: recordTo, withIntermediateDirectories: true)
        try? RecordedTraces(header: [], entries: entries).text.write(
            toFile: "\(recordTo)/\(step).txt", atomically: true, encoding: .utf8)
        return
    }
    var failing: [(program: GeneratedProgram, run: GeneratedRun.Outcome?, expected: [String])] = []
    for program in programs {
        guard let entry = recorded?.entry(program.number), entry.why != DeclaredDifference.unstable else { continue }
        let run = runs[program.number]
        let allowed = isReference ? [entry.referenceTrace].compactMap { $0 } : entry.allowed
        let judged = { step.judged($0, against: entry.rxSwift) }
        if let run, run.finished, allowed.map(judged).contains(judged(run.trace)) { continue }
        // Some of the reference step's defects kept, the others fixed.
        if !isReference, let run, run.finished, let rxSwift = entry.rxSwift,
            step.keepsSomeOf(entry.defects(of: step), run.trace, of: program.scenario, rxSwift: rxSwift)
        {
            continue
        }
        // The expected trace closest to what the step printed, for the side-by-side view.
        let actual = run?.trace ?? []
        let closest = allowed.max { firstDifference($0, actual) ?? .max < firstDifference($1, actual) ?? .max }
        failing.append((program, run, closest ?? []))
    }
    // The one to show: the shortest as Swift, of the smallest few that fail (a crash first: the
    // programs after it did not run).
    let shortest =
        failing.first { $0.run?.finished == false }
        ?? failing.prefix(20).min {
            ($0.program.scenario.swiftCode(for: step).count, $0.program.number)
                < ($1.program.scenario.swiftCode(for: step).count, $1.program.number)
        }
    GeneratedReport(
        ran: runs.count, of: programs.count, failing: failing.count,
        first: shortest.map {
            .init(
                number: $0.program.number, expected: $0.expected, trace: $0.run?.trace ?? [],
                finished: $0.run?.finished ?? false, message: $0.run?.message ?? "")
        }
    ).write(for: step)
    if let first = shortest {
        let scenario = first.program.scenario.expecting(first.expected)
        let lines =
            [
                "\(step): \(failing.count) of \(programs.count) generated programs print what neither RxSwift nor the reference step prints; the shortest, program \(first.program.number):"
            ] + scenario.swiftCode(for: step).map { "    " + $0 }
            + (first.run?.finished == false
                ? [crashAdvice(trace: first.run?.trace ?? [], message: first.run?.message ?? "")]
                : sideBySide(scenario, actual: first.run?.trace ?? []))
        Issue.record(Comment(rawValue: lines.joined(separator: "\n")))
    }
}

enum GeneratedRun {
    struct Outcome {
        var trace: [String] = []
        var finished = false
        var message = ""
    }

    // Runs the programs in a child process and reads back each one's trace; a program that
    // crashed or hung has `finished` false, and the ones after it did not run.
    static func play<Adapter: StepAdapter>(_ programs: [GeneratedProgram], on adapter: Adapter.Type) async
        -> [Int: Outcome]
    {
        let path = NSTemporaryDirectory() + "/rxdemo-\(UUID().uuidString).generated"
        #if compiler(>=6.3)
            if let name = _mangledTypeName(Adapter.self) {
                await playIsolated(adapterNamed: name, step: Adapter.step, to: path)
                return read(path)
            }
        #endif
        await playHere(on: adapter, to: path)
        return read(path)
    }

    #if compiler(>=6.3)
        // Exit tests cannot be written in generic code: the child finds the adapter by name.
        static func playIsolated(adapterNamed name: String, step: Step, to path: String) async {
            Watchdog.prepareChildren()
            await #expect(processExitsWith: .success, "\(step) crashed or hung in a generated program") {
                [name = name as String, path = path as String] in
                guard let adapter = _typeByName(name) as? any StepAdapter.Type else {
                    preconditionFailure("no StepAdapter named \(name) in this test process")
                }
                await GeneratedRun.playHere(on: adapter, to: path)
            }
        }
    #endif

    // The child's side: "P 12", the trace a line each ("| t0 receive 1"), "E 12".
    static func playHere<Adapter: StepAdapter>(on adapter: Adapter.Type, to path: String) async {
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
        defer {
            dup2(savedError, STDERR_FILENO)
            dup2(savedOutput, STDOUT_FILENO)
        }
        let programs = Adapter.step.generatedPrograms
        let run = UncheckedSendable(value: {
            for program in programs {
                out.write(Data("P \(program.number)\n".utf8))
                let watchdog = Watchdog(
                    { tr("generated program \(program.number)", "生成的第 \(program.number) 个程序") }, limit: 5,
                    output: path + ".stdout", maxTicks: 20_000)
                _ = program.scenario.run(on: adapter) { entry in
                    watchdog.tick()
                    out.write(Data("| \(entry)\n".utf8))
                }
                watchdog.stop()
                out.write(Data("E \(program.number)\n".utf8))
            }
        })
        // Drivers are driven on the main thread, as RxSwift asks.
        if Adapter.step.capabilities.contains(.bindings) {
            await MainActor.run { run.value() }
        } else {
            run.value()
        }
    }

    static func read(_ path: String) -> [Int: Outcome] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let message = (try? String(contentsOfFile: path + ".stderr", encoding: .utf8)) ?? ""
        for file in [path, path + ".stderr", path + ".stdout"] { try? FileManager.default.removeItem(atPath: file) }
        var outcomes: [Int: Outcome] = [:]
        var current: Int? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("P "), let number = Int(line.dropFirst(2)) {
                current = number
                outcomes[number] = Outcome()
            } else if line.hasPrefix("| "), let number = current {
                outcomes[number]?.trace.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("E "), let number = current {
                outcomes[number]?.finished = true
                current = nil
            }
        }
        if let current { outcomes[current]?.message = message }
        for (number, outcome) in outcomes where outcome.finished {
            outcomes[number]?.trace = GeneratedProgram.comparable(outcome.trace)
        }
        return outcomes
    }
}
