import Foundation
import TraceSuite

// Hints follow the failure: for the scenario that failed first at the last check, the page's
// hint for it, then the page's three general hints, one more each time; when the first
// failing scenario changes, the hints start again from its own.
func hint(_ workspace: Workspace, out: (String) -> Void = { print($0) }) throws {
    let page = try BuildItYourself.forParticipant(workspace.step)
    let state = "\(workspace.root)/.hints/\(workspace.name)"
    let last = LastCheck(of: workspace)
    let failing = last?.firstFailing
    // "scenario name<TAB>how many of its hints were shown"; the last line counts.
    let key = failing ?? ""
    let remembered = (read(state) ?? "").split(separator: "\n").last.map { $0.split(separator: "\t") }
    let shown = remembered.flatMap { $0.count == 2 && String($0[0]) == key ? Int($0[1]) : nil } ?? 0
    var sequence: [[String]] = []
    if let failing {
        let shown =
            failing.hasPrefix(generatedName + " ")
            ? tr(failing, "生成的第 \(failing.dropFirst(generatedName.count + 1)) 个程序") : localizedScenarioName(failing)
        out(tr("Your last check failed first at «\(shown)».", "你上一次检查最先失败在 «\(shown)»。"))
        if failing.hasPrefix(generatedName), let parting = generatedHint(workspace) {
            sequence.append(parting)
        } else if let own = page.scenarioHints[failing] {
            let note =
                page.untranslatedHints.contains(failing) ? ["（这条提示还没有中文版，以下是英文原文。）"] : []
            sequence.append([hintForScenarioTitle] + note + own)
        }
        out("")
    } else if last == nil {
        out(
            tr(
                "(No check yet: 'make check STEP=\(workspace.number)' first lets the hint start from what fails.)",
                "（还没有检查过：先运行 make check STEP=\(workspace.number)，提示会从失败的地方讲起。）"))
        out("")
    }
    sequence += page.hints.enumerated().map { index, hint in
        [hintTitle(index + 1, of: page.hints.count, for: workspace.name)] + hint.dropFirst()
    }
    let next = min(shown, sequence.count - 1)
    sequence[next].forEach(out)
    try files.createDirectory(atPath: "\(workspace.root)/.hints", withIntermediateDirectories: true)
    try write("\(key)\t\(next + 1)\n", to: state)
    out("")
    if next + 1 < sequence.count {
        out(tr("Again for the next hint: ", "下一条提示：") + "make hint STEP=\(workspace.number)")
    } else {
        out(
            tr("That was the last hint. The reference beside your code: ", "这是最后一条提示。对照参考实现看你的代码：")
                + "make compare STEP=\(workspace.number)")  // both languages
    }
}

// The first line of a hint, in the course's language: what the self-test looks for too.
let hintForScenarioTitle = tr("A hint for that scenario:", "针对这个场景的提示：")

func hintTitle(_ number: Int, of count: Int, for step: String) -> String {
    tr("Hint \(number) of \(count) for \(step)", "\(step) 的提示 \(number)/\(count)")
}

extension Command {
    static let hint = Command(
        name: "hint", takes: "NN", help: "the next hint: the failing scenario's, then the page's three"
    ) {
        try Workshop.hint($0.workspace())
        return 0
    }
}
