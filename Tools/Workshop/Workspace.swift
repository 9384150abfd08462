import Foundation
import TraceSuite

// A participant's code for one step, where it lives, and what the workshop remembers of it.
struct Workspace {
    let step: Step
    // Where workspaces live: Workshop/ for participants, another folder for the self-test.
    let root: String

    var name: String { step.description }
    var path: String { "\(root)/\(name)" }
    var number: String { step.number }
    // One build folder for every step: the shared suite is compiled once, so the first check
    // of a step after any other step's only compiles that step and its adapter.
    var scratch: String { buildFolder("", root: root) }
    var reference: String { "Steps/\(name)" }
    // What the workshop remembers of this workspace, beside it in a hidden folder.
    var stateFolder: String { "\(root)/.state" }
    var lastCheck: String { "\(stateFolder)/\(name).check" }
    var originFile: String { "\(stateFolder)/\(name).origin" }

    // The workspace's Swift files, names and contents: a restored file counts as unchanged.
    var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in listFiles(in: path) {
            for byte in Array(file.utf8) + [0] + Array((read("\(path)/\(file)") ?? "").utf8) + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }

    // Where `make start` took the code from, in words: "your own step 02 (Workshop/RxDemo02)".
    var origin: String? { read(originFile)?.trimmingCharacters(in: .whitespacesAndNewlines) }
}

// The last check of a workspace: its summary, the first failing scenario, and the files it saw.
struct LastCheck {
    let summary: String
    let done: Bool
    // The name of the scenario that failed first: a trace scenario, else a thread scenario.
    let firstFailing: String?
    let fingerprint: String

    init(summary: String, done: Bool, firstFailing: String?, fingerprint: String) {
        self.summary = summary
        self.done = done
        self.firstFailing = firstFailing
        self.fingerprint = fingerprint
    }

    init?(of workspace: Workspace) {
        guard let lines = read(workspace.lastCheck)?.split(separator: "\n").map(String.init) else { return nil }
        func value(_ key: String) -> String? {
            lines.first { $0.hasPrefix(key + " ") }.map { String($0.dropFirst(key.count + 1)) }
        }
        guard let summary = value("summary"), let fingerprint = value("fingerprint") else { return nil }
        self.summary = summary
        self.done = value("done") == "yes"
        self.firstFailing = value("first-failing")
        self.fingerprint = fingerprint
    }

    func save(for workspace: Workspace) {
        try? files.createDirectory(atPath: workspace.stateFolder, withIntermediateDirectories: true)
        var lines = ["summary \(summary)", "done \(done ? "yes" : "no")", "fingerprint \(fingerprint)"]
        if let firstFailing { lines.append("first-failing \(firstFailing)") }
        try? write(lines.joined(separator: "\n") + "\n", to: workspace.lastCheck)
    }

    // Whether the workspace still holds exactly what this check saw.
    func isCurrent(for workspace: Workspace) -> Bool { fingerprint == workspace.fingerprint }
}

let defaultRoot = "Workshop"
// The self-test's workspaces; with JOBS=2 its second part has its own, in selftestRoot-2.
let selftestRoot = ".build-selftest-src"

// A root's build folders, one per kind ("", "tsan-", "explore-"), so that no two builds share
// one: .build-workshop, .build-tsan-selftest, .build-explore-selftest-2 …
func buildFolder(_ kind: String, root: String) -> String {
    ".build-\(kind)" + (root == defaultRoot ? "workshop" : "selftest" + root.dropFirst(selftestRoot.count))
}
