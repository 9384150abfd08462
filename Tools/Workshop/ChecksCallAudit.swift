import Foundation
import TraceSuite

// The self-test's proof that "What the checks call" is complete: every name of the step's
// own API that Tests/RxSwiftAdapter uses for step NN (a type, or a member after a dot) is
// named in the list of step NN or of an earlier step. Found by reading the adapter as step NN
// compiles it (its `#if RXDEMO_SINCE_NN` blocks) against the names the step's files declare.
func namesTheChecksCallLeaveOut(for step: Step) throws -> [String] {
    guard step.isSecondAct else { return [] }
    let adapterFile = "Tests/RxSwiftAdapter/RxSwiftAdapter.swift"
    guard let adapter = read(adapterFile) else { throw WorkshopError(description: "cannot read \(adapterFile)") }
    let code = compiledLines(of: adapter, since: step.rawValue)
    let adapterOwn = declaredNames(in: adapter)
    var declared: Set<String> = []
    for file in listFiles(in: "Steps/\(step)") where file.hasSuffix(".swift") && file != "main.swift" {
        declared.formUnion(declaredNames(in: read("Steps/\(step)/\(file)") ?? ""))
    }
    let types = matches(#"\b[A-Z][A-Za-z0-9_]*"#, in: code)
    let members = matches(#"\.[a-z][A-Za-z0-9_]*"#, in: code).map { String($0.dropFirst()) }
    let used = Set(types + members).intersection(declared).subtracting(adapterOwn).subtracting(["rawValue"])
    var listed: Set<String> = []
    for earlier in Step.allCases where !earlier.isSideStep && earlier.rawValue <= step.rawValue {
        guard let page = try? BuildItYourself(step: earlier) else { continue }
        listed.formUnion(matches(#"[A-Za-z_][A-Za-z0-9_]*"#, in: page.checksCall.joined(separator: " ")))
    }
    return used.subtracting(listed).sorted()
}

// The lines of `source` that a build with RXDEMO_SINCE_07 … RXDEMO_SINCE_NN defined compiles
// (comments dropped); any other condition counts as false.
private func compiledLines(of source: String, since number: Int) -> String {
    func holds(_ condition: Substring) -> Bool {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        let negated = trimmed.hasPrefix("!")
        guard let since = Int(trimmed.dropFirst(negated ? 1 : 0).replacingOccurrences(of: "RXDEMO_SINCE_", with: ""))
        else { return false }
        return (since <= number) != negated
    }
    // Per open #if: whether this branch is compiled, and whether an earlier one was.
    var branches: [(taken: Bool, done: Bool)] = []
    var kept: [String] = []
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
        let directive = line.trimmingCharacters(in: .whitespaces)
        if directive.hasPrefix("#if ") {
            let taken = holds(directive.dropFirst(4))
            branches.append((taken, taken))
        } else if directive.hasPrefix("#elseif "), let last = branches.popLast() {
            let taken = !last.done && holds(directive.dropFirst(8))
            branches.append((taken, last.done || taken))
        } else if directive == "#else", let last = branches.popLast() {
            branches.append((!last.done, true))
        } else if directive == "#endif" {
            _ = branches.popLast()
        } else if branches.allSatisfy(\.taken) {
            kept.append(String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0]))
        }
    }
    return kept.joined(separator: "\n")
}

private func declaredNames(in source: String) -> Set<String> {
    let pattern = #"\b(?:func|var|let|class|struct|enum|protocol|typealias|case)\s+([A-Za-z_][A-Za-z0-9_]*)"#
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(source.startIndex..., in: source)
    return Set(
        regex.matches(in: source, range: range).compactMap {
            Range($0.range(at: 1), in: source).map { String(source[$0]) }
        })
}

private func matches(_ pattern: String, in text: String) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
        Range($0.range, in: text).map { String(text[$0]) }
    }
}

extension Command {
    static let audit = Command(
        name: "audit", takes: "[NN ...]",
        help: "names of a step's API the adapter uses that no \"checks call\" list has"
    ) { invocation in
        var complete = true
        for step in try invocation.steps() {
            let unlisted = try namesTheChecksCallLeaveOut(for: step)
            complete = complete && unlisted.isEmpty
            print(
                "\(step): "
                    + (unlisted.isEmpty ? "every name the adapter uses is listed" : unlisted.joined(separator: ", ")))
        }
        return complete ? 0 : 1
    }
}
