import Foundation
import TraceSuite

func watch(_ workspace: Workspace, verbose: Bool) throws {
    // Contents, not times: saving a file unchanged starts no check.
    func snapshot() -> String { workspace.fingerprint }
    // Ctrl-C or a SIGTERM ends the watch with a word, not with a stack of errors.
    onInterrupt = (tr("\nStopped watching \(workspace.path)/.", "\n已停止监视 \(workspace.path)/。"), 0)
    var last: String? = nil
    while true {
        let now = snapshot()
        if now != last {
            last = now
            print("──── \(timestamp(format: "HH:mm:ss")) make check STEP=\(workspace.number) ────")  // both languages
            do { _ = try check(workspace, verbose: verbose) } catch let error as WorkshopError {
                print("error: \(error)")
            }
            print(
                tr(
                    "(watching \(workspace.path)/ for changes; Ctrl-C stops)",
                    "（正在监视 \(workspace.path)/ 的改动；按 Ctrl-C 停止）"))
            fflush(nil)
        }
        Thread.sleep(forTimeInterval: 1)
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
