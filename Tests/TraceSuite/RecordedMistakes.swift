import Foundation

// What each mistake of the self-test (Tests/TraceSuite/Mistakes.swift: a reference step with one
// change a participant makes) prints for the scenarios it fails, one file per step:
//
//     == the mistake, as Mistakes.swift says it
//     -- scenarioID finished               (or crashed)
//     t0 send 0                            the trace, a line per entry
//
// `make selftest RECORD=1` writes them from its runs, and every `make selftest` compares its
// runs with them. The tutorial's wrong answers come from here: each is a real mistake's output.
public struct RecordedMistakes: Sendable, Equatable {
    public struct Failure: Sendable, Equatable {
        public let mistake: String
        public let id: ScenarioID
        public let crashed: Bool
        public let trace: [String]

        public init(mistake: String, id: ScenarioID, crashed: Bool, trace: [String]) {
            self.mistake = mistake
            self.id = id
            self.crashed = crashed
            self.trace = trace
        }
    }

    public var failures: [Failure]

    public init(failures: [Failure]) { self.failures = failures }

    public static let folder = "Tests/Mistakes"

    public static func path(of step: Step, in root: String = ".") -> String { "\(root)/\(folder)/\(step).txt" }

    public static func load(_ step: Step, from root: String = ".") -> RecordedMistakes? {
        guard let text = try? String(contentsOfFile: path(of: step, in: root), encoding: .utf8) else { return nil }
        var failures: [Failure] = []
        var mistake = ""
        var current: (id: ScenarioID, crashed: Bool, trace: [String])? = nil
        func finish() {
            if let current {
                failures.append(
                    Failure(mistake: mistake, id: current.id, crashed: current.crashed, trace: current.trace))
            }
            current = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix("#") {
            if line.hasPrefix("== ") {
                finish()
                mistake = String(line.dropFirst(3))
            } else if line.hasPrefix("-- ") {
                finish()
                let words = line.dropFirst(3).split(separator: " ")
                guard let name = words.first, let id = ScenarioID.allCases.first(where: { "\($0)" == name }) else {
                    continue
                }
                current = (id, words.last == "crashed", [])
            } else if !line.isEmpty {
                current?.trace.append(String(line))
            }
        }
        finish()
        return RecordedMistakes(failures: failures)
    }

    public func text(of step: Step) -> String {
        var lines = [
            "# What each mistake of Tests/TraceSuite/Mistakes.swift makes \(step) print, for each scenario it fails.",
            "# Written by `make selftest STEP=\(step.number) RECORD=1`; `make selftest` compares its runs with it.",
        ]
        var mistake: String? = nil
        for failure in failures {
            if failure.mistake != mistake {
                lines.append("== \(failure.mistake)")
                mistake = failure.mistake
            }
            lines.append("-- \(failure.id) \(failure.crashed ? "crashed" : "finished")")
            lines += failure.trace
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
