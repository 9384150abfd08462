import Foundation
import TraceSuite

// What each step costs: release builds (whole-module optimisation), one step at a time, each
// compiled together with Tools/Bench from a copy of its files in Tools/Bench/Step (git-ignored),
// so no step changes. STEP=05 measures one step; DIR=Workshop/RxDemo06 (with STEP) a copy.
let benchCopy = "Tools/Bench/Step"
let benchBinary = ".build-bench/release/RxDemoBench"

// Builds RxDemoBench with step `step`'s files, or those in `folder`.
func buildBench(_ step: Step, from folder: String? = nil) throws {
    guard !step.isSideStep else {
        throw WorkshopError(
            description:
                "the side step has no benchmark (Tools/Bench measures RxSwift's design); STEP=\(Step.mainLine[0].number) … \(Step.mainLine.last!.number)"
        )
    }
    try? files.removeItem(atPath: benchCopy)
    try files.createDirectory(atPath: benchCopy, withIntermediateDirectories: true)
    let source = folder ?? step.folder
    for file in listFiles(in: source) where file.hasSuffix(".swift") && !file.contains("/") && file != "main.swift" {
        try files.copyItem(atPath: "\(source)/\(file)", toPath: "\(benchCopy)/\(file)")
    }
    let build = try run(
        ["swift", "build", "-c", "release", "-q", "--scratch-path", ".build-bench"],
        environment: ["RXDEMO_BENCH": step.number],
        passThrough: true)
    guard build.status == 0 else {
        try? files.removeItem(atPath: benchCopy)
        throw WorkshopError(description: "the benchmark of step \(step.number) does not build (above)", status: 1)
    }
}

func bench(_ invocation: Invocation) throws -> Int32 {
    let folder = invocation.value("DIR")
    let chosen = invocation.arguments.first.flatMap { $0.isEmpty ? nil : $0 }
    let steps = try chosen.map { [try parseStep($0)] } ?? Step.mainLine
    if let folder {
        guard chosen != nil else {
            throw WorkshopError(description: "DIR needs STEP, e.g. 'make bench STEP=06 DIR=Workshop/RxDemo06'")
        }
        guard isDirectory(folder) else {
            throw WorkshopError(
                description:
                    "DIR=\(folder) is not a folder; 'make exercise STEP=\(steps[0].number)' makes Workshop/RxDemo\(steps[0].number)"
            )
        }
    }
    if steps.contains(where: \.isSideStep) { try buildBench(.rxDemoSignal) }  // says why not
    defer { try? files.removeItem(atPath: benchCopy) }
    let machine = (try? run(["uname", "-sm"]).output) ?? ""
    let swift = (try? run(["swift", "--version"]).output.split(separator: "\n").first.map(String.init)) ?? nil
    print("make bench: \(machine.trimmingCharacters(in: .whitespacesAndNewlines)), \(swift ?? "")")
    print("median of 7 runs after a warm-up, ± half the spread between the fastest and the slowest run")
    for (index, step) in steps.enumerated() {
        // The demand act measures other things (Tools/Bench/Demand): a table of its own, after
        // the Rx steps' baseline rows, which the Rx harness prints.
        let startsTable = index == 0 || step.isDemandAct != steps[index - 1].isDemandAct
        if index > 0, startsTable, try run([benchBinary, "--baseline"], passThrough: true).status != 0 { return 1 }
        try buildBench(step, from: folder)
        if startsTable {
            if index > 0 { print() }
            if try run([benchBinary, "--header"], passThrough: true).status != 0 { return 1 }
        }
        let measured = try run(
            [benchBinary] + (folder.map { [$0] } ?? []), environment: ["RXDEMO_BENCH": step.number], passThrough: true)
        if measured.status != 0 { return measured.status }
    }
    return try run([benchBinary, "--baseline"], passThrough: true).status
}

extension Command {
    static let bench = Command(name: "bench", takes: "[NN]", help: "what each step costs, in time and allocations") {
        try Workshop.bench($0)
    }
}
