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
    let maps = invocation.value("MAPS") ?? "16"
    print("\(name) through \(maps) maps: \(try per(["--events", maps], 10000, 20000)) instructions per event")
    let subscription = try per(["--subscriptions", "0"], 1000, 3000)
    print("\(name): \(subscription) instructions per subscription (create, one element, completed, freed)")
    if step.rawValue > 3 {
        print("\(name) through 2 maps: \(try per(["--subscriptions", "2"], 1000, 3000)) instructions per subscription")
    }
    let workloads = try run([benchBinary, "--workloads"]).output.split(separator: "\n").map(String.init)
    for workload in workloads {
        print("\(name) \(workload): \(try per(["--workload", workload], 1000, 3000)) instructions")
    }
    print("by function: callgrind_annotate .build-bench/callgrind.--subscriptions-0-3000.out | head -40")
    return 0
}

extension Command {
    static let benchInstructions = Command(
        name: "bench-instructions", takes: "NN", help: "instructions per event and per subscription (valgrind)"
    ) { try Workshop.benchInstructions($0) }
}
