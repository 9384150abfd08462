import Foundation

// What each generated program of a step must print: RxSwift's trace, recorded by running the
// program against RxSwift's own sources, and the reference step's where it differs (its known
// defects, or a difference the step declares). One file per step, Tests/Generated/RxDemoNN.txt:
//
//     program 12 9c1e0f3a2b4d5e6f      number and fingerprint
//     = t0 receive 1                   RxSwift's trace, a line per entry
//     ~ the reference step's known defects
//     - t0 receive 1                   the reference step's trace, where it differs
//
// `make generated` writes the reference sections; RxSwift's come from a recording (MAINTAINING.md).
public struct RecordedTraces: Sendable {
    public struct Entry: Sendable, Equatable {
        public let number: Int
        public let fingerprint: String
        public var rxSwift: [String]?
        // The reference step's trace and why it differs, when it does.
        public var reference: [String]?
        public var why: String?

        public init(
            number: Int, fingerprint: String, rxSwift: [String]?, reference: [String]? = nil, why: String? = nil
        ) {
            self.number = number
            self.fingerprint = fingerprint
            self.rxSwift = rxSwift
            self.reference = reference
            self.why = why
        }

        // The traces a step may print: RxSwift's, or its reference step's.
        public var allowed: [[String]] { [rxSwift, reference].compactMap { $0 } }

        // What the reference step must print.
        public var referenceTrace: [String]? { reference ?? rxSwift }
    }

    public var header: [String]
    public var entries: [Entry]

    public init(header: [String], entries: [Entry]) {
        self.header = header
        self.entries = entries
    }

    public static let folder = "Tests/Generated"

    public static func path(of step: Step, in root: String = repositoryRoot) -> String {
        "\(root)/\(folder)/\(step).txt"
    }

    // The repository this suite was compiled from.
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    public static func load(_ step: Step, from root: String = repositoryRoot) -> RecordedTraces? {
        (try? String(contentsOfFile: path(of: step, in: root), encoding: .utf8)).map(parse)
    }

