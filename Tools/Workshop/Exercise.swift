import Foundation
import TraceSuite

func exercise(_ workspace: Workspace) throws {
    try refuseExisting(workspace)
    try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
    try copy(listFiles(in: workspace.reference), from: workspace.reference, to: workspace.path)
    try files.createDirectory(atPath: workspace.stateFolder, withIntermediateDirectories: true)
    try write(
        tr(
            "a copy of the reference step \(workspace.number) (make exercise)\n",
            "参考实现\(workspace.step.spokenName)的副本（make exercise）\n"),
        to: workspace.originFile)
    try? files.removeItem(atPath: workspace.lastCheck)
    print(
        tr(
            "Copied the reference \(workspace.step) into \(workspace.path)/ for the exercises on its page.",
            "已把参考实现 \(workspace.step) 复制到 \(workspace.path)/，用来做它页面上的练习。"))
    print(
        tr(
            "Change it there; 'make check STEP=\(workspace.number)' reports which known defects your change fixes.",
            "在那里修改；'make check STEP=\(workspace.number)' 会报告你的修改修好了哪些已知问题。"))
}

extension Command {
    static let exercise = Command(
        name: "exercise", takes: "NN",
        help: "copy the reference step NN into Workshop/RxDemoNN, for the page's exercises"
    ) {
        try Workshop.exercise($0.workspace())
        return 0
    }
}
