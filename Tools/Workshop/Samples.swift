import Foundation
import TraceSuite

// `make samples`: the tool's own output that the pages quote, printed by the tool in each
// language into Docs/samples and Docs/zh-Hans/samples, so that a Chinese page quotes the
// Chinese report. `make docs` puts each file into its `<!-- generated: tool-output NAME -->`
// regions; `make check-docs` proves the regions are the files. Run it again when a quoted
// command's output changes (a sanitizer's races can differ from run to run: read the result).
struct Sample: Sendable {
    let name: String
    // The step whose thread scenarios it runs, and the mistake its workspace makes, if any.
    let step: Step
    let mistake: String?
    // Keeps the part of the output the page quotes.
    let keep: @Sendable ([String]) -> [String]
}

let samples: [Sample] = [
    // Page 09: ThreadSanitizer names step 08's races, three scenarios.
    Sample(name: "threads-08", step: .rxDemo08, mistake: nil) { lines in
        Array(blocks(of: lines, startingWith: "«").prefix(3).joined(separator: [""]))
    },
    // Page 09, exercise 1: the explorer's interleaving for a check-then-act on an atomic.
    Sample(
        name: "explorer-09-check-then-act", step: .rxDemo09,
        mistake: "the SinkDisposer checks its state, then sets it: check-then-act on an atomic"
    ) { lines in
        // The explored scenario that breaks (its interleaving marks each thread's first step), up to its verdict.
        guard
            let block = blocks(of: lines, startingWith: "«").first(where: { block in
                block.contains { $0.contains("▸") } && block.contains { $0.contains("✘") }
            })
        else { return [] }
        return Array(block.prefix { !$0.contains("✘") }) + [block.first { $0.contains("✘") }!]
    },
]

// The paragraphs of `lines` whose first line starts with `prefix`.
private func blocks(of lines: [String], startingWith prefix: String) -> [[String]] {
    var found: [[String]] = []
    var current: [String]? = nil
    for line in lines {
        if line.hasPrefix(prefix) {
            current.map { found.append($0) }
            current = [line]
        } else if line.isEmpty {
            current.map { found.append($0) }
            current = nil
        } else {
            current?.append(line)
        }
    }
    current.map { found.append($0) }
    return found
}

func writeSamples() throws -> Int32 {
    let root = ".build-samples"
    for sample in samples {
        var environment = ["RXDEMO_WORKSHOP_ROOT": root]
        let arguments = [CommandLine.arguments[0], "threads", sample.step.number]
        if let mistake = sample.mistake {
            guard let mutant = mutants.first(where: { $0.step == sample.step && $0.mistake == mistake }) else {
                throw WorkshopError(
                    description: "no mistake of \(sample.step) is «\(mistake)» (Tests/TraceSuite/Mistakes.swift)")
            }
            try mutantCopy(Workspace(step: sample.step, root: root), mutant)
            environment["MINE"] = "1"
        }
        for language in CourseLanguage.allCases {
            environment[CourseLanguage.variable] = language.rawValue
            let ran = try run(arguments, environment: environment)
            let lines = ran.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let kept = sample.keep(lines)
            guard !kept.isEmpty else {
                throw WorkshopError(description: "\(sample.name): the output has no part to quote:\n\(ran.output)")
            }
            let folder = language == .english ? "Docs/samples" : "Docs/zh-Hans/samples"
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try write(kept.joined(separator: "\n") + "\n", to: "\(folder)/\(sample.name).txt")
            print("\(folder)/\(sample.name).txt: \(kept.count) lines")
        }
    }
    return 0
}

extension Command {
    static let samples = Command(
        name: "samples", takes: "",
        help: "the tool's output the pages quote, printed by the tool in each language into Docs/samples"
    ) { _ in try writeSamples() }
}
