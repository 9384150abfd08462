import Foundation
import TraceSuite

// The trace scenarios and the thread scenarios whose name contains `pattern`: both are what
// SCENARIO= picks for `make test`.
func listScenarios(_ pattern: String?) throws {
    let matching = Scenario.all.filter { $0.matches(pattern) }
    let threads = ThreadScenario.all.filter { $0.matches(pattern) }
    let interleavings = InterleavingScenario.all.filter { $0.matches(pattern) }
    guard !matching.isEmpty || !threads.isEmpty || !interleavings.isEmpty else {
        throw WorkshopError(
            description: "no scenario matches \"\(pattern ?? "")\"; the scenarios are:\n"
                + (Scenario.all.map(\.name) + ThreadScenario.all.map { "\($0.name) (on two threads)" }
                + InterleavingScenario.all.map { "\($0.name) (explored)" })
                .map { "  \($0)" }.joined(separator: "\n"))
    }
    for scenario in matching {
        let steps = Step.allCases.filter { $0.scenarios.contains { $0.id == scenario.id } }.map(\.number)
        print("\(scenario.name)  [\(scenario.id); steps \(steps.joined(separator: " "))]")
    }
    for scenario in threads {
        let steps = Step.allCases.filter { $0.threadScenarios.contains { $0.id == scenario.id } }.map(\.number)
        print("\(scenario.name)  [on two threads, \(scenario.id); steps \(steps.joined(separator: " "))]")
    }
    for scenario in interleavings {
        let steps = Step.allCases.filter { $0.interleavingScenarios.contains { $0.id == scenario.id } }.map(\.number)
        print("\(scenario.name)  [explored, \(scenario.key); steps \(steps.joined(separator: " ")), make test-threads]")
    }
}

extension Command {
    static let scenarios = Command(
        name: "scenarios", takes: "[TEXT]", help: "list the scenarios (those whose name contains TEXT)"
    ) {
        try listScenarios($0.arguments.first)
        return 0
    }
}
