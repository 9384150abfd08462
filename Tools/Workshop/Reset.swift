import Foundation
import TraceSuite

func reset(_ workspace: Workspace) throws {
    guard exists(workspace.path) else {
        throw WorkshopError(
            description: tr(
                "there is no \(workspace.path) to reset; 'make start STEP=\(workspace.number)' creates it",
                "没有可重置的 \(workspace.path)；make start STEP=\(workspace.number) 会创建它"))
    }
    let aside = "\(workspace.path).reset-\(timestamp(format: "yyyyMMdd-HHmmss"))"
    try files.moveItem(atPath: workspace.path, toPath: aside)
    print(tr("Moved your code to \(aside)/ (nothing was deleted).", "已把你的代码移到 \(aside)/（什么都没有删除）。"))
    print(tr("Begin again with: make start STEP=\(workspace.number)", "重新开始：make start STEP=\(workspace.number)"))
    print(
        tr(
            "Changed your mind? make restore STEP=\(workspace.number) moves it back.",
            "改主意了？make restore STEP=\(workspace.number) 会把它移回来。"))
}

extension Command {
    static let reset = Command(name: "reset", takes: "NN", help: "move Workshop/RxDemoNN aside (nothing is deleted)") {
        try Workshop.reset($0.workspace())
        return 0
    }
}