    public static func parse(_ text: String) -> RecordedTraces {
        var header: [String] = []
        var entries: [Entry] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let rest = String(line.dropFirst(2))
            if line.hasPrefix("#") {
                header.append(String(line))
            } else if line.hasPrefix("program ") {
                let words = line.split(separator: " ")
                entries.append(Entry(number: Int(words[1]) ?? 0, fingerprint: String(words[2]), rxSwift: nil))
            } else if line.hasPrefix("=") {
                entries[entries.count - 1].rxSwift =
                    (entries[entries.count - 1].rxSwift ?? []) + (line == "=" ? [] : [rest])
            } else if line.hasPrefix("~ ") {
                entries[entries.count - 1].why = rest
                entries[entries.count - 1].reference = []
            } else if line.hasPrefix("- ") {
                entries[entries.count - 1].reference?.append(rest)
            }
        }
        return RecordedTraces(header: header, entries: entries)
    }

    // An empty trace is a lone "=", so that "nothing printed" is recorded too.
    public var text: String {
        var lines = header
        for entry in entries {
            lines.append("program \(entry.number) \(entry.fingerprint)")
            if let rxSwift = entry.rxSwift {
                lines += rxSwift.isEmpty ? ["="] : rxSwift.map { "= " + $0 }
            }
            if let reference = entry.reference, let why = entry.why {
                lines.append("~ " + why)
                lines += reference.map { "- " + $0 }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public func entry(_ number: Int) -> Entry? {
        number >= 1 && number <= entries.count && entries[number - 1].number == number
            ? entries[number - 1] : entries.first { $0.number == number }
    }
}

// Where the references part from RxSwift on purpose, from step 07 on (before it, the
// reference steps' known defects are the difference). Each is declared on the step's page
// with a program that shows it; the recorded traces name it after "~ ".
public struct DeclaredDifference: Sendable {
    // What the recorded traces say after "~ ", and the step page that shows it.
    public let name: String
    public let steps: ClosedRange<Int>
    // The programs it can explain: a difference elsewhere is a defect of the step.
    let applies: @Sendable (Scenario) -> Bool
}

extension DeclaredDifference {
    public static let all: [DeclaredDifference] = [
        DeclaredDifference(
            name: "amb keeps a winner that RxSwift disposes, 6.10.2 and main alike (Docs/12-inner-subscriptions.md)",
            steps: 12...15,
            applies: { $0.operators.contains { if case .amb = $0 { true } else { false } } })
    ]

    public static let knownDefects = "the reference step's known defects"
    // OpenCombine keeps a Future's waiting subscribers in a set: which it tells first changes
    // from run to run. The demand act's steps tell them in the order they came.
    public static let subscriberOrderVaries =
        "OpenCombine's order among several subscribers changes from run to run: each subscriber's own order counts, not the order among them"
    // OpenCombine keeps flatMap's children in a dictionary: which it asks first after a request
    // for `.unlimited` changes from run to run, and with it the order of a subscriber's elements.
    // The step asks them in the order they came.
    public static let childOrderVaries =
        "OpenCombine's order among flatMap's children changes from run to run: what each subscriber and child prints counts, not its order"
    // A program the reference step prints differently from run to run: it judges nobody.
    public static let unstable = "the reference step prints it differently from run to run"

    // "the reference step's known defects: a; b", with the titles of those that explain it.
    public static func knownDefects(_ defects: [Defect]) -> String {
        knownDefects + (defects.isEmpty ? "" : ": " + defects.map(\.title).joined(separator: "; "))
    }

    // The declared difference that explains program `scenario` of `step`, if any.
    public static func explaining(_ scenario: Scenario, of step: Step) -> DeclaredDifference? {
        all.first { $0.steps.contains(step.rawValue) && $0.applies(scenario) }
    }
}

extension Step {
    // Traces compared as the step's known defects allow: where subscribers of one value are
    // called in an order that changes from run to run (the side step's), within each moment
    // the order does not count.
    public func comparable(_ trace: [String]) -> [String] {
        defects.contains(where: { $0.symptom == .subscriberOrder }) ? Defect.sortedWithinEachTime(trace) : trace
    }

    // A trace as it is judged against a program whose RxSwift trace is `rxSwift`: lifetimes
    // count only where RxSwift frees everything; where RxSwift keeps a running subscription
    // alive, which of its objects a step keeps is the step's own.
    // Elsewhere what counts is whether the program leaves anything alive: which objects a
    // leak holds can change from run to run.
    public func judged(_ trace: [String], against rxSwift: [String]?) -> [String] {
        let keepsAlive = rxSwift?.contains { TraceEntry.isStillAlive($0) } ?? false
        let events = trace.filter { !TraceEntry.isStillAlive($0) }
        let leaks = !keepsAlive && events.count < trace.count
        return comparable(events) + (leaks ? [Trace.stillAlivePrefix + "something"] : [])
    }
}

// Step by step, the first difference of two traces: where they part, for the ▶.
public func firstDifference(_ expected: [String], _ actual: [String]) -> Int? {
    let common = zip(expected, actual).prefix { $0 == $1 }.count
    return common == expected.count && common == actual.count ? nil : common
}

extension Step {
    // The fewest of the step's known defects that turn RxSwift's trace into the reference
    // step's, as their symptoms say; empty when none does.
    public func defectsExplaining(_ reference: [String], of program: Scenario, rxSwift: [String]) -> [Defect] {
        let expected = program.expecting(rxSwift)
        for subset in defects.subsets.sorted(by: { $0.count < $1.count }) where !subset.isEmpty {
            if expected.shows(subset, in: reference) { return subset }
        }
        return []
    }

    // Whether `trace` is RxSwift's with some of `defects` kept and the others fixed, as a
    // participant may keep or fix each of the reference step's defects.
    public func keepsSomeOf(_ defects: [Defect], _ trace: [String], of program: Scenario, rxSwift: [String]) -> Bool {
        let expected = program.expecting(rxSwift)
        return defects.subsets.contains { !$0.isEmpty && expected.shows($0, in: trace) }
    }
}

extension Array {
    // Every subset, the empty one first.
    var subsets: [[Element]] {
        reduce([[]]) { subsets, element in subsets + subsets.map { $0 + [element] } }
    }
}

extension RecordedTraces.Entry {
    // Where the library's order among subscribers is its set's (the demand act's programs).
    public var ordersSubscribersFreely: Bool {
        why == DeclaredDifference.subscriberOrderVaries || why == DeclaredDifference.childOrderVaries
    }

    // What of a trace counts when the library's order varies: each actor's own order, or only
    // what each actor printed.
    public func comparable(_ trace: [String]) -> [String] {
        switch why {
        case DeclaredDifference.subscriberOrderVaries: byActor(trace)
        case DeclaredDifference.childOrderVaries: byActor(trace).sorted()
        default: trace
        }
    }

    // The known defects a "~ " line names, among the step's.
    public func defects(of step: Step) -> [Defect] {
        guard let why, why.hasPrefix(DeclaredDifference.knownDefects) else { return [] }
        return step.defects.filter { why.contains($0.title) }
    }
}

// A demand program's trace, each actor's entries together ("sub 1 …", "sink 2 …", "source: …"),
// in the order each printed them: what two traces share when only the order among the
// subscribers is free.
public func byActor(_ trace: [String]) -> [String] {
    let actor = { (entry: String) -> String in
        let words = entry.split(separator: " ", maxSplits: 2)
        return words.count >= 2 && Int(words[1]) != nil ? words[0] + " " + words[1] : ""
    }
    var order: [String] = []
    var entries: [String: [String]] = [:]
    for entry in trace {
        let name = actor(entry)
        if entries[name] == nil { order.append(name) }
        entries[name, default: []].append(entry)
    }
    return order.sorted().flatMap { entries[$0] ?? [] }
}
