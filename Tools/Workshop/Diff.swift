import Foundation
import TraceSuite

// `make diff FROM=04 TO=05`: what one step changes in another, on the terminal.
func diffSteps(from: String?, to: String?) throws -> Int32 {
    let example = "make diff FROM=04 TO=05"  // both languages
    let first = try parseStep(from, variable: "FROM", example: example)
    let second = try parseStep(to, variable: "TO", example: example)
    guard first != second else {
        throw WorkshopError(
            description: tr(
                "FROM and TO are both \(first.number); name two different steps, e.g. '\(example)'",
                "FROM 和 TO 都是 \(first.number)；请给出两个不同的步骤，例如 '\(example)'"))
    }
    let status = try run(["git", "diff", "--no-index", first.folder, second.folder], passThrough: true).status
    // git diff exits 1 when the steps differ, which is the point here.
    return status <= 1 ? 0 : status
}

extension Step {
    var folder: String { "Steps/RxDemo\(number)" }
}

extension Command {
    static let diff = Command(name: "diff", takes: "FROM TO", help: "what step TO changes in step FROM (git diff)") {
        try diffSteps(from: $0.arguments.first, to: $0.arguments.dropFirst().first)
    }
}
