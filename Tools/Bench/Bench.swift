import BenchAllocations
import Foundation

// The measuring half of `make bench`, compiled into one module with a step's own files
// (main.swift holds the half that knows the step's API). Times come from ContinuousClock;
// allocations from BenchAllocations, which counts every malloc on Linux.

// Keeps the optimiser from dropping the work: every handler adds what it receives here.
nonisolated(unsafe) var checksum = 0

let runs = 7

// The median of `runs` runs in nanoseconds per repetition, and the spread between the
// fastest and the slowest run, in percent of the median.
func measure(_ repetitions: Int, _ body: () -> Void) -> (median: Double, spread: Double) {
    let clock = ContinuousClock()
    body()  // warm-up
    var times: [Double] = []
    for _ in 0..<runs {
        let (seconds, attoseconds) = clock.measure(body).components
        times.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(repetitions))
    }
    times.sort()
    let median = times[runs / 2]
    return (median, (times.last! - times.first!) / median * 100)
}

// Heap allocations per repetition of `body`; nil where they cannot be counted.
func allocationsPer(_ repetitions: Int, _ body: () -> Void) -> Double? {
    let before = rxdemo_allocations()
    body()
    let after = rxdemo_allocations()
    return before < 0 ? nil : Double(after - before) / Double(repetitions)
}

func cell(_ result: (median: Double, spread: Double)?) -> String {
    guard let result else { return "—" }
    let value = result.median >= 100 ? String(format: "%.0f", result.median) : String(format: "%.1f", result.median)
    return "\(value) ±\(String(format: "%.0f", result.spread / 2))%"
}

func allocationCell(_ count: Double??) -> String {
    guard let count else { return "—" }
    guard let count else { return "n/a" }
    return String(format: "%.0f", count)
}

let mapCounts = [0, 1, 4, 16]
// Events per run: enough for each run to take some milliseconds.
func events(through maps: Int) -> Int { maps >= 16 ? 20_000 : 100_000 }
let subscriptions = 10_000

let header = [
    "ns per event, per subscription", "0 maps", "1 map", "4 maps", "16 maps", "subscribe+1+done", "allocs",
    "demo chain", "allocs",
]
let widths = [30, 10, 10, 10, 11, 16, 6, 11, 6]

// Rows go to the real standard output; the steps' own prints (step 05 prints "dispose
// execute") go to /dev/null, so that they cost what printing costs but do not flood the table.
nonisolated(unsafe) var table: FileHandle?

func printRow(_ cells: [String], widths: [Int] = widths) {
    let padded = zip(cells, widths).map { cell, width in
        cell.padding(toLength: max(width, cell.count), withPad: " ", startingAt: 0)
    }
    let line = padded.joined(separator: " ").trimmingCharacters(in: .whitespaces) + "\n"
    (table ?? FileHandle.standardOutput).write(Data(line.utf8))
}

// A line of text under the table.
func printLine(_ line: String) {
    (table ?? FileHandle.standardOutput).write(Data((line + "\n").utf8))
}

func silenceStepOutput() {
    table = FileHandle(fileDescriptor: dup(STDOUT_FILENO))
    let null = open("/dev/null", O_WRONLY)
    dup2(null, STDOUT_FILENO)
}

// What a chain of k `map`s costs with no observable machinery: composed closures. Then the
// same with what RxSwift adds per operator and event: two lock/unlock pairs (its AtomicInt is
// an NSLock), one for the sink's disposed flag and one for the observer's stopped flag.
func baselineRows() {
    var closures = ["plain closures"]
    var locked = ["closures + 2 locks per map"]
    for maps in mapCounts {
        let count = events(through: maps)
        var chain: (Int) -> Void = { checksum &+= $0 }
        for _ in 0..<maps { chain = { [chain] value in chain(value &+ 1) } }
        let plain = chain
        closures.append(cell(measure(count) { for value in 0..<count { plain(value) } }))
        var lockedChain: (Int) -> Void = { checksum &+= $0 }
        for _ in 0..<maps {
            let disposed = NSLock()
            let stopped = NSLock()
            lockedChain = { [lockedChain] value in
                stopped.lock()
                stopped.unlock()
                disposed.lock()
                disposed.unlock()
                lockedChain(value &+ 1)
            }
        }
        let withLocks = lockedChain
        locked.append(cell(measure(count) { for value in 0..<count { withLocks(value) } }))
    }
    printRow(closures + ["—", "—", "—", "—"])
    printRow(locked + ["—", "—", "—", "—"])
}
