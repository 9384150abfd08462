import Foundation
import TraceSuite

// `make bench-loop [STEP="03 09 15"] [RUNS=5]`: how long a participant waits in the workshop
// loop, measured as a participant meets it: in a fresh clone (.build/bench-loop) after
// `make ready`, each step's reference copied in as their own finished step, then per step the
// first check, a check after an edit of a comment, and one after a real change of behaviour (the
// step's first mistake of Tests/TraceSuite/Mistakes.swift), the medians of RUNS runs. Prints
// the table and writes it into the READMEs' "loop-times" region, so that table is never
// written by hand. Never part of `make test`: it takes about a minute per step and run.
func measureWorkshopLoop(steps: [Step], runs: Int) throws -> Int32 {
    let clone = ".build/bench-loop"
    try? files.removeItem(atPath: clone)
    guard try run(["git", "clone", "-q", ".", clone]).status == 0 else {
        throw WorkshopError(description: "git clone . \(clone) failed: bench-loop measures a fresh clone of HEAD")
    }
    let loadBefore = loadAverage()
    let ready = try timedRun(["make", "-s", "-C", clone, "ready"])
    guard ready.status == 0 else {
        print(ready.output)
        throw WorkshopError(description: "make ready failed in \(clone) (above)")
    }
    print(String(format: "make ready: %.1f s", ready.seconds))
    // Each measure: the whole check, and when its first verdict line came (the traces').
    var rows: [(step: Step, first: Timed, comment: Timed, behaviour: Timed?)] = []
    for step in steps {
        let workspace = Workspace(step: step, root: "\(clone)/Workshop")
        try? files.removeItem(atPath: workspace.path)
        try files.createDirectory(atPath: workspace.path, withIntermediateDirectories: true)
        try copy(listFiles(in: workspace.reference), from: workspace.reference, to: workspace.path)
        let check = ["make", "-s", "-C", clone, "check", "STEP=\(step.number)"]
        let first = try timedCheck(check, of: step)
        // One file every step has, edited as a participant edits: a comment, then a behaviour.
        let edited = "\(workspace.path)/" + (listFiles(in: workspace.path).first { $0 != "main.swift" } ?? "main.swift")
        let original = read(edited) ?? ""
        var comment: [Timed] = []
        for index in 1...runs {
            try write(original + "// edit \(index)\n", to: edited)
            comment.append(try timedCheck(check, of: step))
        }
        try write(original, to: edited)
        var behaviour: [Timed] = []
        if let mutant = mutants.first(where: { $0.step == step && $0.alsoIn == nil && !$0.hangs }) {
            let path = "\(workspace.path)/\(mutant.file)"
            let before = read(path) ?? ""
            for index in 1...runs {
                var text = before
                for (old, new) in mutant.changes { text = text.replacingOccurrences(of: old, with: new) }
                try write(text + "// change \(index)\n", to: path)
                behaviour.append(try timedCheck(check, of: step))
                try write(before, to: path)
            }
        }
        let row = (step, first, median(comment), behaviour.isEmpty ? nil : median(behaviour))
        rows.append(row)
        print(
            "\(step.number): first check \(row.1.cell(chinese: false)), after a comment edit \(row.2.cell(chinese: false))"
                + (row.3.map { ", after a change of behaviour \($0.cell(chinese: false))" } ?? ""))
    }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let commit = ((try? run(["git", "rev-parse", "--short", "HEAD"]))?.output ?? "")
        .trimmingCharacters(in: .whitespacesAndNewlines)
    let (loadAfter, date) = (loadAverage(), timestamp(format: "yyyy-MM-dd"))
    let machine = (
        english: "\(cores) cores, load average \(loadBefore) before and \(loadAfter) after, commit \(commit), \(date),"
            + " medians of \(runs)",
        chinese: "\(cores) 核，平均负载测量前 \(loadBefore)、测量后 \(loadAfter)，提交 \(commit)，\(date)，取 \(runs) 次的中位数"
    )
    for (readme, chinese) in [("README.md", false), ("README.zh-Hans.md", true)] {
        guard var text = read(readme), let start = text.range(of: "<!-- generated: loop-times -->\n"),
            let end = text.range(of: "<!-- end generated -->", range: start.upperBound..<text.endIndex)
        else {
            printError("\(readme) has no <!-- generated: loop-times --> region: the table is printed only")
            continue
        }
        let header =
            chinese
            ? ["| 步骤 | 第一次检查 | 改一行注释之后 | 改一行行为之后 |", "| --- | --- | --- | --- |"]
            : [
                "| Step | First check | After editing a comment | After a one-line change of behaviour |",
                "| --- | --- | --- | --- |",
            ]
        // STEP= measures some steps: the other steps' rows stay, with the line that says how
        // they were measured, and this run's line names the steps it measured.
        let measured = Set(rows.map(\.step.number))
        let old = text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let kept = old.filter { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return line.hasPrefix("| ") && !line.hasPrefix("| ---") && !cells.isEmpty
                && Step.allCases.contains { $0.number == cells[0] } && !measured.contains(cells[0])
        }
        let keptSteps = Set(kept.map { $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces) })
        // A note on steps all measured again says nothing about the table any more.
        let keptNotes =
            keptSteps.isEmpty
            ? []
            : old.filter { line in
                guard line.hasPrefix("(") || line.hasPrefix("（") else { return false }
                guard
                    let steps = line.components(separatedBy: "STEP=\"").dropFirst().first?.split(separator: "\"").first
                else { return true }
                return !steps.split(separator: " ").allSatisfy { measured.contains(String($0)) }
            }
        let newRows = rows.map { row in
            "| \(row.step.number) | \(row.first.cell(chinese: chinese)) | \(row.comment.cell(chinese: chinese)) | "
                + (row.behaviour.map { $0.cell(chinese: chinese) + " |" } ?? "— |")
        }
        let order = { (line: String) in
            let number = line.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
            return Step.allCases.firstIndex { $0.number == number } ?? 0
        }
        let which = keptSteps.isEmpty ? "" : rows.map(\.step.number).joined(separator: " ")
        let lines =
            header + (kept + newRows).sorted { order($0) < order($1) } + [""] + keptNotes + [
                chinese
                    ? "（\(which.isEmpty ? "" : "第 \(which.replacingOccurrences(of: " ", with: "、")) 步由 `make bench-loop STEP=\"\(which)\"` ")测得：\(machine.chinese)。）"
                    : "(Measured by `make bench-loop\(which.isEmpty ? "" : " STEP=\"\(which)\"")`: \(machine.english).)"
            ]
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: lines.joined(separator: "\n") + "\n")
        try write(text, to: readme)
        print("\(readme): the loop-times table rewritten")
    }
    return 0
}

private func timedRun(_ arguments: [String]) throws -> (status: Int32, output: String, seconds: Double) {
    let start = Date()
    let result = try run(arguments)
    return (result.status, result.output, Date().timeIntervalSince(start))
}

// A check's seconds: in all, and until its first line about the step ("RxDemo15: …"), which
// from step 09 on is the traces' verdict, printed before the thread rounds and tools run.
struct Timed {
    let whole: Double
    let firstVerdict: Double

    // "17.4 s (traces 4.9 s)" where the traces' verdict came half a second or more before the end.
    func cell(chinese: Bool) -> String {
        String(format: "%.1f s", whole)
            + (whole - firstVerdict < 0.5
                ? "" : String(format: chinese ? "（轨迹结论 %.1f s）" : " (traces %.1f s)", firstVerdict))
    }
}

private func timedCheck(_ arguments: [String], of step: Step) throws -> Timed {
    fflush(nil)
    let start = Date()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["COURSE_LANG": "en"]) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    var firstVerdict: Double? = nil
    var pending = ""
    while case let data = pipe.fileHandleForReading.availableData, !data.isEmpty {
        pending += String(decoding: data, as: UTF8.self)
        while let newline = pending.firstIndex(of: "\n") {
            let line = pending[..<newline]
            if firstVerdict == nil && (line.hasPrefix("\(step):") || line.hasPrefix("\(step) ")) {
                firstVerdict = Date().timeIntervalSince(start)
            }
            pending.removeSubrange(...newline)
        }
    }
    process.waitUntilExit()
    let whole = Date().timeIntervalSince(start)
    return Timed(whole: whole, firstVerdict: firstVerdict ?? whole)
}

// The median of each measure on its own.
private func median(_ values: [Timed]) -> Timed {
    func middle(_ numbers: [Double]) -> Double {
        let sorted = numbers.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
    return Timed(whole: middle(values.map(\.whole)), firstVerdict: middle(values.map(\.firstVerdict)))
}

private func loadAverage() -> String {
    (read("/proc/loadavg")?.split(separator: " ").first).map(String.init) ?? "unknown"
}

extension Command {
    static let benchLoop = Command(
        name: "bench-loop", takes: "[NN…]",
        help: "time the workshop loop (first check, after an edit) in a fresh clone; writes the READMEs' table"
    ) { invocation in
        let runs = invocation.environment["RUNS"].flatMap { Int($0) }.map { max($0, 1) } ?? 5
        return try measureWorkshopLoop(steps: try invocation.steps(), runs: runs)
    }
}
