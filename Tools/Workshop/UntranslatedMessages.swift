import Foundation
import TraceSuite

// Part of `make check-translation`: every message a participant reads from the workshop has its
// Chinese. In the files of the participant's commands, a string literal with English words in
// it must be an argument of `tr(english, chinese)`; a literal that is the same in both languages
// (a command, a file name, a value the tool parses) ends its line with `// both languages`.

// The participant's commands and what they share: what `make start … check … hint` print.
let participantFacingFiles = [
    "Start.swift", "Starters.swift", "Exercise.swift", "Check.swift", "Hint.swift", "Reset.swift", "Restore.swift",
    "Progress.swift", "Compare.swift", "Watch.swift", "Run.swift", "Commands.swift", "BuildTutorial.swift",
    "Ready.swift", "Scenarios.swift", "TestCommand.swift", "Summary.swift", "Threads.swift", "Explore.swift",
    "Diff.swift", "Workspace.swift", "Shell.swift", "Pages.swift", "BuildFailure.swift",
]
// The suite's reports that `make check` prints as they are: a crash, a hang, a generated program.
let participantFacingSuiteFiles = [
    "Report.swift", "GeneratedReport.swift", "Parting.swift", "Watchdog.swift", "StackOverflow.swift",
    "TaskPlaces.swift", "ThreadStacks.swift",
]
let bothLanguagesMark = "// both languages"

func untranslatedMessages(folder: String = "Tools/Workshop", suite: String = "Tests/TraceSuite") -> [String] {
    var problems: [String] = []
    let paths =
        participantFacingFiles.map { "\(folder)/\($0)" } + participantFacingSuiteFiles.map { "\(suite)/\($0)" }
    for path in paths {
        guard let text = read(path) else {
            problems.append(
                tr(
                    "\(path): missing (participantFacingFiles in UntranslatedMessages.swift names it)",
                    "\(path)：缺失（UntranslatedMessages.swift 的 participantFacingFiles 列出了它）"))
            continue
        }
        var translatedDepth: Int? = nil  // the paren depth a `tr(` opened at, while inside it
        var depth = 0
        var inBlock = false  // inside a """ literal
        var skipRegistration = false  // `extension Command { … }`: names and help for `make help`
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("extension Command {") { skipRegistration = true }
            if skipRegistration || trimmed.hasPrefix("//") { continue }
            let opensTranslation = line.contains("tr(")
            if opensTranslation && translatedDepth == nil { translatedDepth = depth }
            let literals = stringLiterals(in: String(line), inBlock: &inBlock)
            let translated = translatedDepth != nil || line.hasSuffix(bothLanguagesMark)
            if !translated, literals.contains(where: hasEnglishWords) {
                problems.append(
                    tr(
                        "\(path):\(number + 1): a message without its Chinese: \(trimmed.prefix(90))",
                        "\(path):\(number + 1)：一条没有中文的消息：\(trimmed.prefix(90))"))
            }
            depth += line.filter { $0 == "(" }.count - line.filter { $0 == ")" }.count
            if let opened = translatedDepth, depth <= opened, !inBlock { translatedDepth = nil }
        }
    }
    return problems
}

// The literal text of a line's string literals, interpolations left out; `inBlock` carries a
// multi-line literal over from line to line.
func stringLiterals(in line: String, inBlock: inout Bool) -> [String] {
    var found: [String] = []
    var current = ""
    var inString = inBlock
    var interpolation = 0
    var characters = Array(line)[...]
    if inBlock {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("\"\"\"") {
            inBlock = false
            return []
        }
        return [line]
    }
    while let character = characters.popFirst() {
        if interpolation > 0 {
            if character == "(" { interpolation += 1 }
            if character == ")" { interpolation -= 1 }
            continue
        }
        if character == "\"" {
            if characters.prefix(2) == ["\"", "\""] {
                inBlock = true
                return found
            }
            if inString { found.append(current) }
            current = ""
            inString.toggle()
        } else if inString && character == "\\" {
            if characters.first == "(" {
                characters.removeFirst()
                interpolation = 1
            } else {
                _ = characters.popFirst()
            }
        } else if inString {
            current.append(character)
        }
    }
    return found
}

// Two or more words, one of four letters or more, outside quoted commands ('make check STEP=04'):
// a sentence, not a token the tool parses or passes on ("diff", "--no-index").
func hasEnglishWords(_ literal: String) -> Bool {
    guard literal.trimmingCharacters(in: .whitespaces).contains(" ") else { return false }
    let unquoted = literal.split(separator: "'").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(
        separator: " ")
    let words = unquoted.split { !$0.isLetter && $0 != "_" && $0 != "-" && $0 != "/" && $0 != "." }
    return words.contains { word in
        word.count >= 4 && word.allSatisfy { $0.isASCII && $0.isLetter } && word.contains(where: \.isLowercase)
    }
}

// The shape checks' requirements, which a failing check prints: each `ShapeCheck(` in the
// adapters takes `tr(english, chinese)`. (Scenario names and defects have theirs in exhaustive
// switches and required fields, which the compiler checks.)
func untranslatedShapeChecks() -> [String] {
    // Each step's own adapter, and the one from step 07 on (which steps 07-15 link to).
    let adapters =
        listFiles(in: "Tests").filter {
            $0.hasPrefix("RxDemo") && $0.hasSuffix(".swift") && !$0.hasSuffix("/RxSwiftAdapter.swift")
        }.map { "Tests/\($0)" } + ["Tests/RxSwiftAdapter/RxSwiftAdapter.swift"]
    var problems: [String] = []
    for path in adapters {
        guard let text = read(path) else { continue }
        var rest = Substring(text)
        while let call = rest.range(of: "ShapeCheck(") {
            let after = rest[call.upperBound...].drop { $0 == " " || $0 == "\n" }
            if !after.hasPrefix("tr(") && !after.hasPrefix("_ requirement") && !after.hasPrefix("requirement") {
                let line = text[..<call.lowerBound].filter { $0 == "\n" }.count + 1
                problems.append(
                    tr(
                        "\(path):\(line): a shape check without its Chinese: give it tr(english, chinese)",
                        "\(path):\(line)：一个没有中文的结构检查：请写成 tr(english, chinese)"))
            }
            rest = rest[call.upperBound...]
        }
    }
    return problems
}
