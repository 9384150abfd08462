import Foundation
import TraceSuite

// What ThreadSanitizer saw in one thread scenario, or in all of them at once.
struct SanitizerOutcome {
    let name: String
    let exposesUnlockedState: Bool
    let races: [String]
    let crashed: Bool
    let failed: Bool
    let log: String

    // What the step should show: its known defect before step 09, nothing from step 09 on.
    func asExpected(for step: Step) -> Bool {
        if step.isThreadSafe { return races.isEmpty && !crashed && !failed }
        return exposesUnlockedState ? !races.isEmpty || crashed : !crashed
    }
}

// Where a check builds under ThreadSanitizer: the workshop's, or the self-test's.
func sanitizerScratch(root: String) -> String {
    buildFolder("tsan-", root: root)
}

// Builds the step (or a workspace, through `environment`) with ThreadSanitizer in `scratch`,
// unless `built` says `sanitizerBuild` already has, and runs each thread scenario on its own,
// its reports in a folder of its own; or, `together`, all of them in one run of fewer rounds
// (the sanitizer needs no collision to see a race), which is what a workshop check can afford
// after every edit.
func sanitizerRun(
    _ step: Step, environment: [String: String], scratch: String, together: Bool = false, built: Bool = false
) throws -> [SanitizerOutcome] {
    if !built { try sanitizerBuild(step, environment: environment, scratch: scratch) }
    let environment = environment.merging(["RXDEMO_STEP": step.number]) { $1 }
    let runs: [(name: String, id: String, exposing: Bool)] =
        together
        ? [(tr("every thread scenario", "所有线程场景"), "", step.threadScenarios.contains(where: \.exposesUnlockedState))]
        : step.selectedThreadScenarios.map { ($0.localizedName, "\($0.id)", $0.exposesUnlockedState) }
    func runOnce(_ scenario: (name: String, id: String, exposing: Bool)) throws -> SanitizerOutcome {
        let reports = "\(scratch)/tsan-reports/\(step)-\(scenario.id.isEmpty ? "all" : scenario.id)"
        try? files.removeItem(atPath: reports)
        try files.createDirectory(atPath: reports, withIntermediateDirectories: true)
        let test = try run(
            builtTests(in: scratch, sanitizer: true, filter: "RxDemo\(step.number)Tests.threads"),
            environment: environment.merging([
                // atexit_sleep_ms: ThreadSanitizer waits a second at exit for threads still
                // running; a scenario's threads have all ended by then. handle_segv and
                // handle_sigbus: a crash of corrupted unlocked state while another thread
                // reports a race deadlocked ThreadSanitizer's two reports (an unlocked Sink of
                // step 17, in about one run in five); the signal now ends the process at once,
                // and the check says the step crashed.
                "RXDEMO_SCENARIO": scenario.id,
                "TSAN_OPTIONS": "log_path=\(reports)/report atexit_sleep_ms=0 handle_segv=0 handle_sigbus=0",
                "RXDEMO_SANITIZER": "thread",
                // The runtime's backtracer and ThreadSanitizer wait for each other after a crash
                // (the unlocked bag of steps 06-08 may crash): the process hung until its
                // timeout. ThreadSanitizer reports the crash itself ("ERROR: ThreadSanitizer").
                "SWIFT_BACKTRACE": "enable=no",
                // A check after every edit runs 20 rounds: the flag scenarios' races show in
                // the first, and the rest is for the plain assertions. The demand act's
                // scenarios race whole calls, whose races ThreadSanitizer names in some rounds
                // only (an unlocked Sink's cancel: 1 of 5 checks at 20 rounds, 8 of 8 at 200).
                "RXDEMO_THREAD_ROUNDS": together ? (step.isDemandAct ? "200" : "20") : "\(ThreadScenario.rounds)",
            ]) { $1 }, timeout: sanitizerTimeout)
        try? write(test.output, to: "\(reports)/test.log")
        // A signal, or a crash that ThreadSanitizer caught and reported ("ERROR: ThreadSanitizer:
        // SEGV"); not its exit code 66 after a race.
        let sanitizerError = "ERROR: ThreadSanitizer:"  // both languages
        let crashed =
            test.output.contains("→ .signal(")
            || listFiles(in: reports).contains { (read("\(reports)/\($0)") ?? "").contains(sanitizerError) }
        return SanitizerOutcome(
            name: scenario.name, exposesUnlockedState: scenario.exposing, races: raceSummaries(in: reports, step: step),
            crashed: crashed, failed: test.status != 0, log: "\(reports)/test.log")
    }
    // A step that is not thread-safe must show its race in a scenario that exposes its unlocked
    // state; ThreadSanitizer names a race only in the rounds where the two threads met, fewer
    // on a busy machine (once, with CI's self-test beside it: none in 200 rounds; CI now runs
    // these after the self-test). Such a scenario gets up to three runs before it is said to
    // show none.
    func runUntilSeen(_ scenario: (name: String, id: String, exposing: Bool)) throws -> SanitizerOutcome {
        var outcome = try runOnce(scenario)
        for _ in 1..<3 where !step.isThreadSafe && scenario.exposing && outcome.races.isEmpty && !outcome.crashed {
            outcome = try runOnce(scenario)
        }
        return outcome
    }
    return try runs.map(runUntilSeen)
}

