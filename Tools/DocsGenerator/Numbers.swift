import Foundation
import TraceSuite

// MARK: - Numbers in prose

// A page's hand-written sentences count what a step adds: "seven explored scenarios", "three
// more scenarios" explored, "one thread scenario", "五个新场景". Each such count, in either
// edition, outside generated regions and code, must be what the suite has: the scenarios of
// that kind the page's step runs and the step before did not. A number that went stale when
// a scenario was added is named with the right one.
func checkNumbersInProse(pages: [String]) throws -> [String] {
    var problems: [String] = []
    for page in pages {
        let name = (page as NSString).lastPathComponent
        guard let step = Step.allCases.first(where: { !$0.isSideStep && name.hasPrefix($0.number + "-") }),
            let before = Step(rawValue: step.rawValue - 1)
        else { continue }
        let chinese = page.contains("/zh-Hans/")
        let added: [(kind: String, count: Int, patterns: [String])] = [
            (
                chinese ? "新的探索场景" : "new explored scenarios",
                Set(step.interleavingScenarios.map(\.id)).subtracting(before.interleavingScenarios.map(\.id)).count,
                chinese
                    ? [#"([0-9]+|[一二两三四五六七八九十]+)个(?:新的?)?探索场景"#, #"多探索([0-9]+|[一二两三四五六七八九十]+)个场景"#]
                    : [#"\b(\w+) (?:new |more )?explored scenarios?\b"#, #"\bexplores (\w+) more scenarios?\b"#]
            ),
            (
                chinese ? "新的线程场景" : "new thread scenarios",
                Set(step.threadScenarios.map(\.id)).subtracting(before.threadScenarios.map(\.id)).count,
                chinese ? [#"([0-9]+|[一二两三四五六七八九十]+)个新的?线程场景"#] : [#"\b(\w+) new thread scenarios?\b"#]
            ),
            (
                chinese ? "新场景" : "new scenarios",
                Set(step.scenarios.map(\.id)).subtracting(before.scenarios.map(\.id)).count,
                chinese ? [#"([0-9]+|[一二两三四五六七八九十]+)个新场景"#] : [#"\b(\w+) new scenarios?\b"#]
            ),
        ]
        // Paragraphs, so that a count wrapped onto the next line is read whole.
        var paragraphs: [(line: Int, text: String)] = []
        var inCode = false
        var inRegion = false
        var open = false
        for (index, line) in try read(page).components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") { inCode.toggle() }
            if line.contains(regionStart) { inRegion = true }
            if line.contains(regionEnd) { inRegion = false }
            guard !inCode, !inRegion, !line.hasPrefix("```"), !line.trimmingCharacters(in: .whitespaces).isEmpty else {
                open = false
                continue
            }
            if open {
                paragraphs[paragraphs.count - 1].text +=
                    (chinese ? "" : " ") + line.trimmingCharacters(in: .whitespaces)
            } else {
                paragraphs.append((index + 1, line))
                open = true
            }
        }
        for (line, text) in paragraphs {
            for (kind, count, patterns) in added {
                for pattern in patterns {
                    let expression = try NSRegularExpression(pattern: pattern)
                    for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                        guard let word = Range(match.range(at: 1), in: text).map({ String(text[$0]) }),
                            let number = spokenNumber(word), number != count
                        else { continue }
                        problems.append(
                            "\(page):\(line): «\(text[Range(match.range, in: text)!])» says \(number) \(kind);"
                                + " \(step) has \(count) that \(before) had not")
                    }
                }
            }
        }
    }
    return problems
}

// The READMEs count step 15's bridge programs ("126 async programs", "126 个异步程序"): the
// suite's count, so that a bridge move added to the generator cannot leave them stale.
func checkBridgeProgramCount(readmes: [String]) throws -> [String] {
    let count = Step.allCases.map(\.bridgePrograms.count).reduce(0, +)
    let expression = try NSRegularExpression(pattern: #"([0-9]+) async programs|([0-9]+) 个异步程序"#)
    var problems: [String] = []
    for readme in readmes {
        let text = try read(readme)
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) ?? Range(match.range(at: 2), in: text),
                let number = Int(text[range]), number != count
            else { continue }
            problems.append(
                "\(readme): «\(text[Range(match.range, in: text)!])» says \(number) async programs;"
                    + " Tests/TraceSuite/BridgePrograms.swift makes \(count)")
        }
    }
    return problems
}

// 13 from "13", "thirteen" or "十三"; nil for a word that is no number.
func spokenNumber(_ word: String) -> Int? {
    if let number = Int(word) { return number }
    let english = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]
    if let number = english.firstIndex(of: word.lowercased()) { return number }
    let digits = ["零", "一", "两", "三", "四", "五", "六", "七", "八", "九"]
    func digit(_ text: Substring) -> Int? { text == "二" ? 2 : digits.firstIndex(of: String(text)) }
    let parts = word.split(separator: "十", omittingEmptySubsequences: false)
    switch parts.count {
    case 1: return digit(parts[0])
    case 2:
        let tens = parts[0].isEmpty ? 1 : digit(parts[0])
        let ones = parts[1].isEmpty ? 0 : digit(parts[1])
        return tens.flatMap { tens in ones.map { tens * 10 + $0 } }
    default: return nil
    }
}
