import Foundation
import TraceSuite

// Files a starter takes from the reference as they are: step 14's app around the view model
// the participant writes (its controls, its network agent, its screen); the side step's text
// field, which stands in for UIKit's.
func givenFiles(_ step: Step) -> [String] {
    switch step {
    case .rxDemo14: ["Controls.swift", "NetworkAgent.swift", "SearchScreen.swift"]
    case .rxDemoSignal: ["TextField.swift"]
    default: []
    }
}

// What a step with no step before it starts from: step 01 from its Event; the side step from
// nothing but its given files.
func startingFiles(_ step: Step) -> [String] {
    step == .rxDemo01 ? ["Event.swift"] : []
}

// The reference files a step adds or changes, compared with the step before.
func changedFiles(_ step: Step) -> [String] {
    let current = listFiles(in: "Steps/\(step)").filter { $0 != "main.swift" && !givenFiles(step).contains($0) }
    guard let previous = step.previous else { return current.filter { !startingFiles(step).contains($0) } }
    return current.compactMap { file in
        let before = read("Steps/\(previous)/\(file)")
        if before == nil { return "\(file) (new)" }
        return before == read("Steps/\(step)/\(file)") ? nil : "\(file) (changes)"
    }
}

// The previous step's files that this step no longer has (the demand act drops step 06's).
func removedFiles(_ step: Step) -> [String] {
    guard let previous = step.previous else { return [] }
    let current = Set(listFiles(in: "Steps/\(step)"))
    return listFiles(in: "Steps/\(previous)").filter { !current.contains($0) }
}

func copy(_ files: [String], from source: String, to target: String) throws {
    for file in files {
        try FileManager.default.copyItem(atPath: "\(source)/\(file)", toPath: "\(target)/\(file)")
    }
}

func refuseExisting(_ workspace: Workspace) throws {
    if exists(workspace.path) {
        throw WorkshopError(
            description: tr(
                """
                \(workspace.path) exists already, and it is never overwritten. Go on with it \
                ('make check STEP=\(workspace.number)'), or move it aside and begin again with \
                'make reset STEP=\(workspace.number)'.
                """,
                """
                \(workspace.path) 已经存在，不会被覆盖。可以接着做（make check STEP=\(workspace.number)），\
                或者用 make reset STEP=\(workspace.number) 把它移到一边，重新开始。
                """))
    }
}

// Where a new workspace's code comes from: the step before, yours or the reference.
struct Starter {
    // The folder the files come from; nil for step 01, which starts from Event.swift only.
    let folder: String?
    // In words, for the first line of `make start` and for the defect report later.
    let origin: String
    // Why this one, when the participant did not choose.
    let reason: String?
}

func chooseStarter(for workspace: Workspace, from choice: String?) throws -> Starter {
    guard let previous = workspace.step.previous else {
        let given = (startingFiles(workspace.step) + givenFiles(workspace.step)).joined(separator: ", ")
        return Starter(folder: nil, origin: "\(given) and this step's demo", reason: nil)  // both languages
    }
    let mine = Workspace(step: previous, root: workspace.root)
    let number = mine.number
    let reference = Starter(
        folder: mine.reference,
        origin: "the reference step \(number) (\(mine.reference))",  // both languages
        reason: nil)
    let yours = Starter(
        folder: mine.path, origin: "your own step \(number) (\(mine.path))", reason: nil)  // both languages
    // Yours counts as done only if its last check said so and nothing changed since.
    var notDone: String? = nil
    if !isDirectory(mine.path) {
        notDone = tr("there is no \(mine.path)", "\(mine.path) 还不存在")
    } else if let last = LastCheck(of: mine) {
        if !last.isCurrent(for: mine) {
            notDone = tr(
                "\(mine.path) changed since its last check ('make check STEP=\(number)')",
                "\(mine.path) 在上次检查（make check STEP=\(number)）之后改过")
        } else if !last.done {
            notDone = tr(
                "\(mine.path) is not done yet (\(last.summary))", "\(mine.path) 还没完成（\(spoken(summary: last.summary))）")
        }
    } else {
        notDone = tr(
            "\(mine.path) has not been checked yet ('make check STEP=\(number)')",
            "\(mine.path) 还没有检查过（make check STEP=\(number)）")
    }
    switch choice ?? "" {
    case "reference":
        return reference
    case "mine":
        if let notDone {
            throw WorkshopError(
                description: tr(
                    """
                    FROM=mine needs your step \(number) done, but \(notDone). Finish it with \
                    'make check STEP=\(number)', or start from the reference: make start STEP=\(workspace.number) FROM=reference
                    """,
                    """
                    FROM=mine 要求你的第 \(number) 步已经完成，但 \(notDone)。先用 make check STEP=\(number) \
                    完成它，或者从参考实现开始：make start STEP=\(workspace.number) FROM=reference
                    """))
        }
        return yours
    case "":
        if let notDone {
            return Starter(folder: reference.folder, origin: reference.origin, reason: notDone)
        }
        return Starter(folder: yours.folder, origin: yours.origin, reason: tr("it is done", "\(mine.path) 已经完成"))
    default:
        throw WorkshopError(
            description: tr(
                "FROM=\(choice ?? "") is not a starting point; say FROM=mine (your step \(number), once it is done) or FROM=reference",
                "FROM=\(choice ?? "") 不是可用的起点；请用 FROM=mine（你自己的第 \(number) 步，完成之后）或 FROM=reference"))
    }
}

// A new workspace: the starter's files but its demo, and this step's demo.
func createStarter(_ workspace: Workspace, from starter: Starter) throws {
    try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
    if let folder = starter.folder {
        try copy(listFiles(in: folder).filter { $0 != "main.swift" }, from: folder, to: workspace.path)
    } else {
        try copy(startingFiles(workspace.step), from: workspace.reference, to: workspace.path)
    }
    try copy(["main.swift"] + givenFiles(workspace.step), from: workspace.reference, to: workspace.path)
    try files.createDirectory(atPath: workspace.stateFolder, withIntermediateDirectories: true)
    try write(starter.origin + "\n", to: workspace.originFile)
    try? files.removeItem(atPath: workspace.lastCheck)
}

// Where a workspace came from, in the course's language. It is stored in English, whatever the
// language of `make start`, so that a check in the other language can still say it.
func spoken(origin: String) -> String {
    let patterns = [
        (#"^the reference step (\S+) \((.+)\)$"#, "参考实现的第 $1 步（$2）"),  // both languages
        (#"^your own step (\S+) \((.+)\)$"#, "你自己的第 $1 步（$2）"),  // both languages
        (#"^(.+) and this step's demo$"#, "$1 和这一步的演示程序"),  // both languages
    ]
    guard CourseLanguage.current == .simplifiedChinese else { return origin }
    for (pattern, chinese) in patterns where origin.range(of: pattern, options: .regularExpression) != nil {
        return origin.replacingOccurrences(of: pattern, with: chinese, options: .regularExpression)
    }
    return origin
}
