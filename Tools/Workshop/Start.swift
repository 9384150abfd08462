import Foundation
import TraceSuite

func start(_ workspace: Workspace, from choice: String?, out: (String) -> Void = { print($0) }) throws {
    try refuseExisting(workspace)
    let starter = try chooseStarter(for: workspace, from: choice)
    let page = try BuildItYourself.forParticipant(workspace.step)
    try createStarter(workspace, from: starter)
    let why = starter.reason.map { tr(", because \($0)", "，因为 \($0)") } ?? ""
    let demo =
        starter.folder == nil
        ? "" : tr(" and \(workspace.step.spokenName)'s demo", "，以及\(workspace.step.spokenName)的演示程序")
    let origin = spoken(origin: starter.origin)
    // A space between Chinese and what begins in Latin letters.
    let gap = origin.first.map { $0.isASCII } == true ? " " : ""
    out(
        tr(
            "Created \(workspace.path)/ from \(starter.origin)\(demo)\(why).",
            "已创建 \(workspace.path)/，来自\(gap)\(origin)\(demo)\(why)。"))
    if starter.folder != nil {
        out(
            tr(
                "(FROM=mine or FROM=reference chooses; 'make reset STEP=\(workspace.number)' first to start over.)",
                "（用 FROM=mine 或 FROM=reference 选择起点；想重来，先运行 make reset STEP=\(workspace.number)。）"))
    }
    // Your own previous step exists, yet this one starts from the reference: say it loudly,
    // or a participant's lineage of code is lost without their noticing.
    if let previous = workspace.step.previous.map({ Workspace(step: $0, root: workspace.root) }), choice == nil,
        starter.folder == previous.reference, isDirectory(previous.path)
    {
        let number = previous.number
        out("")
        out(
            tr(
                "WARNING: your own step \(number) is NOT carried on: this step starts from the reference step \(number).",
                "警告：你自己的第 \(number) 步没有被带过来，这一步从参考实现的第 \(number) 步开始。"))
        out(
            tr(
                "  To carry yours on instead: make check STEP=\(number) until it says done, then"
                    + " make reset STEP=\(workspace.number) and make start STEP=\(workspace.number) FROM=mine.",
                "  想接着用自己的代码：先 make check STEP=\(number) 直到通过，再 make reset STEP=\(workspace.number)，"
                    + "然后 make start STEP=\(workspace.number) FROM=mine。"))
    }
    out("")
    page.goal.forEach(out)
    out("")
    out(tr("Read: ", "阅读：") + page.page)
    if !givenFiles(workspace.step).isEmpty {
        reflowed(
            [
                tr("Given, as the reference has them: ", "已给出（与参考实现相同）：")
                    + givenFiles(workspace.step).joined(separator: tr(", ", "、"))
            ], continuation: "  "
        ).forEach(out)
    }
    let toWrite = changedFiles(workspace.step).map { entry in
        entry.hasSuffix(" (new)")
            ? tr(entry, "\(entry.dropLast(6))（新文件）")
            : entry.hasSuffix(" (changes)") ? tr(entry, "\(entry.dropLast(10))（有改动）") : entry
    }
    reflowed([tr("Write: ", "要写的：") + toWrite.joined(separator: tr(", ", "、"))], continuation: "  ").forEach(out)
    let removed = removedFiles(workspace.step)
    if !removed.isEmpty {
        reflowed(
            [
                tr(
                    "Remove once their types are replaced (\(workspace.step.spokenName) has none of them): ",
                    "它们的类型被替换之后删掉（\(workspace.step.spokenName)没有这些文件）：")
                    + removed.joined(separator: tr(", ", "、"))
            ], continuation: "  "
        ).forEach(out)
    }
    out(
        tr("Check: ", "检查：") + "make check STEP=\(workspace.number)    "
            + tr("(or make watch STEP=\(workspace.number))", "（或 make watch STEP=\(workspace.number)）"))
    out(tr("Run your demo: ", "运行你的演示：") + "make run STEP=\(workspace.number) MINE=1")
    out(tr("Stuck: ", "卡住了：") + "make hint STEP=\(workspace.number)")
}

extension Command {
    static let start = Command(
        name: "start", takes: "NN",
        help: "create Workshop/RxDemoNN from step NN-1's code (yours when done; FROM=mine|reference) and NN's demo"
    ) {
        try Workshop.start($0.workspace(), from: $0.environment["FROM"])
        return 0
    }
}
