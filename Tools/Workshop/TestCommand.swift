import Foundation
import TraceSuite

// `make test` (the README's test command): the whole suite, or one step's, with Swift
// Testing's output in a log and one line per step on the terminal. Every run of step code has
// a watchdog of its own; the test process as a whole is guarded here, so that a hang costs
// minutes, and the report names what was still running.
let suiteTimeout = 1800.0

func runSuite(step: Step?, scenario: String) throws -> Int32 {
    let log = ".build/test.log"
    let report = ".build/test-report"
    if !scenario.isEmpty { try listScenarios(scenario) }
    try files.createDirectory(atPath: ".build", withIntermediateDirectories: true)
    try? files.removeItem(atPath: report)
    print(
        tr(
            "swift test --disable-xctest -q\(step.map { " for step \($0.number)" } ?? ""), full output in \(log):",
            "swift test --disable-xctest -q\(step.map { "（第 \($0.number) 步）" } ?? "")，完整输出在 \(log)："))
    var environment = [
        "RXDEMO_SCENARIO": scenario, "RXDEMO_REPORT_DIR": files.currentDirectoryPath + "/" + report,
    ]
    var arguments = ["swift", "test", "--disable-xctest", "-q"]
    if let step {
        environment["RXDEMO_STEP"] = step.number
        arguments += ["--scratch-path", ".build-step\(step.number)"]
    }
    let result = try run(arguments, environment: environment, timeout: suiteTimeout)
    try write(result.output, to: log)
    try summary(reportFolder: report)
    if result.status == 124 {
        let running = stillRunning(in: report)
        printError(
            tr(
                "error: the test run did not finish in \(Int(suiteTimeout)) seconds and was stopped"
                    + (running.isEmpty ? "." : "; still running: " + running.joined(separator: ", ")),
                "错误：测试运行 \(Int(suiteTimeout)) 秒内没有结束，已被停止"
                    + (running.isEmpty ? "。" : "；仍在运行：" + running.joined(separator: "、"))))
    }
    guard result.status == 0 else {
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.contains("recorded a known issue")  // both languages
                && !$0.contains("shows its known defect, as expected")  // both languages
        }
        printError(lines.joined(separator: "\n"))
        explainMissingTesting()
        return result.status == 124 ? 1 : result.status
    }
    // Swift Testing's own last line, with its counts, quoted as it prints it.
    print(tr("", "Swift Testing 的结论：") + (result.output.split(separator: "\n").last.map(String.init) ?? ""))
    return 0
}

// What a stopped run left as "running": scenarios, thread scenarios and shape checks, by step.
func stillRunning(in report: String) -> [String] {
    Step.allCases.flatMap { step -> [String] in
        let scenarios = ReportFolder.readRecords(of: step, in: report).values.filter { $0.outcome == .running }
            .compactMap { record in Scenario.all.first { $0.id == record.id } }.map { "\(step) «\($0.localizedName)»" }
        let threads = ReportFolder.readThreads(of: step, in: report).filter { $0.value == "running" }
            .compactMap { entry in ThreadScenario.all.first { $0.id == entry.key } }.map {
                "\(step) «\($0.localizedName)»"
            }
        let shape = ReportFolder.readShape(of: step, in: report).map {
            $0.finished ? [] : [tr("\(step)'s shape checks", "\(step) 的结构检查")]
        }
        return scenarios + threads + (shape ?? [])
    }
}

func printError(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

// On macOS, Swift Testing comes with Xcode; with only the Command Line Tools selected it may
// be missing. Said after a failed run, never instead of the compiler's own words.
func explainMissingTesting() {
    #if os(macOS)
        guard let selected = try? run(["xcode-select", "-p"]), selected.output.contains("CommandLineTools") else {
            return
        }
        let tools = selected.output.trimmingCharacters(in: .whitespacesAndNewlines)
        printError(
            tr(
                "note: only the Command Line Tools are selected (\(tools)). If the error above is\n"
                    + "      \"no such module 'Testing'\", install Xcode 16.2 or later and select it:\n",
                "注意：当前选中的只是 Command Line Tools（\(tools)）。如果上面的错误是\n"
                    + "      “no such module 'Testing'”，请安装 Xcode 16.2 或更高版本，并选中它：\n")
                + "      sudo xcode-select -s /Applications/Xcode.app/Contents/Developer")  // both languages
    #endif
}

extension Command {
    static let test = Command(
        name: "test", takes: "[NN [TEXT]]", help: "the suite (NN: one step's; TEXT: scenarios whose name has it)"
    ) { invocation in
        let chosen = invocation.arguments.first ?? ""
        return try runSuite(
            step: chosen.isEmpty ? nil : parseStep(chosen), scenario: invocation.arguments.dropFirst().first ?? "")
    }
}
