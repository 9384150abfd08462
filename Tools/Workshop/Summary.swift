import Foundation
import TraceSuite

// `make test`: one line per step and one per known defect, from the records a test run
// wrote, instead of one line per test case.

extension GeneratedReport {
    // How many of the step's programs its reference step prints otherwise than RxSwift.
    func reference(_ step: Step) -> Int {
        RecordedTraces.load(step, from: ".")?.entries.filter { $0.reference != nil }.count ?? 0
    }
}
func summary(reportFolder: String) throws {
    for step in Step.allCases {
        let records = ReportFolder.readRecords(of: step, in: reportFolder)
        let threads = ReportFolder.readThreads(of: step, in: reportFolder)
        // SCENARIO= may pick only thread scenarios: then there is no trace line to print.
        guard !records.isEmpty || !threads.isEmpty else { continue }
        let results = step.scenarios.compactMap { scenario in
            records[scenario.id].map { (scenario, $0.result(of: scenario)) }
        }
        let passing = results.filter { if case .passes = $0.1 { true } else { false } }.count
        let failing = results.filter { $0.1.isFailure }.count
        var shown: [Defect: Int] = [:]
        for (_, result) in results {
            if case .showsDefects(let defects) = result { defects.forEach { shown[$0, default: 0] += 1 } }
        }
        let known = results.count - passing - failing
        var line = tr(
            "\(step)  \(results.count) scenario\(results.count == 1 ? "" : "s"): \(passing) pass",
            "\(step)  \(results.count) 个场景：\(passing) 个通过")
        if known > 0 {
            line += tr(", \(known) show the step's known defects, as expected", "，\(known) 个显示这一步的已知缺陷，符合预期")
        }
        if failing > 0 { line += tr(", \(failing) FAIL", "，\(failing) 个失败") }
        if !records.isEmpty { print(line) } else { print(step) }
        for defect in step.defects where shown[defect] != nil {
            let count = shown[defect]!
            print(
                tr(
                    "          known defect: \(defect.title) (\(count) scenario\(count == 1 ? "" : "s"))",
                    "          已知缺陷：\(defect.chineseTitle)（\(count) 个场景）"))
        }
        if let generated = GeneratedReport.read(of: step, in: reportFolder) {
            let differing = generated.reference(step)
            let rxSwift = rxSwiftName(of: step)
            print(
                tr("          \(generated.of) generated programs: ", "          生成的程序 \(generated.of) 个：")
                    + (generated.failing != 0
                        ? tr("\(generated.failing) FAIL", "\(generated.failing) 个失败")
                        // The demand act's recorded differences are OpenCombine's order among subscribers
                        // (a set) and, from step 18, among flatMap's children (a dictionary).
                        : step.isDemandAct
                            ? (step.capabilities.contains(.demandFlatMap)
                                ? tr(
                                    "each prints its recorded trace (\(differing) where OpenCombine's order among several subscribers or flatMap's children varies from run to run: judged one by one)",
                                    "每个都打印出记录的事件轨迹（其中 \(differing) 个 OpenCombine 通知多个订阅者或 flatMap 的多个子发布者的先后每次运行都不同：逐个判断）"
                                )
                                : tr(
                                    "each prints its recorded trace (\(differing) where OpenCombine's order among several subscribers varies from run to run: judged subscriber by subscriber)",
                                    "每个都打印出记录的事件轨迹（其中 \(differing) 个 OpenCombine 通知多个订阅者的先后每次运行都不同：逐个订阅者判断）"))
                            : tr(
                                "each prints its recorded trace (\(differing) where the reference differs from \(rxSwift), as recorded)",
                                "每个都打印出记录的事件轨迹（其中 \(differing) 个参考实现与 \(rxSwift) 不同，与记录一致）")))
        }
        if !threads.isEmpty {
            let clean = threads.values.filter { $0.hasPrefix("no anomaly") }.count  // both languages
            let scenarios = tr(
                "\(threads.count) thread scenario\(threads.count == 1 ? "" : "s")", "线程场景 \(threads.count) 个")
            let holds =
                clean == threads.count
                ? tr("every round holds", "每一轮都成立")
                : tr("\(threads.count - clean) FAIL", "\(threads.count - clean) 个失败")
            print(
                step.isThreadSafe
                    ? "          \(scenarios)\(tr(": ", "："))\(holds)"
                    : tr(
                        "          \(scenarios): not thread-safe, a known defect (this run saw it in \(threads.count - clean));"
                            + " make test-threads STEP=\(step.number) names the races",
                        "          \(scenarios)：不是线程安全的，这是已知缺陷（这次运行在 \(threads.count - clean) 个场景里看到了它）；"
                            + "make test-threads STEP=\(step.number) 会指出这些数据竞争"))
        }
    }
}

extension Command {
    static let summary = Command(
        name: "summary", takes: "DIR", help: "one line per step, from the records a test run wrote to DIR"
    ) { invocation in
        guard let folder = invocation.arguments.first else {
            throw WorkshopError(description: tr("summary needs a folder", "summary 需要一个文件夹"))
        }
        try Workshop.summary(reportFolder: folder)
        return 0
    }
}
