import Foundation
import TraceSuite

// `make check STEP=NN`: compiles a workspace as step NN, runs step NN's scenarios and shape
// test against it, and turns what they recorded into a short report.

struct Workspace {
    let step: Step
    // Where workspaces live: Workshop/ for participants, another folder for the self-test.
    let root: String

    var name: String { step.description }
    var path: String { "\(root)/\(name)" }
    var number: String { step.number }
    // One build folder for every step: the shared suite is compiled once, so the first check
    // of a step after any other step's only compiles that step and its adapter.
    var scratch: String { root == defaultRoot ? ".build-workshop" : ".build-selftest" }
    var reference: String { "Steps/\(name)" }
    // What the workshop remembers of this workspace, beside it in a hidden folder.
    var stateFolder: String { "\(root)/.state" }
    var lastCheck: String { "\(stateFolder)/\(name).check" }
    var originFile: String { "\(stateFolder)/\(name).origin" }

    // The workspace's Swift files, names and contents: a restored file counts as unchanged.
    var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in listFiles(in: path) {
            for byte in Array(file.utf8) + [0] + Array((read("\(path)/\(file)") ?? "").utf8) + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }

    // Where `make start` took the code from, in words: "your own step 02 (Workshop/RxDemo02)".
    var origin: String? { read(originFile)?.trimmingCharacters(in: .whitespacesAndNewlines) }
}

