import Foundation
import TraceSuite

// The net under the scenarios: the step's generated programs (Tests/TraceSuite/Programs.swift),
// each judged by what RxSwift and the reference step print (Tests/Generated). The check shows
// the smallest program that differs, as Swift to paste into main.swift, and both traces.
let generatedName = "generated program"  // both languages: the key `make hint` reads back

// The name LastCheck keeps for a failing program: "generated program 12".
func generatedFailure(_ report: GeneratedReport?) -> String? {
    guard let report else { return "\(generatedName) (none ran)" }
    return report.first.map { "\(generatedName) \($0.number)" }
}

func generatedReport(of workspace: Workspace) -> GeneratedReport? {
    GeneratedReport.read(of: workspace.step, in: "\(workspace.scratch)/report")
}

// The section of the check's report; nothing when every program prints what it should.
func describeGenerated(_ report: GeneratedReport?, _ workspace: Workspace) -> [String] {
    guard let report else {
        return [
            tr(
                "Generated programs: they did not run (the test process stopped before them; \(workspace.scratch)/last-test.log).",
                "生成的程序：没有运行（测试进程在它们之前就停止了；见 \(workspace.scratch)/last-test.log）。")
        ]
    }
    guard let first = report.first else { return [] }
    let step = workspace.step
    let programs = step.generatedPrograms
    guard let code = step.generatedCode(first.number) else { return [] }
    let program =
        first.number >= 1 && first.number <= programs.count
        ? programs[first.number - 1].scenario.expecting(first.expected) : nil
    let library = step.library
    var lines = [
        tr(
            "Generated programs: \(report.failing) of \(report.of) print what neither \(library) nor the reference step prints. The shortest, program \(first.number) (paste it into \(workspace.path)/main.swift to see it for yourself):",
            "生成的程序：\(report.of) 个中有 \(report.failing) 个打印的既不是 \(library) 的、也不是参考实现的结果。最短的是第 \(first.number) 个（把它贴进 \(workspace.path)/main.swift 就能亲眼看到）："
        ),
        "",
    ]
    lines += code.map { "    " + $0 }
    lines.append("")
    if !first.finished {
        lines.append(crashAdvice(trace: first.trace, message: first.message))
    } else if let program {
        lines += sideBySide(program, actual: first.trace)
        if let parting = Parting(program, expected: first.expected, actual: first.trace) {
            lines += ["", parting.sentence]
        }
    } else {
        lines += sideBySide(expected: first.expected, actual: first.trace)
    }
    if let rule = brokenRule(of: step, first) { lines += ["", rule] }
    return lines
}

// The demand act's rule that a failing program's trace breaks and the library's keeps.
func brokenRule(of step: Step, _ failure: GeneratedReport.Failure) -> String? {
    guard step.isDemandAct, failure.finished,
        let rule = DemandRule.firstBroken(in: failure.trace, keptBy: failure.expected)
    else { return nil }
    return tr("The rule it breaks, which \(step.library) keeps: ", "它违反的规则（\(step.library) 遵守它）：")
        + rule.localized + "\n" + tr("Where to look: ", "该看哪里：") + rule.localizedHint
}

// `make hint` after a check that failed only in a generated program: where the traces part.
func generatedHint(_ workspace: Workspace) -> [String]? {
    guard let first = generatedReport(of: workspace)?.first, first.finished else { return nil }
    let programs = workspace.step.generatedPrograms
    let sentence: String
    if first.number >= 1 && first.number <= programs.count,
        let parting = Parting(programs[first.number - 1].scenario, expected: first.expected, actual: first.trace)
    {
        sentence = parting.sentence
    } else if workspace.step.bridgePrograms.contains(where: { $0.number == first.number })
        || workspace.step.isDemandAct,
        let index = firstDifference(first.expected, first.trace)
    {
        // A bridge or demand program: its entries are its own lines, said as they are.
        let theirs = index < first.expected.count ? "«\(first.expected[index])»" : tr("nothing more", "什么也没有了")
        let yours = index < first.trace.count ? "«\(first.trace[index])»" : tr("nothing more", "什么也没有了")
        let library = workspace.step.isDemandAct ? "OpenCombine" : tr("RxSwift's main branch", "RxSwift 的 main 分支")
        sentence = tr(
            "After \(index) entries in common, \(library) has \(theirs) where yours has \(yours).",
            "前 \(index) 条相同之后，\(library) 是 \(theirs)，你的是 \(yours)。")
    } else {
        return nil
    }
    return [
        tr("Where the traces of that program part:", "那个程序的两条事件轨迹从哪里分开："),
        sentence,
    ] + (brokenRule(of: workspace.step, first).map { [$0] } ?? []) + [
        tr(
            "Run it yourself: make check STEP=\(workspace.number) prints it as Swift for \(workspace.path)/main.swift; then make run STEP=\(workspace.number) MINE=1.",
            "自己跑一遍：make check STEP=\(workspace.number) 会把它打印成可以放进 \(workspace.path)/main.swift 的 Swift 代码；然后 make run STEP=\(workspace.number) MINE=1。"
        )
    ]
}
