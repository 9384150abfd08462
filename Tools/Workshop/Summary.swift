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
        var line = "\(step)  \(results.count) scenario\(results.count == 1 ? "" : "s"): \(passing) pass"
        if known > 0 { line += ", \(known) show the step's known defects, as expected" }
        if failing > 0 { line += ", \(failing) FAIL" }
        if !records.isEmpty { print(line) } else { print(step) }
        for defect in step.defects where shown[defect] != nil {
            print(
                "          known defect: \(defect.title) (\(shown[defect]!) scenario\(shown[defect]! == 1 ? "" : "s"))")
        }
        if let generated = GeneratedReport.read(of: step, in: reportFolder) {
            let differing = generated.reference(step)
            print(
                "          \(generated.of) generated programs: "
                    + (generated.failing == 0
                        ? "each prints its recorded trace (\(differing) where the reference differs from \(rxSwiftName(of: step)), as recorded)"
                        : "\(generated.failing) FAIL"))
        }
        if !threads.isEmpty {
            let clean = threads.values.filter { $0.hasPrefix("no anomaly") }.count
            let scenarios = "\(threads.count) thread scenario\(threads.count == 1 ? "" : "s")"
            print(
                step.isThreadSafe
                    ? "          \(scenarios): \(clean == threads.count ? "every round holds" : "\(threads.count - clean) FAIL")"
                    : "          \(scenarios): not thread-safe, a known defect (this run saw it in \(threads.count - clean));"
                        + " make test-threads STEP=\(step.number) names the races")
        }
    }
}

extension Command {
    static let summary = Command(
        name: "summary", takes: "DIR", help: "one line per step, from the records a test run wrote to DIR"
    ) { invocation in
        guard let folder = invocation.arguments.first else {
            throw WorkshopError(description: "summary needs a folder")
        }
        try Workshop.summary(reportFolder: folder)
        return 0
    }
}
