import Foundation
import TraceSuite

// `make check STEP=NN`: compiles a workspace as step NN, runs step NN's scenarios and shape
// test against it, and turns what they recorded into a short report.

// A check's summary, stored in English, in the course's language.
func spoken(summary: String) -> String {
    guard CourseLanguage.current == .simplifiedChinese else { return summary }
    let phrases = [
        (#"^done$"#, "已完成"), (#"^does not compile$"#, "编译不通过"),  // both languages
        (#"^(\d+) of (\d+) pass"#, "通过 $1/$2"), (#", shape checks fail"#, "，结构检查失败"),  // both languages
        (#", thread scenarios fail"#, "，线程场景失败"),  // both languages
        (#", generated programs fail"#, "，生成的程序失败"),  // both languages
    ]
    return phrases.reduce(summary) { text, phrase in
        text.replacingOccurrences(of: phrase.0, with: phrase.1, options: .regularExpression)
    }
}

// The test process as a whole: every scenario stuck in step code is stopped within seconds,
// so this only ends a hang of the suite itself.
let testProcessTimeout = 600.0

struct CheckResult {
    enum Status { case doesNotCompile, notDone, done }
    let status: Status
    // One line for `make progress` and the self-test table.
    let summary: String
    // What the self-test asks of a lock-order mistake: traces and shape pass, the explorer breaks.
    var tracesAndShapePass = false
    var brokenInterleavings: [InterleavingScenarioID] = []
    // Whether the generated programs alone tell this step from the reference, and whether the
    // hand-written scenarios or the shape checks do (the self-test asks).
    var generatedCatch = false
    var scenariosFail = false
    var shapeFails = false
    // How many lines the smallest failing generated program takes, printed as Swift.
    var generatedLines: Int? = nil
    // Where runs the watchdog stopped stood ("Workshop/RxDemo04/Map.swift:14 in …").
    var stuck: [String] = []
    // What the failing scenarios printed: the self-test records a mistake's output.
    var failingRecords: [ScenarioRecord] = []
}

// When a thread-safe step's thread rounds run. A participant's check runs them always; the
// self-test asks only whether a mistake is caught and by what, and the rounds change neither
// once the traces fail (a mistake the explorer alone must catch needs none at all), and neither
// changes with how many generated programs fail: with `.whenTracesPass` they stop at the first
// that fails.
enum ThreadRounds { case always, whenTracesPass, never }

// `sanitizer: false` skips the ThreadSanitizer run: the self-test's lock-order mistakes need
// only the explorer's verdict, and `exploring` names the one explored scenario they ask about.
func check(
    _ workspace: Workspace, verbose: Bool, quiet: Bool = false, sanitizer: Bool = true,
    rounds: ThreadRounds = .always, exploring: InterleavingScenarioID? = nil
) throws -> CheckResult {
    let step = workspace.step
    guard isDirectory(workspace.path) else {
        throw WorkshopError(
            description: tr(
                "there is no workspace \(workspace.path) yet: run 'make start STEP=\(workspace.number)' to begin \(workspace.step.spokenName)",
                "还没有工作区 \(workspace.path)：先运行 make start STEP=\(workspace.number)，开始\(workspace.step.spokenName)"))
    }
    let strays = listFiles(in: workspace.path).filter { !$0.hasSuffix(".swift") }
    guard strays.isEmpty else {
        throw WorkshopError(
            description: tr(
                """
                \(workspace.path) may hold only Swift files (SwiftPM compiles everything in it), but it has: \
                \(strays.joined(separator: ", ")).
                Move them out, e.g. to \(workspace.root)/notes/; nothing else needs to change.
                """,
                """
                \(workspace.path) 里只能放 Swift 文件（SwiftPM 会编译其中的所有文件），但现在还有：\
                \(strays.joined(separator: ", "))。
                把它们移出去，比如移到 \(workspace.root)/notes/；别的都不用改。
                """))
    }
    func say(_ line: String = "") {
        if !quiet {
            print(line)
            checkTranscript?.append(line)
        }
    }
    // TIMING=1: where the seconds went, at the end of the report.
    var phases: [(name: String, seconds: Double)] = []
    func timed<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let start = Date()
        defer { phases.append((name, Date().timeIntervalSince(start))) }
        return try body()
    }
    // A quiet check (the self-test's) says where its seconds went in one line, with TIMING=1.
    defer {
        if quiet && ProcessInfo.processInfo.environment["TIMING"].map({ !$0.isEmpty && $0 != "0" }) == true {
            print(
                "          TIMING: "
                    + phases.map { String(format: "%.1f s ", $0.seconds) + $0.name }.joined(separator: "; "))
        }
    }
    let fingerprint = workspace.fingerprint
    let environment = ["RXDEMO_STEP": workspace.number, "RXDEMO_WORKSPACE": workspace.path]
    let build = try timed(tr("build", "构建")) {
        try quickBuild(
            ["swift", "build", "--build-tests", "--scratch-path", workspace.scratch], scratch: workspace.scratch,
            changing: workspace.path, environment: environment)
    }
    try? files.createDirectory(atPath: workspace.scratch, withIntermediateDirectories: true)
    try? write(build.output, to: "\(workspace.scratch)/last-build.log")
    guard build.status == 0 else {
        // Stored in English whatever the language of the check; spoken(summary:) says it.
        let summary = "does not compile"  // both languages
        if !quiet { try explainBuildFailure(build.output, workspace) }
        LastCheck(summary: summary, done: false, firstFailing: nil, fingerprint: fingerprint).save(for: workspace)
        return CheckResult(status: .doesNotCompile, summary: summary)
    }

    // SCENARIO= picks hand-written scenarios by name, as for `make test`, the thread scenarios
    // among them; SCENARIO=none leaves only the generated programs, the shape and the explorer.
    let scenarioChoice = ProcessInfo.processInfo.environment["RXDEMO_SCENARIO"] ?? ""
    let reportFolder = "\(workspace.scratch)/report"
    try? files.removeItem(atPath: reportFolder)
    try files.createDirectory(atPath: reportFolder, withIntermediateDirectories: true)
    // Each run of step code has a watchdog of its own (Tests/TraceSuite/Watchdog.swift); this
    // guards the test process itself.
    let testEnvironment = environment.merging(
        [
            "RXDEMO_REPORT_DIR": reportFolder, "RXDEMO_SCENARIO": scenarioChoice,
            "RXDEMO_GENERATED_UNTIL_FAILING": rounds == .whenTracesPass ? "1" : "",
        ].merging(
            drawnDecisionsFolder(in: workspace.scratch).map { ["RXDEMO_DRAWN_DECISIONS": $0] } ?? [:]
        ) { $1 }
    ) { $1 }
    func runTests(filter: String? = nil, skip: String? = nil) throws -> (status: Int32, output: String) {
        let test = try run(
            builtTests(in: workspace.scratch, filter: filter, skip: skip), environment: testEnvironment,
            timeout: testProcessTimeout)
        if test.status == 124 {
            say(
                tr(
                    "The test process itself did not finish in \(Int(testProcessTimeout)) seconds and was stopped.",
                    "测试进程本身在 \(Int(testProcessTimeout)) 秒内没有结束，已被停止。"))
        }
        return test
    }
    // A thread-safe step's thread rounds run in a second process, after the traces' verdict
    // is printed and beside the builds of ThreadSanitizer and the explorer: the first verdict
    // then waits only for the traces.
    let threadTests = #"\.threads\("#
    let roundsApart = step.isThreadSafe && !step.selectedThreadScenarios.isEmpty
    var test = try timed(
        roundsApart
            ? tr(
                "the test process: scenarios, generated programs, shape (side by side, below)",
                "测试进程：场景、生成的程序、结构（并行运行，见下）")
            : tr("the test process (its tests run side by side, below)", "测试进程（其中各项测试并行运行，见下）")
    ) {
        try runTests(skip: roundsApart || rounds == .never ? threadTests : nil)
    }
    try? write(test.output, to: "\(workspace.scratch)/last-test.log")
    let records = ReportFolder.readRecords(of: step, in: reportFolder)

    let scenarios = step.selectedScenarios
    let results = scenarios.map { scenario -> ScenarioResult in
        records[scenario.id].map { $0.result(of: scenario) } ?? .didNotRun
    }
    let passing = results.filter { if case .passes = $0 { true } else { false } }.count
    // A scenario that did not finish or crashed comes first: whatever else fails may follow from it.
    let failingInOrder = zip(scenarios, results).filter { $0.1.isFailure }
    let stopped = failingInOrder.filter { if case .crashed = $0.1 { true } else { false } }
    let failing = stopped + failingInOrder.filter { if case .crashed = $0.1 { false } else { true } }
    let generated = GeneratedReport.read(of: step, in: reportFolder)
    let generatedFails = generated.map { $0.failing > 0 } ?? true
    let shape = ReportFolder.readShape(of: step, in: reportFolder)
    let shapeMissing = shape?.checks.filter { !$0.holds } ?? []
    let shapeOK = shape?.finished == true && shapeMissing.isEmpty

    // From step 09 on, the thread scenarios must hold in every round, and ThreadSanitizer,
    // which sees a race whether or not it did harm this time, must find none.
    var threadProblems: [String] = []
    var firstFailingThread: String? = nil
    // The first interleaving that breaks a scenario, side by side, when one does.
    var interleavings: [String] = []
    var brokenInterleavings: [InterleavingScenarioID] = []
    var threadStuck: [String] = []
    func runRounds() throws {
        let rounds = try runTests(filter: threadTests)
        test.output += "\n" + rounds.output
        try? write(test.output, to: "\(workspace.scratch)/last-test.log")
    }
    func readRoundOutcomes() {
        let outcomes = ReportFolder.readThreads(of: step, in: reportFolder)
        // Those SCENARIO= picks: SCENARIO=none leaves them all out.
        for scenario in step.selectedThreadScenarios {
            let outcome = outcomes[scenario.id] ?? "did not run"
            if !outcome.hasPrefix("no anomaly") {  // both languages
                threadProblems.append("«\(scenario.localizedName)»" + tr(": ", "：") + outcome)
                firstFailingThread = firstFailingThread ?? scenario.name
                // Where a run the watchdog stopped stood, as for the trace scenarios.
                if let places = outcome.components(separatedBy: tr("; where it stood: ", "）；停在：")).dropFirst().first {
                    threadStuck += places.components(separatedBy: tr("; ", "；")).filter { !$0.isEmpty }
                }
            }
        }
    }
    // A failing scenario's report does not depend on the rounds: it is printed before they run.
    let tracesPass = failing.isEmpty && !generatedFails && shapeOK
    let roundsAfterReport = roundsApart && !failing.isEmpty && rounds == .always
    // A thread-safe step with no explored scenarios builds no explorer.
    let explored = !step.interleavingScenarios.isEmpty
    if step.isThreadSafe {
        // The traces' verdict first, while the slower tools run: a participant reads it meanwhile.
        if tracesPass {
            let next =
                roundsApart
                ? tr("the thread rounds, ThreadSanitizer and the explorer", "线程场景的各轮、ThreadSanitizer 和交错探索器")
                : tr("ThreadSanitizer and the explorer", "ThreadSanitizer 和交错探索器")
            say(
                tr(
                    "\(step): \(passing) of \(scenarios.count) scenarios pass and the generated programs print their"
                        + " recorded traces; now \(next)…",
                    "\(step)：\(scenarios.count) 个场景中通过 \(passing) 个，生成的程序都打印出记录的事件轨迹；接下来是\(next)……"))
            fflush(nil)
        }
        let tsanScratch = sanitizerScratch(root: workspace.root)
        let explorerScratch = buildFolder("explore-", root: workspace.root)
        // Once the traces pass, the explorer runs whatever the rounds show, and ThreadSanitizer
        // if they hold: both are built beside the rounds, each build and the rounds a process.
        var explorer: String? = nil
        var sanitizerBuilt = false
        // Whether the rounds run beside the builds (the self-test may leave them out). Beside:
        // they wait on their threads more than they compute.
        let roundsBeside = roundsApart && rounds != .never && (tracesPass || rounds == .always)
        if !roundsAfterReport && (roundsBeside || tracesPass) {
            try timed(
                !tracesPass
                    ? tr("the thread rounds", "线程场景的各轮")
                    : roundsApart
                        ? tr(
                            "the thread rounds, beside the builds of ThreadSanitizer and the explorer",
                            "线程场景的各轮，与 ThreadSanitizer 和探索器的构建同时进行")
                        : tr(
                            "ThreadSanitizer's and the explorer's builds, side by side", "ThreadSanitizer 和探索器的构建（同时进行）"
                        )
            ) {
                try allAtOnce(
                    [
                        roundsBeside ? { try runRounds() } : nil,
                        tracesPass && sanitizer
                            ? {
                                try sanitizerBuild(step, environment: environment, scratch: tsanScratch)
                                sanitizerBuilt = true
                            } : nil,
                        tracesPass && explored
                            ? { explorer = try buildExplorer(step, folder: workspace.path, scratch: explorerScratch) }
                            : nil,
                    ].compactMap { $0 })
            }
            if roundsBeside { readRoundOutcomes() }
        }
        let sanitizes = tracesPass && threadProblems.isEmpty && sanitizer
        // The lock and atomic logic itself: every interleaving of two threads, not the few a
        // real run happens to take (whatever the real rounds showed: the explorer says why).
        // Even when a round failed: the explorer shows the interleaving that breaks it.
        let explores = tracesPass && explored
        // ThreadSanitizer's run alone: the races it sees can depend on the load.
        if sanitizes {
            for outcome in try timed(
                tr("ThreadSanitizer (its run)", "ThreadSanitizer（运行）"),
                {
                    try sanitizerRun(
                        step, environment: environment, scratch: tsanScratch, together: true,
                        built: sanitizerBuilt)
                })
            where !outcome.asExpected(for: step) {
                let what =
                    outcome.races.isEmpty
                    ? (outcome.crashed
                        ? tr("the step crashed", "这一步崩溃了")
                        : tr("the run failed (\(outcome.log))", "运行失败（\(outcome.log)）"))
                    : tr("races: ", "数据竞争：") + outcome.races.joined(separator: "; ")
                threadProblems.append(
                    tr("\(outcome.name) under ThreadSanitizer: \(what)", "ThreadSanitizer 下的 \(outcome.name)：\(what)"))
            }
        }
        if explores {
            let built =
                try explorer
                ?? timed(tr("the explorer's build", "探索器的构建")) {
                    try buildExplorer(step, folder: workspace.path, scratch: explorerScratch)
                }
            // A call-out under a lock that the reference step makes too (as its RxSwift does) is
            // allowed, as a known defect is; fixing it is welcome.
            for outcome in try timed(
                tr("the interleaving explorer (its runs, two at a time)", "交错探索器（运行，每次两个）"),
                {
                    try explore(
                        step, with: built, scratch: explorerScratch,
                        scenarios: step.interleavingScenarios.filter { exploring == nil || $0.id == exploring })
                })
            where !outcome.holds && !outcome.scenario.showsKnownCallOut(in: step, verdict: outcome.verdict) {
                threadProblems.append("«\(outcome.scenario.localizedName)»" + tr(": ", "：") + outcome.verdict)
                brokenInterleavings.append(outcome.scenario.id)
                interleavings += describe(outcome).dropFirst(2)
                firstFailingThread = firstFailingThread ?? outcome.scenario.name
            }
        }
    }
    let done = failing.isEmpty && !generatedFails && shapeOK && threadProblems.isEmpty

    let showing = results.filter { if case .showsDefects = $0 { true } else { false } }.count
    // Every scenario passing is not yet done: the first line says what else fails.
    let alsoFailing =
        failing.isEmpty && !done
        ? [
            generatedFails ? tr("generated programs differ", "生成的程序不一致") : nil,
            threadProblems.isEmpty ? nil : tr("thread scenarios fail", "线程场景失败"),
            shapeOK ? nil : tr("the shape checks fail", "结构检查失败"),
        ].compactMap { $0 } : []
    say(
        tr("\(step): \(passing) of \(scenarios.count) scenarios pass", "\(step)：\(scenarios.count) 个场景中通过 \(passing) 个")
            + (showing == 0
                ? ""
                : tr(
                    "; \(showing) more fail only as the reference step's known defects do (allowed)",
                    "；另有 \(showing) 个场景的失败与参考实现的已知缺陷相同（允许）"))
            + (alsoFailing.isEmpty
                ? ""
                : tr(" — but not done yet: ", "——但还没有完成：") + alsoFailing.joined(separator: tr(", ", "，"))
                    + tr(" (below)", "（见下文）"))
            + (stopped.isEmpty
                ? ""
                : tr(
                    "; \(stopped.count) did not finish or crashed, first «\(stopped[0].0.localizedName)» (below)",
                    "；其中 \(stopped.count) 个没有结束或崩溃了，第一个是 «\(stopped[0].0.localizedName)»（见下文）")))
    for (index, (scenario, result)) in failing.enumerated() where index == 0 || verbose {
        say()
        say(
            (index == 0 ? tr("Next to fix: ", "下一个要修的：") : tr("Also failing: ", "同样失败："))
                + quotedWithKey(scenario.name) + "  (Tests/TraceSuite/\(scenario.location.short))")
        switch result {
        case .fails(let trace):
            sideBySide(scenario, actual: trace, allowing: step.knownDefects(of: scenario)).forEach { say($0) }
        case .crashed(let trace, let message):
            say(crashAdvice(trace: trace, message: message))
        case .didNotRun:
            say(
                tr("It did not run: the test process stopped before it. The log: ", "没有运行：测试进程在它之前就停止了。日志：")
                    + "\(workspace.scratch)/last-test.log")
        case .passes, .showsDefects: break
        }
    }
    if failing.count > 1 && !verbose {
        say()
        let names = failing.dropFirst().map { "«\($0.0.localizedName)»" }
        let others = names.count - 4
        let listed =
            names.prefix(4).joined(separator: tr(", ", "、"))
            + (others > 0 ? tr(" and \(others) other\(others == 1 ? "" : "s")", " 以及另外 \(others) 个") : "")
        say(tr("\(failing.count - 1) more failing: \(listed).", "还有 \(failing.count - 1) 个失败：\(listed)。"))
        say(tr("Each with its traces: ", "逐个看事件轨迹：") + "make check STEP=\(workspace.number) VERBOSE=1")
    }

    if generatedFails && (failing.isEmpty || verbose) {
        say()
        describeGenerated(generated, workspace).forEach { say($0) }
    } else if let generated, generated.failing > 0 {
        say()
        say(
            tr(
                "Generated programs: \(generated.failing) of \(generated.of) differ too (the smallest is shown once the scenarios pass, or with VERBOSE=1).",
                "生成的程序：\(generated.of) 个中也有 \(generated.failing) 个不一致（场景都通过后会显示最小的那个，或者用 VERBOSE=1）。"))
    }

    if roundsAfterReport {
        try timed(tr("the thread rounds", "线程场景的各轮")) { try runRounds() }
        readRoundOutcomes()
    }
    if !threadProblems.isEmpty {
        say()
        say(
            tr("Thread scenarios that fail (a thread-safe step must pass them every time):", "失败的线程场景（线程安全的步骤每次都必须通过）：")
        )
        threadProblems.forEach { say("  - " + $0) }
        if !interleavings.isEmpty {
            say(
                tr(
                    "The first interleaving the explorer found breaking one (make test-threads STEP=\(workspace.number) MINE=1 shows each):",
                    "探索器找到的第一个让场景失败的交错（make test-threads STEP=\(workspace.number) MINE=1 会逐个列出）："))
            interleavings.prefix(while: { !$0.contains("✘") }).forEach { say($0) }
        }
    } else if step.isThreadSafe && failing.isEmpty && shapeOK {
        say()
        // SCENARIO= may leave out every thread scenario's rounds; ThreadSanitizer still runs them all.
        let rounds =
            step.selectedThreadScenarios.isEmpty
            ? tr("no rounds ran (SCENARIO=\(scenarioChoice) chose none)", "没有运行任何一轮（SCENARIO=\(scenarioChoice) 一个也没选）")
            : tr("every round as expected", "每一轮都符合预期")
        if generatedFails {
            say(
                tr(
                    "Thread scenarios: \(rounds); ThreadSanitizer and the explorer run once the generated programs print"
                        + " their recorded traces.",
                    "线程场景：\(rounds)；等生成的程序都打印出记录的事件轨迹后，再运行 ThreadSanitizer 和交错探索器。"))
        } else {
            say(
                tr(
                    "Thread scenarios: \(rounds), ThreadSanitizer finds no race, and no interleaving of"
                        + " the explored scenarios breaks one.",
                    "线程场景：\(rounds)，ThreadSanitizer 没有发现数据竞争，探索过的场景在任何交错下都不会失败。"))
        }
    }

    // The reference step's defects: allowed either way, but worth knowing about.
    if !step.defects.isEmpty && !scenarios.isEmpty {
        say()
        // In Chinese the origin is a sentence of its own: its folder is in brackets already.
        let origin = workspace.origin.map { tr("; your code started from \($0)", spoken(origin: $0)) }
        say(
            tr(
                "Known defects of the reference \(step) (allowed either way\(origin ?? "")):",
                (origin.map { "你的代码起点是\($0)。" } ?? "") + "参考实现 \(step) 的已知缺陷（有没有都允许）："))
        for (defect, status) in defectStatuses(of: step, Array(zip(scenarios, results))) {
            switch status {
            // While other scenarios fail, passing scenarios may owe it to another mistake.
            case .fixed where defect.isIntermittent:
                say(defectReportLine(defect, .notSeen))
            case .fixed:
                say(defectReportLine(defect, done ? .fixed : .scenariosPass))
            case .shown:
                say(defectReportLine(defect, .shown))
            case .failsDifferently(let scenarios):
                say(
                    "  - \(defect.localizedTitle)" + tr(": ", "：")
                        + tr(
                            "not fixed; your code fails its scenarios differently from the reference:",
                            "没有修复；你的代码在这些场景上的失败方式与参考实现不同："))
                say(
                    "    " + scenarios.map { "«\($0.localizedName)»" }.joined(separator: tr(", ", "、"))
                        + tr(" (above, or VERBOSE=1)", "（见上文，或用 VERBOSE=1）"))
            }
        }
    }

    say()
    switch shape {
    case nil:
        say(
            tr(
                "Shape: the shape test did not run (\(workspace.scratch)/last-test.log says why).",
                "结构：结构检查没有运行（原因见 \(workspace.scratch)/last-test.log）。"))
    case .some(let shape) where !shape.finished:
        say(
            shape.message.isEmpty
                ? tr(
                    "Shape: the shape test crashed (\(workspace.scratch)/last-test.log).",
                    "结构：结构检查崩溃了（\(workspace.scratch)/last-test.log）。")
                : tr("Shape: ", "结构：") + crashAdvice(trace: [], message: shape.message))
    case .some(let shape):
        say(
            shapeOK
                ? tr(
                    "Shape: \(step.shapeSource), as it should be.",
                    "结构：与\(step.isDemandAct ? " OpenCombine " : step.isSecondAct ? " RxSwift " : "文章")一致，符合要求。")
                : tr(
                    "Shape: not yet \(step.shapeSource):",
                    "结构：还没有与\(step.isDemandAct ? " OpenCombine " : step.isSecondAct ? " RxSwift " : "文章")一致："))
        for check in shape.checks where !check.holds || verbose {
            say("  \(check.holds ? "✔" : "✘") \(check.requirement)")
        }
    }

    // Stored in English whatever the language of the check; spoken(summary:) says it.
    let summary =
        done
        ? "done"
        : "\(passing) of \(scenarios.count) pass"  // both languages
            + (generatedFails ? ", generated programs fail" : "")  // both languages
            + (shapeOK ? "" : ", shape checks fail")  // both languages
            + (threadProblems.isEmpty ? "" : ", thread scenarios fail")  // both languages
    LastCheck(
        summary: summary, done: done,
        firstFailing: failing.first?.0.name ?? (generatedFails ? generatedFailure(generated) : nil)
            ?? firstFailingThread,
        fingerprint: fingerprint
    )
    .save(for: workspace)
    say()
    if done {
        say(
            tr(
                "Done: \(step) passes every scenario the reference step passes, and has \(step.shapeSource) shape.",
                "完成：\(step) 通过了参考实现通过的每个场景，结构也与\(step.isDemandAct ? " OpenCombine " : step.isSecondAct ? " RxSwift " : "文章")一致。"
            ))
        if step.isSideStep {
            say(
                tr("That was the side step. Back on the line, the third act: ", "旁支步骤结束。回到主线，第三幕：")
                    + "make start STEP=11")  // both languages
        } else if let next = step.next, next.isDemandAct, !step.isDemandAct {
            say(
                tr(
                    "That was the third act. The fourth, demand (Combine's core), starts again from step 06: ",
                    "第三幕结束。第四幕“需求”（Combine 的核心）从第 06 步重新开始：") + "make start STEP=\(next.number)")
        } else if let next = step.next {
            say(tr("Next: ", "下一步：") + "make start STEP=\(next.number)")
        } else if step.isDemandAct {
            say(tr("That was the last step of the demand act so far.", "这是需求这一幕目前的最后一步。"))
        } else {
            say(
                tr(
                    "That was the last step. What real RxSwift adds beyond it: Docs/beyond-06.md",
                    "这是最后一步。真正的 RxSwift 还多了什么：Docs/zh-Hans/beyond-06.md"))
        }
        if step == .rxDemo06 {
            say(
                tr(
                    "That was the core. The second act, RxSwift's own API, starts with: ",
                    "核心部分结束。第二幕（RxSwift 自己的 API）从这里开始：") + "make start STEP=07")
        }
    } else {
        say(
            tr(
                "Not done yet. A hint: make hint STEP=\(workspace.number). Your code beside the reference: make compare STEP=\(workspace.number).",
                "还没完成。提示：make hint STEP=\(workspace.number)。对照参考实现看你的代码：make compare STEP=\(workspace.number)。"))
    }
    if ProcessInfo.processInfo.environment["TIMING"].map({ !$0.isEmpty && $0 != "0" }) == true {
        say()
        say(tr("Where the seconds went (TIMING=1):", "时间花在了哪里（TIMING=1）："))
        for phase in phases { say(String(format: "  %6.1f s  ", phase.seconds) + phase.name) }
        // Swift Testing's own line for each test of the process: "✔ Test "traces" passed after 4.2 seconds."
        for line in test.output.split(separator: "\n") where line.contains(" after ") && line.contains("Test \"") {
            guard let name = line.split(separator: "\"").dropFirst().first,
                let seconds = line.components(separatedBy: " after ").last?.split(separator: " ").first.flatMap({
                    Double($0)
                })
            else { continue }
            say(String(format: "  %6.1f s    ", seconds) + tr("test «\(name)»", "测试 «\(name)»"))
        }
    }
    var stuck: [String] = failing.compactMap { _, result in
        if case .crashed(_, let message) = result { stuckReport(message)?.where } else { nil }
    }.flatMap { $0 }
    stuck += shape.flatMap { stuckReport($0.message)?.where } ?? []
    stuck += threadStuck
    return CheckResult(
        status: done ? .done : .notDone, summary: summary,
        tracesAndShapePass: failing.isEmpty && !generatedFails && shapeOK,
        brokenInterleavings: brokenInterleavings, generatedCatch: generatedFails, scenariosFail: !failing.isEmpty,
        shapeFails: !shapeOK,
        generatedLines: generated?.first.flatMap { step.generatedCode($0.number)?.count }, stuck: stuck,
        failingRecords: failing.compactMap { records[$0.0.id] })
}

// What a check says, kept while `checkAgain` runs one, for the next check of the same inputs.
nonisolated(unsafe) var checkTranscript: [String]? = nil

// `make check`: the verdict, or, when nothing it depends on changed since the last check (the
// workspace's files, the suite and the tools, the settings), that check's verdict again, as it
// was said: the same inputs give the same verdict. FRESH=1 (or TIMING=1) checks again anyway.
func checkAgain(_ workspace: Workspace, verbose: Bool, fresh: Bool) throws -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    // Without git there is no telling whether the course changed: no cache then.
    let course = courseFingerprint()
    let inputs = [
        workspace.fingerprint, course ?? "", workspace.number, verbose ? "verbose" : "",
        environment["RXDEMO_SCENARIO"] ?? "", environment["RXDEMO_THREAD_ROUNDS"] ?? "",
        "\(CourseLanguage.current)",
    ].joined(separator: "|")
    let cache = "\(workspace.scratch)/last-verdict"
    let timing = environment["TIMING"].map { !$0.isEmpty && $0 != "0" } ?? false
    if !fresh, !timing, course != nil, let saved = read(cache) {
        let lines = saved.components(separatedBy: "\n")
        if lines.count > 2, lines[0] == inputs, let status = Int32(lines[1]) {
            lines.dropFirst(2).forEach { print($0) }
            print(
                tr(
                    "(Nothing changed since the last check: its verdict, as it was. FRESH=1 checks again.)",
                    "（自上次检查以来什么都没有改变：这是那次的结论。用 FRESH=1 重新检查。）"))
            return status
        }
    }
    checkTranscript = []
    defer { checkTranscript = nil }
    let result = try check(workspace, verbose: verbose)
    let status: Int32 = result.status == .done ? 0 : 1
    if result.status != .doesNotCompile, !timing, let transcript = checkTranscript {
        try? write(([inputs, "\(status)"] + transcript).joined(separator: "\n"), to: cache)
    } else {
        try? files.removeItem(atPath: cache)
    }
    return status
}

// Where a check's test process keeps what a draw of generated programs decided, for the next
// check to replay (Tests/TraceSuite/DrawnDecisions.swift): a folder per state of the course,
// the others removed. None without git: then nothing tells one state of the course from another.
func drawnDecisionsFolder(in scratch: String) -> String? {
    guard let course = courseFingerprint() else { return nil }
    let root = "\(scratch)/drawn-decisions"
    for stale in (try? files.contentsOfDirectory(atPath: root)) ?? [] where stale != course {
        try? files.removeItem(atPath: "\(root)/\(stale)")
    }
    let folder = "\(root)/\(course)"
    return (folder.hasPrefix("/") ? "" : files.currentDirectoryPath + "/") + folder
}

// The suite and the tools as they are now: the commit, and any change to it (nil without git).
func courseFingerprint() -> String? {
    guard let head = try? run(["git", "rev-parse", "HEAD"]), head.status == 0,
        let changes = try? run(["git", "diff", "HEAD", "--", "Package.swift", "Steps/course.txt", "Tests", "Tools"]),
        changes.status == 0,
        let untracked = try? run(["git", "ls-files", "--others", "--exclude-standard", "--", "Tests", "Tools"])
    else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let added = untracked.output.split(separator: "\n").map { read(String($0)) ?? "" }
    for byte in ([head.output, changes.output, untracked.output] + added).joined(separator: "\u{0}").utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
}

extension Command {
    static let check = Command(
        name: "check", takes: "NN",
        help:
            "compile Workshop/RxDemoNN as step NN and report (VERBOSE=1: every failure; TIMING=1: where the time went)"
    ) { try checkAgain($0.workspace(), verbose: $0.isOn("VERBOSE"), fresh: $0.isOn("FRESH")) }
}
