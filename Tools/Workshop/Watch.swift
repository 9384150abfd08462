import Foundation
import TraceSuite

// Each check runs as a process of its own (`Workshop check NN`), so that a save while it runs
// stops it, and everything it started, and checks the newer files instead.
func watch(_ workspace: Workspace, verbose: Bool) throws {
    // Contents, not times: saving a file unchanged starts no check.
    func snapshot() -> String { workspace.fingerprint }
    // Ctrl-C or a SIGTERM ends the watch with a word, not with a stack of errors.
    onInterrupt = (tr("\nStopped watching \(workspace.path)/.", "\n已停止监视 \(workspace.path)/。"), 0)
    var last: String? = nil
    var running: Process? = nil
    while true {
        let now = snapshot()
        if now != last {
            if let stale = running, stale.isRunning {
                stopTree(of: stale.processIdentifier)
                stale.waitUntilExit()
                print(tr("(a newer save: that check stopped)", "（又保存了一次：那次检查已停止）"))
            }
            last = now
            print("──── \(timestamp(format: "HH:mm:ss")) make check STEP=\(workspace.number) ────")  // both languages
            fflush(nil)
            let check = Process()
            check.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            check.arguments = ["check", workspace.number]
            check.environment = ProcessInfo.processInfo.environment.merging(["VERBOSE": verbose ? "1" : ""]) { $1 }
            try check.run()
            running = check
        }
        if let finished = running, !finished.isRunning {
            running = nil
            print(
                tr(
                    "(watching \(workspace.path)/ for changes; Ctrl-C stops)",
                    "（正在监视 \(workspace.path)/ 的改动；按 Ctrl-C 停止）"))
            fflush(nil)
        }
        Thread.sleep(forTimeInterval: 0.5)
    }
}

extension Command {
    static let watch = Command(
        name: "watch", takes: "NN", help: "check again whenever a workspace file changes, until Ctrl-C"
    ) {
        try Workshop.watch($0.workspace(), verbose: $0.isOn("VERBOSE"))
        return 0
    }
}
