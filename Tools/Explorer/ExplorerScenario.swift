import Foundation

// MARK: - A scenario the explorer runs

// Two threads each, and a check after both: ExplorerScenarios.swift has the Rx act's,
// DemandExplorerScenarios.swift the demand act's; a step's explorer compiles one of them.
struct ExplorerScenario: Sendable {
    let id: String
    // Builds fresh objects for one run: the two threads' actions and the check after both.
    let make: @Sendable () -> (threads: [[(label: String, action: () -> Void)]], problem: () -> String?)
}

// A counter the scenario's threads share; only one explored thread runs at a time.
final class Tally: @unchecked Sendable {
    var count = 0
    var elements: [Int] = []
}
