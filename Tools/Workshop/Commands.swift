import Foundation
import TraceSuite

// One workshop command: its name (the Makefile's target calls it by that name), what it takes,
// one line of help, and what it does. main.swift lists every command once; each is defined in
// a file of its own, beside the functions it runs.
struct Command: Sendable {
    let name: String
    let takes: String
    let help: String
    let run: @Sendable (Invocation) throws -> Int32
}

// What a command is given: its arguments (after its name), the environment, and the folder
// that holds the workspaces.
struct Invocation {
    let arguments: [String]
    let environment: [String: String]
    let root: String

    // The first argument as a step: 04, 4, Signal and signal are all accepted.
    func step() throws -> Step { try parseStep(arguments.first) }

    func workspace() throws -> Workspace { Workspace(step: try step(), root: root) }

    // The steps the arguments name; every step when they name none.
    func steps() throws -> [Step] {
        // STEP="03 10" names two: make passes them as one argument.
        let named = arguments.flatMap { $0.split(separator: " ").map(String.init) }
        return named.isEmpty ? Step.allCases : try named.map { try parseStep($0) }
    }

    // An environment variable given a value, e.g. VERBOSE=1 (an empty value is none).
    func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }

    // A switch such as VERBOSE=1 or MINE=1: set, and not 0.
    func isOn(_ name: String) -> Bool { value(name).map { $0 != "0" } ?? false }
}

// `variable` is the Makefile's name for it (STEP, FROM, TO); `example`, a whole command to suggest.
func parseStep(_ text: String?, variable: String = "STEP", example: String? = nil) throws -> Step {
    let valid = Step.allCases.map(\.number).joined(separator: " ")
    guard let text, !text.isEmpty else {
        let suggestion = example.map { "'\($0)'" } ?? "\(variable)=04"
        throw WorkshopError(
            description: tr(
                "say which step, e.g. \(suggestion); valid steps: \(valid)",
                "请指明是哪一步，例如 \(suggestion)；可用的步骤：\(valid)"))
    }
    guard let step = Step(number: text) else {
        throw WorkshopError(
            description: tr(
                "\(variable)=\(text) is not a step; valid steps: \(valid)",
                "\(variable)=\(text) 不是有效的步骤；可用的步骤：\(valid)"))
    }
    return step
}
