import Foundation
import TraceSuite

func compare(_ workspace: Workspace, all: Bool) throws {
    guard isDirectory(workspace.path) else {
        throw WorkshopError(
            description: tr(
                "there is no \(workspace.path) yet: run 'make start STEP=\(workspace.number)' first",
                "还没有 \(workspace.path)：先运行 make start STEP=\(workspace.number)"))
    }
    guard !all else {
        let result = try run(["git", "diff", "--no-index", workspace.reference, workspace.path], passThrough: true)
        if result.status == 0 {
            print(
                tr(
                    "\(workspace.path) is the same as \(workspace.reference).",
                    "\(workspace.path) 与 \(workspace.reference) 完全相同。"))
        }
        return
    }
    // The files this step adds or changes first, in full; code carried from earlier steps (a
    // participant's own comments and names in every file) only as a list, or it buries them.
    // Written unbuffered, between git's own output.
    func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    let stepFiles = changedFiles(workspace.step).map { String($0.prefix { $0 != " " }) }
    say(
        tr(
            "The files step \(workspace.number) adds or changes, the reference (---) beside yours (+++):",
            "\(workspace.step.spokenName)新增或修改的文件，参考实现（---）对照你的（+++）："))
    var same: [String] = []
    for file in stepFiles {
        guard exists("\(workspace.path)/\(file)") else {
            say(tr("  \(file): not in \(workspace.path) yet", "  \(file)：\(workspace.path) 里还没有"))
            continue
        }
        let result = try run(
            ["git", "diff", "--no-index", "\(workspace.reference)/\(file)", "\(workspace.path)/\(file)"],
            passThrough: true)
        if result.status == 0 { same.append(file) }
    }
    if !same.isEmpty { say(tr("Same as the reference: ", "与参考实现相同：") + same.joined(separator: ", ")) }
    // "{Steps => Workshop}/RxDemo11/Bag.swift | 3 ++-" → "Bag.swift (3 lines)"
    let carried = try run(["git", "diff", "--no-index", "--stat=200", workspace.reference, workspace.path]).output
        .split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: "|")
            guard parts.count == 2,
                let name = parts[0].split(separator: "/").last?.trimmingCharacters(in: .whitespaces),
                !stepFiles.contains(name)
            else { return nil }
            let count = parts[1].trimmingCharacters(in: .whitespaces).prefix { $0 != " " }
            return tr("\(name) (\(count) line\(count == "1" ? "" : "s"))", "\(name)（\(count) 行）")
        }
    if !carried.isEmpty {
        say("")
        say(
            tr(
                "Also different, carried from your earlier steps rather than this step's lesson:",
                "还有一些不同，是从你之前的步骤带过来的，不属于这一步要学的内容："))
        reflowed([carried.joined(separator: ", ")]).forEach { say("  " + $0) }
        say(
            tr(
                "Every difference: make compare STEP=\(workspace.number) VERBOSE=1",
                "全部差异：make compare STEP=\(workspace.number) VERBOSE=1"))
    }
}

extension Command {
    static let compare = Command(
        name: "compare", takes: "NN", help: "your workspace beside the reference step (VERBOSE=1: every file)"
    ) {
        try Workshop.compare($0.workspace(), all: $0.isOn("VERBOSE"))
        return 0
    }
}
