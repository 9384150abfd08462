import Foundation
import TraceSuite

// Instructions per event through MAPS maps (default 16), per subscription (alone and through two
// maps, as in the demos), and per run of each of the third act's workloads, counted by
// valgrind's callgrind: the same on every run, where nanoseconds are not. Each figure is the
// difference between two runs of different sizes, so start-up and one-time setup cancel out.
func benchInstructions(_ invocation: Invocation) throws -> Int32 {
    let step = try invocation.step()
    guard (try? run(["valgrind", "--version"]))?.status == 0 else {
        throw WorkshopError(description: "needs valgrind (Debian: apt-get install valgrind)")
    }
    let folder = invocation.value("DIR")
    try buildBench(step, from: folder)
    defer { try? files.removeItem(atPath: benchCopy) }
    func count(_ arguments: [String]) throws -> Int {
        let name = arguments.joined(separator: "-").map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        let out = ".build-bench/callgrind.\(String(name)).out"
        let result = try run(["valgrind", "--tool=callgrind", "--callgrind-out-file=\(out)", benchBinary] + arguments)
        guard let line = result.output.split(separator: "\n").first(where: { $0.contains("Collected : ") }),
            let total = Int(line.components(separatedBy: "Collected : ")[1].trimmingCharacters(in: .whitespaces))
        else {
            throw WorkshopError(description: "callgrind counted nothing for \(arguments):\n\(result.output)", status: 1)
        }
        return total
    }
    // Per repetition: the difference between `small` and `large` repetitions.
    func per(_ arguments: [String], _ small: Int, _ large: Int) throws -> Int {
        (try count(arguments + ["\(large)"]) - count(arguments + ["\(small)"])) / (large - small)
    }
    let name = "RxDemo\(step.number)" + (folder.map { " (\($0))" } ?? "")
    // The demand act's figures beside OpenCombine's, measured the same way (Tests/Generated).
    let theirs = step.isDemandAct ? openCombineInstructions() : [:]
    func beside(_ key: String) -> String { theirs[key].map { " (OpenCombine: \($0))" } ?? "" }
    // The demand act's harness has chains of 0, 1, 2 and 4 maps.
    let maps = invocation.value("MAPS") ?? (step.isDemandAct ? "4" : "16")
    let perEvent = try per(["--events", maps], 10000, 20000)
    print("\(name) through \(maps) maps: \(perEvent) instructions per event" + beside("through \(maps) maps"))
    let subscription = try per(["--subscriptions", "0"], 1000, 3000)
    print(
        "\(name): \(subscription) instructions per subscription (create, one element, completed, freed)"
            + beside("per subscription"))
    if step.rawValue > 3 {
        let through = try per(["--subscriptions", "2"], 1000, 3000)
        print(
            "\(name) through 2 maps: \(through) instructions per subscription"
                + beside("per subscription through 2 maps"))
    }
    let workloads = try run([benchBinary, "--workloads"]).output.split(separator: "\n").map(String.init)
    for workload in workloads {
        print("\(name) \(workload): \(try per(["--workload", workload], 1000, 3000)) instructions" + beside(workload))
    }
    print("by function: callgrind_annotate .build-bench/callgrind.--subscriptions-0-3000.out | head -40")
    return 0
}

// OpenCombine's figures, as Tests/Generated/OpenCombine-bench.txt records them: "what: number".
func openCombineInstructions() -> [String: Int] {
    var figures: [String: Int] = [:]
    for line in (read("Tests/Generated/OpenCombine-bench.txt") ?? "").split(separator: "\n") where !line.hasPrefix("#")
    {
        guard let colon = line.lastIndex(of: ":"),
            let value = Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        else { continue }
        figures[String(line[..<colon])] = value
    }
    return figures
}

extension Command {
    static let benchInstructions = Command(
        name: "bench-instructions", takes: "NN", help: "instructions per event and per subscription (valgrind)"
    ) { try Workshop.benchInstructions($0) }
}