// A run under ThreadSanitizer takes seconds (step 15's, every scenario: about 2 s); one that has
// not ended in two minutes is stuck inside it, and the check says so rather than wait ten.
let sanitizerTimeout = 120.0

func sanitizerBuild(_ step: Step, environment: [String: String], scratch: String) throws {
    let workspace = environment["RXDEMO_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 } ?? "Steps/\(step)"
    let build = try quickBuild(
        ["swift", "build", "--build-tests", "--sanitize=thread", "--scratch-path", scratch], scratch: scratch,
        changing: workspace, environment: environment.merging(["RXDEMO_STEP": step.number]) { $1 })
    guard build.status == 0 else {
        print(build.output)
        throw WorkshopError(
            description: tr(
                "the ThreadSanitizer build of \(step) failed (output above)", "\(step) 的 ThreadSanitizer 构建失败（输出见上）"),
            status: 1)
    }
}

// `make test-threads STEP=NN`: the thread scenarios under ThreadSanitizer, one at a time, and
// the races it reports, named by the step's own functions and lines. Steps 06-08 must show
// their defect in every scenario (a race, or a crash of the unlocked bag); step 09 and later
// must show none.
// With `workspace` (MINE=1), the participant's own code is built and raced instead.
func testThreads(_ step: Step, workspace: Workspace? = nil) throws -> Int32 {
    guard !step.threadScenarios.isEmpty else {
        throw WorkshopError(
            description: tr("\(step) has no thread scenarios; they start at step 06", "\(step) 没有线程场景；线程场景从第 06 步开始"))
    }
    var environment: [String: String] = [:]
    if let workspace {
        guard isDirectory(workspace.path) else {
            throw WorkshopError(
                description: tr(
                    "there is no \(workspace.path) to race; 'make start STEP=\(workspace.number)' creates it, and without MINE=1 the reference runs",
                    "没有 \(workspace.path) 可以检验；'make start STEP=\(workspace.number)' 会创建它，不加 MINE=1 则检验参考实现"))
        }
        environment["RXDEMO_WORKSPACE"] = workspace.path
    }
    let scratch = workspace == nil ? ".build-tsan" : ".build-tsan-workshop"
    let what = workspace.map { "\($0.path) as \(step)" } ?? "\(step)"
    print(
        tr(
            "\(what): building with ThreadSanitizer (swift build --sanitize=thread, in \(scratch)) …",
            "\(what)：用 ThreadSanitizer 构建（swift build --sanitize=thread，在 \(scratch) 里）……"))
    let outcomes = try sanitizerRun(step, environment: environment, scratch: scratch)
    print(
        tr(
            "Each scenario: \(ThreadScenario.rounds) rounds of two threads released at the same moment"
                + " (ROUNDS=n sets how many).",
            "每个场景：\(ThreadScenario.rounds) 轮，每轮两个线程在同一时刻放开（ROUNDS=n 设定轮数）。"))
    for outcome in outcomes {
        print()
        print("«\(localizedScenarioName(outcome.name))»")
        describe(outcome).forEach { print("  " + $0) }
        print(
            "  "
                + (step.isThreadSafe
                    ? (outcome.asExpected(for: step)
                        ? tr("Clean, as a thread-safe step must be.", "干净，线程安全的步骤就该这样。")
                        : tr("✘ \(step) is meant to be thread-safe.", "✘ \(step) 应当是线程安全的。"))
                    : !outcome.exposesUnlockedState
                        ? (outcome.asExpected(for: step)
                            ? tr("Passes: with no lock, nothing can be held too long.", "通过：没有锁，就不会有锁被持有太久。")
                            : tr("✘ crashed", "✘ 崩溃了"))
                        : (outcome.asExpected(for: step)
                            ? tr(
                                "As expected: \(step)'s known defect (\(step.isSideStep ? "an unlocked dictionary of subscribers" : step.isDemandAct ? "demand, status and waiting subscribers in plain variables" : "plain flags and an unlocked bag")).",
                                "符合预期：\(step) 的已知缺陷（\(step.isSideStep ? "订阅者字典没有加锁" : step.isDemandAct ? "需求、状态和等待中的订阅者都是普通变量" : "普通标志位和没有加锁的 Bag")）。"
                            )
                            : tr(
                                "✘ expected a race or a crash: \(step) is not thread-safe",
                                "✘ 预期会有数据竞争或崩溃：\(step) 不是线程安全的"))))
    }
    var unexpected = outcomes.filter { !$0.asExpected(for: step) }.count
    if !step.selectedInterleavingScenarios.isEmpty {
        print()
        print(
            tr(
                "Interleavings (Tools/Explorer): \(what) built with instrumented locks and atomics; every order\n"
                    + "of the two threads' lock and atomic operations with at most two preemptions, checked after each.",
                "交错（Tools/Explorer）：\(what) 用插桩的锁和原子操作构建；两个线程的锁和原子操作，\n"
                    + "最多两次抢占的每一种顺序，每种之后都检查一遍。"))
        let explored = try exploreInterleavings(
            step, folder: workspace?.path ?? "Steps/\(step)",
            scratch: workspace == nil ? ".build-explore" : ".build-explore-workshop",
            scenarios: step.selectedInterleavingScenarios)
        for outcome in explored {
            print()
            describe(outcome).forEach { print($0) }
            if let known = outcome.scenario.knownCallOut(in: step) {
                // A check-then-act the step keeps is a known fault, not a call-out.
                let kind =
                    known.verdictSays.isEmpty
                    ? tr("known call-out under a lock", "已知的持锁调用外部代码") : tr("known fault", "已知缺陷")
                print(
                    outcome.asExpected(for: step)
                        ? tr(
                            "  As expected: \(step)'s \(kind): \(known.title) (\(known.rxSwift)).",
                            "  符合预期：\(step) \(kind)：\(known.chineseTitle)（\(known.chineseRxSwift)）。")
                        : tr(
                            "  ✘ expected \(step)'s \(kind): \(known.title) (\(known.rxSwift)).",
                            "  ✘ 预期 \(step) \(kind)：\(known.chineseTitle)（\(known.chineseRxSwift)）。"))
            }
        }
        unexpected += explored.filter { !$0.asExpected(for: step) }.count
    }
    print()
    print(
        unexpected == 0
            ? tr("\(step): every thread scenario as expected.", "\(step)：每个线程场景都符合预期。")
            : tr("\(step): \(unexpected) unexpected.", "\(step)：\(unexpected) 个不符合预期。"))
    return unexpected == 0 ? 0 : 1
}

func describe(_ outcome: SanitizerOutcome) -> [String] {
    var lines: [String] = []
    if outcome.races.isEmpty {
        lines.append(tr("ThreadSanitizer: no race", "ThreadSanitizer：没有数据竞争"))
    } else {
        let count = outcome.races.count
        lines.append(
            tr("ThreadSanitizer: \(count) distinct race\(count == 1 ? "" : "s"):", "ThreadSanitizer：\(count) 处不同的数据竞争：")
        )
        lines += outcome.races.map { "  - \($0)" }
    }
    if outcome.crashed {
        lines.append(
            tr("The step crashed in it (its unlocked state was corrupted).", "这一步在其中崩溃了（它没有加锁的状态被破坏了）。"))
    }
    if outcome.failed && !outcome.crashed { lines.append(tr("The test failed: \(outcome.log)", "测试失败：\(outcome.log)")) }
    return lines
}

// «scenario», then what the explorer printed after its own first line (which names the id).
func describe(_ outcome: ExplorationOutcome) -> [String] {
    // The id, then a colon in the report's language: a file:line later on is no separator.
    let first = outcome.lines.first ?? ""
    let rest = first.hasPrefix(outcome.scenario.key) ? first.dropFirst(outcome.scenario.key.count) : Substring(first)
    let summary = rest.drop { $0 == ":" || $0 == "：" }.trimmingCharacters(in: .whitespaces)  // both languages
    return ["«\(outcome.scenario.localizedName)»", "  " + summary] + outcome.lines.dropFirst()
}

// "SinkDisposer.dispose() (SinkDisposer.swift:45) ↔ SinkDisposer.dispose() (SinkDisposer.swift:45)"
// for each race ThreadSanitizer reported, by the innermost frame in the step's own files.
func raceSummaries(in folder: String, step: Step) -> [String] {
    // The step's own files, in Steps/ or in a workspace.
    let marker = "/\(step)/"
    var pairs: [[(symbol: String, place: String)]] = []
    for file in listFiles(in: folder) where file.hasPrefix("report") {
        var current: [(symbol: String, place: String)]? = nil
        var inAccess = false
        for line in (read("\(folder)/\(file)") ?? "").split(separator: "\n").map(String.init) {
            if line.hasPrefix("WARNING: ThreadSanitizer:") {  // both languages
                if let current { pairs.append(current) }
                current = []
                inAccess = false
            } else if line.hasPrefix("  ") && !line.hasPrefix("    ") {
                // "  Write of size 8 … by thread T6:", "  Previous read …": a new access.
                inAccess = line.contains(" by ") || line.contains("access")
            } else if inAccess, line.contains(marker), let frame = stepFrame(line, marker: marker) {
                current?.append(frame)
                inAccess = false
            }
        }
        if let current { pairs.append(current) }
    }
    let symbols = Array(Set(pairs.flatMap { $0.map(\.symbol) }))
    let names = demangled(symbols)
    var seen: [String] = []
    for pair in pairs where !pair.isEmpty {
        let text = pair.prefix(2).map { "\(names[$0.symbol] ?? $0.symbol) (\($0.place))" }.joined(separator: " ↔ ")
        if !seen.contains(text) { seen.append(text) }
    }
    return seen
}

// The symbol and "File.swift:45" of a frame line like
// "    #1 $s8RxDemo0812SinkDisposerC7disposeyyF /…/Steps/RxDemo08/SinkDisposer.swift:45:34 (…)".
func stepFrame(_ line: String, marker: String) -> (symbol: String, place: String)? {
    let words = line.split(separator: " ").map(String.init)
    guard words.count >= 3, let path = words.first(where: { $0.contains(marker) }) else { return nil }
    let place = path.components(separatedBy: marker).last ?? path
    let parts = place.split(separator: ":")
    // A frame without a line (an inlined helper) says less than the caller below it.
    guard parts.count >= 2 else { return nil }
    return (words[1], parts.prefix(2).joined(separator: ":"))
}

// Swift symbol names as people read them, from the toolchain's `swift demangle`.
func demangled(_ symbols: [String]) -> [String: String] {
    guard !symbols.isEmpty,
        let result = try? run(["swift", "demangle", "--simplified", "--compact"] + symbols), result.status == 0
    else { return [:] }
    let lines = result.output.split(separator: "\n").map(String.init)
    guard lines.count == symbols.count else { return [:] }
    var names: [String: String] = [:]
    for (symbol, name) in zip(symbols, lines) {
        // "SinkDisposer.dispose()" from "RxDemo08.SinkDisposer.dispose() -> ()" and the like.
        let short = name.replacingOccurrences(of: " -> ()", with: "").split(separator: ".").dropFirst()
            .joined(separator: ".")
        names[symbol] = short.isEmpty ? name : short
    }
    return names
}

extension Command {
    static let threads = Command(
        name: "threads", takes: "NN", help: "thread scenarios under ThreadSanitizer, then the explorer (MINE=1: yours)"
    ) { invocation in
        let chosen = try invocation.workspace()
        return try testThreads(chosen.step, workspace: invocation.isOn("MINE") ? chosen : nil)
    }
}
