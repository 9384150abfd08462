import Foundation
import TraceSuite

// `make generated`: what each reference step prints for its generated programs, beside what
// RxSwift prints for them, into Tests/Generated. RxSwift's traces come from a recording made
// outside the repository (MAINTAINING.md, «Recording RxSwift's traces»): RXSWIFT=folder names
// it; without it, the RxSwift traces already in Tests/Generated are kept.
// Steps 07-14 follow RxSwift's latest release; step 15 its main branch.
func rxSwiftName(of step: Step) -> String {
    step.capabilities.contains(.mainBranchOrder) ? "RxSwift's main branch" : "RxSwift 6.10.2"
}

func rxSwiftRelease(of step: Step) -> String {
    step.capabilities.contains(.mainBranchOrder)
        ? "RxSwift's main branch (commit 5abdfe46cc21e4d536cdfc3dd09e130503f599fb)"
        : "RxSwift 6.10.2 (tag 6.10.2, commit 132aea4f236ccadc51590b38af0357a331d51fa2)"
}

func writeGeneratedTraces(_ steps: [Step], rxSwiftFolder: String?) throws -> Int32 {
    let recording = ".build/generated-reference"
    try? files.removeItem(atPath: recording)
    print("swift build --build-tests")
    guard try run(["swift", "build", "--build-tests"], passThrough: true).status == 0 else {
        throw WorkshopError(description: "the build failed (above)", status: 1)
    }
    var undeclared: [String] = []
    for step in steps {
        func recordReference() throws -> RecordedTraces {
            let test = try run(
                ["swift", "test", "--skip-build", "--disable-xctest", "--filter", "\(step)Tests.generated"],
                environment: ["RXDEMO_RECORD_GENERATED": recording], timeout: testProcessTimeout)
            let reference = RecordedTraces.parse(read("\(recording)/\(step).txt") ?? "")
            guard test.status == 0, !reference.entries.isEmpty else {
                throw WorkshopError(
                    description: "\(step) did not run every generated program:\n\(test.output)", status: 1)
            }
            return reference
        }
        let reference = try recordReference()
        // A step whose known defect changes its order from run to run (the side step's) is
        // recorded five times: a program it prints differently each time cannot judge anyone.
        let again = step.defects.contains(where: \.isIntermittent) ? try (1...4).map { _ in try recordReference() } : []
        let rxSwift =
            rxSwiftFolder.map { RecordedTraces.parse(read("\($0)/\(step).txt") ?? "") }
            ?? RecordedTraces.load(step, from: ".") ?? RecordedTraces(header: [], entries: [])
        // RxSwift's trace of a program, recorded for the program the generator draws now.
        func rxSwiftTrace(_ number: Int, _ fingerprint: String) throws -> [String] {
            guard let recorded = rxSwift.entry(number), recorded.fingerprint == fingerprint,
                let theirs = recorded.rxSwift
            else {
                throw WorkshopError(
                    description:
                        "\(step): no RxSwift trace recorded for generated program \(number) (the generator changed?): record them as MAINTAINING.md says, then 'make generated RXSWIFT=folder'",
                    status: 2)
            }
            return theirs
        }
        let programs = step.generatedPrograms
        var entries: [RecordedTraces.Entry] = []
        var differing = 0
        for program in programs {
            let mine = reference.entry(program.number)?.rxSwift ?? []
            let theirs = try rxSwiftTrace(program.number, program.fingerprint)
            var entry = RecordedTraces.Entry(number: program.number, fingerprint: program.fingerprint, rxSwift: theirs)
            let runs = again.map { step.judged($0.entry(program.number)?.rxSwift ?? [], against: theirs) }
            if runs.contains(where: { $0 != step.judged(mine, against: theirs) }) {
                entry.why = DeclaredDifference.unstable
                entry.reference = mine
                differing += 1
                entries.append(entry)
                continue
            }
            if step.judged(mine, against: theirs) != step.judged(theirs, against: theirs) {
                differing += 1
                if !step.isSecondAct {
                    entry.why = DeclaredDifference.knownDefects(
                        step.defectsExplaining(mine, of: program.scenario, rxSwift: theirs))
                } else if let declared = DeclaredDifference.explaining(program.scenario, of: step) {
                    entry.why = declared.name
                } else {
                    undeclared.append("\(step) program \(program.number)")
                }
                entry.reference = mine
            }
            entries.append(entry)
        }
        // Step 15's bridge programs: the reference step prints what RxSwift's main branch prints.
        for program in step.bridgePrograms {
            let theirs = try rxSwiftTrace(program.number, program.fingerprint)
            let mine = reference.entry(program.number)?.rxSwift ?? []
            if mine != theirs { undeclared.append("\(step) program \(program.number)") }
            entries.append(
                RecordedTraces.Entry(number: program.number, fingerprint: program.fingerprint, rxSwift: theirs))
        }
        let header = [
            "# Generated by `make generated`; do not edit. \(step)'s \(programs.count + step.bridgePrograms.count) generated programs (Tests/TraceSuite/Programs.swift"
                + (step.bridgePrograms.isEmpty ? "):" : ", and BridgePrograms.swift from \(programs.count + 1) on):"),
            "# each one's trace on \(rxSwiftRelease(of: step)), built from its sources (\"= \"), and where \(step) prints",
            "# otherwise, why (\"~ \") and what it prints (\"- \"). A step under check may print either.",
        ]
        try files.createDirectory(atPath: RecordedTraces.folder, withIntermediateDirectories: true)
        try write(RecordedTraces(header: header, entries: entries).text, to: RecordedTraces.path(of: step, in: "."))
        print(
            "\(step): \(programs.count + step.bridgePrograms.count) programs, \(differing) where the reference step prints otherwise"
        )
    }
    guard undeclared.isEmpty else {
        throw WorkshopError(
            description:
                "these differ from RxSwift and no declared difference explains them (fix the step, or declare it in Tests/TraceSuite/RecordedTraces.swift with the program on the step's page): "
                + undeclared.prefix(10).joined(separator: ", "),
            status: 1)
    }
    return 0
}

extension Command {
    static let generated = Command(
        name: "generated", takes: "[NN…]",
        help: "record what each reference step prints for its generated programs (RXSWIFT=folder: RxSwift's, too)"
    ) { invocation in
        try writeGeneratedTraces(invocation.steps(), rxSwiftFolder: invocation.value("RXSWIFT"))
    }
}
