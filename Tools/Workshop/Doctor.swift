import Foundation
import TraceSuite

// `make doctor`: for every step of the course, everything it needs exists and agrees, and
// each thing missing is named with the command that makes it. Run by CI; run it after adding
// a step (MAINTAINING.md).
let adapterPath = "Tests/RxSwiftAdapter/RxSwiftAdapter.swift"
// The demand act's steps share an adapter of their own.
let demandAdapterPath = "Tests/DemandAdapter/DemandAdapter.swift"

func doctor() throws -> Int32 {
    var problems: [String] = []
    let course = (read("Steps/course.txt") ?? "").split(separator: "\n").filter { !$0.hasPrefix("#") }
        .compactMap { $0.split(separator: " ").first.map(String.init) }
    let known = Step.allCases.map(\.number)
    if course != known {
        problems.append(
            "Steps/course.txt lists \(course.joined(separator: " ")), and enum Step (Tests/TraceSuite/StepAdapter.swift)"
                + " \(known.joined(separator: " ")): give the new step its case, or its line")
    }
    for step in Step.allCases {
        let name = step.description
        func need(_ path: String, _ how: String) {
            if !exists(path) { problems.append("\(step): \(path) is missing: \(how)") }
        }
        need("Steps/\(name)/main.swift", "copy the step before and change it (MAINTAINING.md, 'Adding a step')")
        need("Tests/\(name)Tests", "a test folder: for step 07 on, a link to ../RxSwiftAdapter/RxSwiftAdapter.swift")
        need("Tests/Golden/\(name).txt", "make golden (writes every step's)")
        need(RecordedTraces.path(of: step, in: "."), "record RxSwift's traces, then make generated (MAINTAINING.md)")
        for edition in tutorialCatalogs {
            need("\(edition.catalog)/Tutorials/Step\(step.number).tutorial", "make docs")
        }
        do {
            let page = try BuildItYourself(step: step)
            if page.checksCall.isEmpty || page.hints.count != 3 {
                problems.append(
                    "\(step): \(page.page) needs '### What the checks call' and '### Hint 1' to '### Hint 3'")
            }
        } catch {
            problems.append("\(step): \(error) (every step page has '\(BuildItYourself.heading)')")
        }
        // The shared adapter picks its step by the highest RXDEMO_SINCE_NN: a new step needs its
        // own branch at the top of the chain, or its tests quietly test the step before.
        let adapter = step.isDemandAct ? demandAdapterPath : adapterPath
        if step.act >= 2, !(read(adapter) ?? "").contains("@testable import \(name)\n") {
            problems.append(
                "\(step): \(adapter) never imports \(name): add '#if RXDEMO_SINCE_\(step.number)',"
                    + " '@testable import \(name)' and 'private let thisStep = Step.rxDemo\(step.number)' at the top of its chain"
            )
        }
        if let previous = step.previous, !step.isSideStep {
            need("Docs/diffs/\(previous.number)-\(step.number).diff", "make docs")
        }
    }
    if problems.isEmpty {
        print(
            "The course's \(Step.allCases.count) steps each have their folder, tests, golden output, recorded traces, page, diff and tutorials."
        )
        return 0
    }
    problems.forEach { print("✘ " + $0) }
    return 1
}

extension Command {
    static let doctor = Command(
        name: "doctor", takes: "",
        help: "every step has what it needs (folder, tests, golden file, recorded traces, page, diff, tutorial)"
    ) { _ in try Workshop.doctor() }
}