// A check's summary, stored in English, in the course's language.
func spoken(summary: String) -> String {
    guard CourseLanguage.current == .simplifiedChinese else { return summary }
    let phrases = [
        (#"^done$"#, "已完成"), (#"^does not compile$"#, "编译不通过"),  // both languages
        (#"^(\d+) of (\d+) pass"#, "通过 $1/$2"), (#", shape checks fail"#, "，结构检查失败"),  // both languages
        (#", thread scenarios fail"#, "，线程场景失败"),  // both languages
    ]
    return phrases.reduce(summary) { text, phrase in
        text.replacingOccurrences(of: phrase.0, with: phrase.1, options: .regularExpression)
    }
}

// The last check of a workspace: its summary, the first failing scenario, and the files it saw.
struct LastCheck {
    let summary: String
    let done: Bool
    // The name of the scenario that failed first: a trace scenario, else a thread scenario.
    let firstFailing: String?
    let fingerprint: String

    init(summary: String, done: Bool, firstFailing: String?, fingerprint: String) {
        self.summary = summary
        self.done = done
        self.firstFailing = firstFailing
        self.fingerprint = fingerprint
    }

    init?(of workspace: Workspace) {
        guard let lines = read(workspace.lastCheck)?.split(separator: "\n").map(String.init) else { return nil }
        func value(_ key: String) -> String? {
            lines.first { $0.hasPrefix(key + " ") }.map { String($0.dropFirst(key.count + 1)) }
        }
        guard let summary = value("summary"), let fingerprint = value("fingerprint") else { return nil }
        self.summary = summary
        self.done = value("done") == "yes"
        self.firstFailing = value("first-failing")
        self.fingerprint = fingerprint
    }

    func save(for workspace: Workspace) {
        try? files.createDirectory(atPath: workspace.stateFolder, withIntermediateDirectories: true)
        var lines = ["summary \(summary)", "done \(done ? "yes" : "no")", "fingerprint \(fingerprint)"]
        if let firstFailing { lines.append("first-failing \(firstFailing)") }
        try? write(lines.joined(separator: "\n") + "\n", to: workspace.lastCheck)
    }

    // Whether the workspace still holds exactly what this check saw.
    func isCurrent(for workspace: Workspace) -> Bool { fingerprint == workspace.fingerprint }
}

let defaultRoot = "Workshop"

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
    // Where runs the watchdog stopped stood ("Workshop/RxDemo04/Map.swift:14 in …").
    var stuck: [String] = []
}

// `sanitizer: false` skips the ThreadSanitizer run: the self-test's lock-order mistakes need
// only the explorer's verdict.
func check(_ workspace: Workspace, verbose: Bool, quiet: Bool = false, sanitizer: Bool = true) throws -> CheckResult {
    let step = workspace.step
    guard isDirectory(workspace.path) else {
        throw WorkshopError(
            description: tr(
                "there is no workspace \(workspace.path) yet: run 'make start STEP=\(workspace.number)' to begin step \(workspace.number)",
                "还没有工作区 \(workspace.path)：先运行 make start STEP=\(workspace.number)，开始第 \(workspace.number) 步"))
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
    func say(_ line: String = "") { if !quiet { print(line) } }
    let fingerprint = workspace.fingerprint
    let environment = ["RXDEMO_STEP": workspace.number, "RXDEMO_WORKSPACE": workspace.path]
    let build = try run(
        ["swift", "build", "--build-tests", "--scratch-path", workspace.scratch], environment: environment)
    try? files.createDirectory(atPath: workspace.scratch, withIntermediateDirectories: true)
    try? write(build.output, to: "\(workspace.scratch)/last-build.log")
    guard build.status == 0 else {
        // Stored in English whatever the language of the check; spoken(summary:) says it.
        let summary = "does not compile"  // both languages
        if !quiet { try explainBuildFailure(build.output, workspace) }
        LastCheck(summary: summary, done: false, firstFailing: nil, fingerprint: fingerprint).save(for: workspace)
        return CheckResult(status: .doesNotCompile, summary: summary)
    }

    let reportFolder = "\(workspace.scratch)/report"
    try? files.removeItem(atPath: reportFolder)
    try files.createDirectory(atPath: reportFolder, withIntermediateDirectories: true)
    // Each run of step code has a watchdog of its own (Tests/TraceSuite/Watchdog.swift); this
    // guards the test process itself.
    let test = try run(
        ["swift", "test", "--skip-build", "--disable-xctest", "--scratch-path", workspace.scratch],
        environment: environment.merging(["RXDEMO_REPORT_DIR": reportFolder, "RXDEMO_SCENARIO": ""]) { $1 },
        timeout: testProcessTimeout)
    if test.status == 124 {
        say(
            tr(
                "The test process itself did not finish in \(Int(testProcessTimeout)) seconds and was stopped.",
                "测试进程本身在 \(Int(testProcessTimeout)) 秒内没有结束，已被停止。"))
    }
    try? write(test.output, to: "\(workspace.scratch)/last-test.log")
    let records = ReportFolder.readRecords(of: step, in: reportFolder)

    let scenarios = step.scenarios
    let results = scenarios.map { scenario -> ScenarioResult in
        records[scenario.id].map { $0.result(of: scenario) } ?? .didNotRun
    }
    let passing = results.filter { if case .passes = $0 { true } else { false } }.count
    let failing = zip(scenarios, results).filter { $0.1.isFailure }
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
    if step.isThreadSafe {
        let outcomes = ReportFolder.readThreads(of: step, in: reportFolder)
        for scenario in step.threadScenarios {
            let outcome = outcomes[scenario.id] ?? "did not run"
            if !outcome.hasPrefix("no anomaly") {  // both languages
                threadProblems.append("«\(scenario.name)»: \(outcome)")
                firstFailingThread = firstFailingThread ?? scenario.name
            }
        }
        if failing.isEmpty && shapeOK && threadProblems.isEmpty && sanitizer {
            let scratch = workspace.root == defaultRoot ? ".build-tsan-workshop" : ".build-tsan-selftest"
            for outcome in try sanitizerRun(step, environment: environment, scratch: scratch, together: true)
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
        // The lock and atomic logic itself: every interleaving of two threads, not the few a
        // real run happens to take (whatever the real rounds showed: the explorer says why).
        if failing.isEmpty && shapeOK {
            let explorerScratch = workspace.root == defaultRoot ? ".build-explore-workshop" : ".build-explore-selftest"
            for outcome in try exploreInterleavings(
                step, folder: workspace.path, scratch: explorerScratch, scenarios: step.interleavingScenarios)
            where !outcome.holds {
                threadProblems.append("«\(outcome.scenario.name)»: " + outcome.verdict)
                brokenInterleavings.append(outcome.scenario.id)
                interleavings += describe(outcome).dropFirst(2)
                firstFailingThread = firstFailingThread ?? outcome.scenario.name
            }
        }
    }
    let done = failing.isEmpty && shapeOK && threadProblems.isEmpty

    let showing = results.filter { if case .showsDefects = $0 { true } else { false } }.count
    say(
        tr("\(step): \(passing) of \(scenarios.count) scenarios pass", "\(step)：\(scenarios.count) 个场景中通过 \(passing) 个")
            + (showing == 0
                ? ""
                : tr(
                    "; \(showing) more fail only as the reference step's known defects do (allowed)",
                    "；另有 \(showing) 个只像参考实现的已知缺陷那样失败（允许）")))
    for (index, (scenario, result)) in failing.enumerated() where index == 0 || verbose {
        say()
        say(
            (index == 0 ? tr("Next to fix: ", "下一个要修的：") : tr("Also failing: ", "同样失败："))
                + "«\(scenario.name)»  (Tests/TraceSuite/\(scenario.location.short))")
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
        let names = failing.dropFirst().map { "«\($0.0.name)»" }
        let others = names.count - 4
        let listed =
            names.prefix(4).joined(separator: ", ")
            + (others > 0 ? tr(" and \(others) other\(others == 1 ? "" : "s")", " 以及另外 \(others) 个") : "")
        say(tr("\(failing.count - 1) more failing: \(listed).", "还有 \(failing.count - 1) 个失败：\(listed)。"))
        say(tr("Each with its traces: ", "逐个看事件轨迹：") + "make check STEP=\(workspace.number) VERBOSE=1")
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
        say(
            tr(
                "Thread scenarios: every round as expected, ThreadSanitizer finds no race, and no interleaving of"
                    + " the explored scenarios breaks one.",
                "线程场景：每一轮都符合预期，ThreadSanitizer 没有发现数据竞争，探索过的场景在任何交错下都不会失败。"))
    }

    // The reference step's defects: allowed either way, but worth knowing about.
    if !step.defects.isEmpty {
        say()
        let origin =
            workspace.origin.map { tr("; your code started from \($0)", "；你的代码起点是\(spoken(origin: $0))") } ?? ""
        say(
            tr(
                "Known defects of the reference \(step) (allowed either way\(origin)):",
                "参考实现 \(step) 的已知缺陷（有没有都允许\(origin)）："))
        for (defect, status) in defectStatuses(of: step, Array(zip(scenarios, results))) {
            switch status {
            // While other scenarios fail, passing scenarios may owe it to another mistake.
            case .fixed where defect.isIntermittent:
                say(
                    "  - \(defect.title): "
                        + tr("not seen in this run (it shows in some runs only)", "这次没有出现（只在部分运行中出现）"))
            case .fixed:
                say(
                    "  - \(defect.title): "
                        + (done ? tr("fixed in your code", "你的代码已修复") : tr("its scenarios pass now", "相关场景现在通过了")))
            case .shown: say("  - \(defect.title): " + tr("your code still shows it", "你的代码仍有这个缺陷"))
            case .failsDifferently(let scenarios):
                say(
                    "  - \(defect.title): "
                        + tr(
                            "not fixed; your code fails its scenarios differently from the reference:",
                            "没有修复；你的代码在这些场景上的失败方式与参考实现不同："))
                say(
                    "    " + scenarios.map { "«\($0.name)»" }.joined(separator: ", ")
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
                    "结构：与\(step.isSecondAct ? " RxSwift " : "文章")一致，符合要求。")
                : tr("Shape: not yet \(step.shapeSource):", "结构：还没有与\(step.isSecondAct ? " RxSwift " : "文章")一致："))
        for check in shape.checks where !check.holds || verbose {
            say("  \(check.holds ? "✔" : "✘") \(check.requirement)")
        }
    }

    // Stored in English whatever the language of the check; spoken(summary:) says it.
    let summary =
        done
        ? "done"
        : "\(passing) of \(scenarios.count) pass"  // both languages
            + (shapeOK ? "" : ", shape checks fail")  // both languages
            + (threadProblems.isEmpty ? "" : ", thread scenarios fail")  // both languages
    LastCheck(
        summary: summary, done: done, firstFailing: failing.first?.0.name ?? firstFailingThread,
        fingerprint: fingerprint
    )
    .save(for: workspace)
    say()
    if done {
        say(
            tr(
                "Done: \(step) passes every scenario the reference step passes, and has \(step.shapeSource) shape.",
                "完成：\(step) 通过了参考实现通过的每个场景，结构也与\(step.isSecondAct ? " RxSwift " : "文章")一致。"))
        if step.isSideStep {
            say(
                tr("That was the side step. Back on the line, the third act: ", "旁支步骤结束。回到主线，第三幕：")
                    + "make start STEP=11")  // both languages
        } else if let next = step.next {
            say(tr("Next: ", "下一步：") + "make start STEP=\(next.number)")
        } else {
            say(
                tr("That was the last step. What real RxSwift adds beyond it: ", "这是最后一步。真正的 RxSwift 还多了什么：")
                    + "Docs/beyond-06.md")
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
    var stuck: [String] = failing.compactMap { _, result in
        if case .crashed(_, let message) = result { stuckReport(message)?.where } else { nil }
    }.flatMap { $0 }
    stuck += shape.flatMap { stuckReport($0.message)?.where } ?? []
    return CheckResult(
        status: done ? .done : .notDone, summary: summary, tracesAndShapePass: failing.isEmpty && shapeOK,
        brokenInterleavings: brokenInterleavings, stuck: stuck)
}

// A build failure: what the step's checks call, in words, then the first compiler error.
func explainBuildFailure(_ output: String, _ workspace: Workspace) throws {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // What the compiler's lines say, as it says them.
    let (errorMark, warningMark) = (": error: ", ": warning: ")  // both languages
    guard let first = lines.firstIndex(where: { $0.contains(errorMark) && $0.hasPrefix("/") }) else {
        print(
            tr(
                "\(workspace.name) does not build, and the compiler gave no error line. The log:",
                "\(workspace.name) 构建失败，但编译器没有给出错误行。日志："))
        print(output)
        return
    }
    let root = files.currentDirectoryPath + "/"
    let location = lines[first].replacingOccurrences(of: root, with: "")
    let errors = lines.filter { $0.contains(errorMark) && $0.hasPrefix("/") }
    if output.contains("no such module 'Testing'") {  // both languages
        print(
            tr(
                """
                The checks need Swift Testing, and this toolchain has none. On macOS it comes with \
                Xcode 16.2 or later: install Xcode and select it with
                  sudo xcode-select -s /Applications/Xcode.app/Contents/Developer
                (the Command Line Tools alone may lack it). On Linux, use a Swift 6 toolchain from swift.org.

                """,
                """
                检查需要 Swift Testing，而这个工具链没有。在 macOS 上，Xcode 16.2 及以上版本自带它：\
                安装 Xcode，再用下面的命令选中它
                  sudo xcode-select -s /Applications/Xcode.app/Contents/Developer
                （只装 Command Line Tools 可能没有它）。在 Linux 上，请使用 swift.org 提供的 Swift 6 工具链。

                """))
    }
    if output.contains("because it has overridable members that could not be loaded") {  // both languages
        print(
            tr(
                """
                Swift on Linux can subclass a Foundation class such as NSLock only in a file that \
                imports CoreFoundation too: add `import CoreFoundation` above `import Foundation` \
                (RxSwift's AtomicInt.swift does the same).

                """,
                """
                在 Linux 上，只有同时导入了 CoreFoundation 的文件才能继承 NSLock 这样的 Foundation 类：\
                在 `import Foundation` 上面加一行 `import CoreFoundation`（RxSwift 的 AtomicInt.swift 也是这样做的）。

                """))
    }
    print(
        tr(
            "\(workspace.name) does not compile yet. Step \(workspace.number)'s checks call:",
            "\(workspace.name) 还编译不通过。第 \(workspace.number) 步的检查会调用："))
    try BuildItYourself.forParticipant(workspace.step).checksCall.forEach { print("  " + $0) }
    print()
    print(tr("The first error:", "第一个错误："))
    print(location)
    // The compiler's own picture of the line, as far as it goes.
    for line in lines[(first + 1)...].prefix(8) {
        if line.contains(errorMark) || line.contains(warningMark) || line.hasPrefix("[") || line.isEmpty
            || line.hasPrefix("error: ")
        {
            break
        }
        print(line)
    }
    let count = Set(errors).count
    if count > 1 {
        print(
            tr(
                "(\(count) errors in all; the whole log: \(workspace.scratch)/last-build.log)",
                "（共 \(count) 个错误；完整日志：\(workspace.scratch)/last-build.log）"))
    }
}

enum DefectStatus {
    // Every scenario of the defect passes (or fails only by another defect).
    case fixed
    // At least one scenario fails exactly the way this defect makes it fail.
    case shown
    // Its scenarios fail, but not the way the defect does: neither fixed nor allowed.
    case failsDifferently([Scenario])
}

// What became of each of the reference step's defects in a participant's code, judged first
// by the scenarios that it alone breaks. A scenario that two defects share fails while
// either is left, so it blames only those not proven fixed: a defect is proven fixed when
// every scenario that it alone breaks passes.
func defectStatuses(of step: Step, _ results: [(Scenario, ScenarioResult)]) -> [(Defect, DefectStatus)] {
    func passes(_ result: ScenarioResult) -> Bool { if case .passes = result { true } else { false } }
    func shows(_ result: ScenarioResult) -> Bool { if case .showsDefects = result { true } else { false } }
    func defects(_ scenario: Scenario) -> [Defect] { step.defects.filter { $0.scenarios.contains(scenario.id) } }
    let alone = { (defect: Defect) in results.filter { defects($0.0) == [defect] } }
    let provenFixed = Set(step.defects).filter { !alone($0).isEmpty && alone($0).allSatisfy { passes($0.1) } }
    var blamed: Set<Defect> = []
    for (_, result) in results {
        guard case .showsDefects(let defects) = result else { continue }
        let open = Set(defects).subtracting(provenFixed)
        blamed.formUnion(open.isEmpty ? Set(defects) : open)
    }
    return step.defects.map { defect in
        let own = alone(defect)
        let isShown = own.isEmpty ? blamed.contains(defect) : own.contains { shows($0.1) }
        if isShown { return (defect, .shown) }
        let differently = results.filter { defect.scenarios.contains($0.0.id) && $0.1.isFailure }.map(\.0)
        return (defect, differently.isEmpty ? .fixed : .failsDifferently(differently))
    }
}

extension Command {
    static let check = Command(
        name: "check", takes: "NN", help: "compile Workshop/RxDemoNN as step NN and report (VERBOSE=1: every failure)"
    ) { try Workshop.check($0.workspace(), verbose: $0.isOn("VERBOSE")).status == .done ? 0 : 1 }
}
