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
            description: tr(
                "no scenario matches \"\(pattern ?? "")\"; the scenarios are:\n",
                "没有名字含有“\(pattern ?? "")”的场景；所有场景如下：\n")
                + (Scenario.all.map(\.localizedName)
                + ThreadScenario.all.map { $0.localizedName + tr(" (on two threads)", "（两个线程）") }
                + InterleavingScenario.all.map { $0.localizedName + tr(" (explored)", "（交错探索）") })
                .map { "  \($0)" }.joined(separator: "\n"))
    }
    // In Chinese the English name follows once: SCENARIO= takes either.
    func shown(_ localized: String, _ english: String) -> String {
        localized == english ? english : "\(localized)（\(english)）"
    }
    func steps(_ steps: [Step]) -> String { tr("steps ", "步骤 ") + steps.map(\.number).joined(separator: " ") }
    for scenario in matching {
        let running = Step.allCases.filter { $0.scenarios.contains { $0.id == scenario.id } }
        print("\(shown(scenario.localizedName, scenario.name))  [\(scenario.id)\(tr("; ", "；"))\(steps(running))]")
    }
    for scenario in threads {
        let running = Step.allCases.filter { $0.threadScenarios.contains { $0.id == scenario.id } }
        print(
            "\(shown(scenario.localizedName, scenario.name))  [\(tr("on two threads, ", "两个线程，"))\(scenario.id)"
                + "\(tr("; ", "；"))\(steps(running))]")
    }
    for scenario in interleavings {
        let running = Step.allCases.filter { $0.interleavingScenarios.contains { $0.id == scenario.id } }
        print(
            "\(shown(scenario.localizedName, scenario.name))  [\(tr("explored, ", "交错探索，"))\(scenario.key)"
                + "\(tr("; ", "；"))\(steps(running))\(tr(", ", "，"))make test-threads]")
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
