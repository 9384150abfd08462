import Foundation
import TraceSuite

// `make run STEP=04`: the reference step's demo. MINE=1 runs the participant's workspace
// instead, built as step NN in the workshop's build folder.
func runDemo(_ workspace: Workspace, mine: Bool) throws -> Int32 {
    let product = "RxDemo\(workspace.number)"
    guard mine else {
        print("swift run \(product)")  // both languages
        return try run(["swift", "run", product], passThrough: true).status
    }
    guard isDirectory(workspace.path) else {
        throw WorkshopError(
            description: tr(
                "there is no \(workspace.path) to run; 'make start STEP=\(workspace.number)' creates it, 'make run STEP=\(workspace.number)' runs the reference",
                "没有可运行的 \(workspace.path)；make start STEP=\(workspace.number) 会创建它，make run STEP=\(workspace.number) 运行参考实现"
            ))
    }
    return try run(
        ["swift", "run", "-q", "--scratch-path", ".build-workshop", product],
        environment: ["RXDEMO_STEP": workspace.number, "RXDEMO_WORKSPACE": workspace.path], passThrough: true
    ).status
}

extension Command {
    static let run = Command(name: "run", takes: "NN", help: "the step's demo (MINE=1: your Workshop/RxDemoNN's)") {
        try runDemo($0.workspace(), mine: $0.isOn("MINE"))
    }
}
