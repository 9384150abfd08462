import Foundation
import TraceSuite

// Undoes the last `make reset`: the newest folder it moved aside comes back.
func restore(_ workspace: Workspace) throws {
    let prefix = "\(workspace.name).reset-"
    let asides = ((try? files.contentsOfDirectory(atPath: workspace.root)) ?? []).filter { $0.hasPrefix(prefix) }
    guard let newest = asides.sorted().last else {
        throw WorkshopError(
            description: tr(
                "nothing to restore: 'make reset STEP=\(workspace.number)' has moved no \(workspace.path) aside",
                "没有可恢复的：'make reset STEP=\(workspace.number)' 没有移走过 \(workspace.path)"))
    }
    guard !exists(workspace.path) else {
        throw WorkshopError(
            description: tr(
                """
                \(workspace.path) exists, and it is never overwritten: move it aside first with \
                'make reset STEP=\(workspace.number)', then 'make restore STEP=\(workspace.number)' brings back \
                \(workspace.root)/\(newest) (the one before it stays aside under its own name)
                """,
                """
                \(workspace.path) 已经存在，它永远不会被覆盖：先用 'make reset STEP=\(workspace.number)' 把它移走，\
                再用 'make restore STEP=\(workspace.number)' 恢复 \(workspace.root)/\(newest)（更早的那个仍以自己的名字留在一旁）
                """))
    }
    try files.moveItem(atPath: "\(workspace.root)/\(newest)", toPath: workspace.path)
    print(
        tr(
            "Moved \(workspace.root)/\(newest)/ back to \(workspace.path)/.",
            "已把 \(workspace.root)/\(newest)/ 移回 \(workspace.path)/。"))
    print(tr("Go on with: make check STEP=\(workspace.number)", "接着做：make check STEP=\(workspace.number)"))
}

extension Command {
    static let restore = Command(
        name: "restore", takes: "NN", help: "move the workspace that the last reset moved aside back"
    ) {
        try Workshop.restore($0.workspace())
        return 0
    }
}
