import Foundation
import TraceSuite

// The "Build it yourself" section of a step's page is the one place that says what to
// build, what the checks call and the three hints; `make start`, `make check` and `make
// hint` print from it, so the page and the terminal never disagree.
struct BuildItYourself {
    let page: String
    let goal: [String]
    let checksCall: [String]
    let hints: [[String]]
    // Hints for one failing scenario, keyed by its sentence: `### Hint: «scenario»`.
    let scenarioHints: [String: [String]]
    // Scenario hints a Chinese page lacks, taken from the English page.
    var untranslatedHints: Set<String> = []

    // The headings the tools read, in each edition. A scenario hint's heading names the
    // scenario in its page's language; its key is the English name, which the checks use.
    struct Markers {
        let folder: String
        let heading: String
        let checksCall: String
        let hint: String
        let scenarioHint: String
        let colon: String
    }

    static func markers(_ language: CourseLanguage) -> Markers {
        switch language {
        case .english:
            Markers(
                folder: "Docs", heading: "## Build it yourself",  // both languages
                checksCall: "What the checks call", hint: "Hint ",  // both languages
                scenarioHint: "Hint: «", colon: ":")  // both languages
        case .simplifiedChinese:
            Markers(
                folder: "Docs/zh-Hans", heading: "## 动手实现", checksCall: "检查会调用的 API", hint: "提示 ",
                scenarioHint: "提示：«", colon: "：")
        }
    }

    static let heading = markers(.english).heading

    // The page a participant reads: the Chinese one when the course speaks Chinese, with any
    // hint it lacks taken from the English page; the English page when there is no Chinese one.
    static func forParticipant(_ step: Step) throws -> BuildItYourself {
        let english = try BuildItYourself(step: step)
        guard CourseLanguage.current == .simplifiedChinese,
            var chinese = try? BuildItYourself(
                step: step, language: .simplifiedChinese)
        else { return english }
        var merged = chinese.scenarioHints
        for (name, hint) in english.scenarioHints where merged[name] == nil {
            merged[name] = hint
            chinese.untranslatedHints.insert(name)
        }
        chinese = BuildItYourself(
            page: chinese.page, goal: chinese.goal, checksCall: chinese.checksCall, hints: chinese.hints,
            scenarioHints: merged, untranslatedHints: chinese.untranslatedHints)
        return chinese
    }

    private init(
        page: String, goal: [String], checksCall: [String], hints: [[String]], scenarioHints: [String: [String]],
        untranslatedHints: Set<String>
    ) {
        self.page = page
        self.goal = goal
        self.checksCall = checksCall
        self.hints = hints
        self.scenarioHints = scenarioHints
        self.untranslatedHints = untranslatedHints
    }

    init(step: Step, language: CourseLanguage = .english) throws {
        let marks = Self.markers(language)
        let prefix = "\(step.number)-"
        guard
            let name = (try? files.contentsOfDirectory(atPath: marks.folder))?.first(where: {
                $0.hasPrefix(prefix) && $0.hasSuffix(".md")
            }),
            let text = read("\(marks.folder)/\(name)")
        else {
            let why =
                isDirectory(marks.folder)
                ? tr(
                    "every step has one (MAINTAINING.md, 'Adding a step')", "每一步都有一个（见 MAINTAINING.md 的“Adding a step”）"
                )
                : tr("run this from the repository root", "请在仓库根目录运行")
            throw WorkshopError(
                description: tr(
                    "no page \(marks.folder)/\(prefix)….md: \(why)", "没有页面 \(marks.folder)/\(prefix)….md：\(why)"))
        }
        page = "\(marks.folder)/\(name)"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: marks.heading) else {
            throw WorkshopError(
                description: tr("\(page) has no '\(marks.heading)' section", "\(page) 没有“\(marks.heading)”一节"))
        }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        var parts: [(title: String, body: [String])] = [("", [])]
        for line in lines[(start + 1)..<end] {
            if line.hasPrefix("### ") {
                parts.append((String(line.dropFirst(4)), []))
            } else {
                parts[parts.count - 1].body.append(line)
            }
        }
        let page = page
        func trimmed(_ body: [String]) -> [String] {
            reflowed(forTerminal(Array(body.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()), page: page))
        }
        goal = trimmed(parts[0].body)
        checksCall = trimmed(parts.first { $0.title == marks.checksCall }?.body ?? [])
        hints = parts.filter { $0.title.hasPrefix(marks.hint) }.map { [$0.title + marks.colon] + trimmed($0.body) }
        var scenarioHints: [String: [String]] = [:]
        for part in parts where part.title.hasPrefix(marks.scenarioHint) && part.title.hasSuffix("»") {
            let shown = String(part.title.dropFirst(marks.scenarioHint.count).dropLast())
            // A hint may follow a trace, thread or interleaving scenario: each fails a check.
            guard let name = englishScenarioName(shown, in: language) else {
                throw WorkshopError(
                    description: tr(
                        "\(page): '### \(part.title)' names no scenario; 'make scenarios' lists them (thread scenarios too)",
                        "\(page)：“### \(part.title)”没有指明任何场景；'make scenarios' 会列出所有场景（包括线程场景）"))
            }
            scenarioHints[name] = trimmed(part.body)
        }
        self.scenarioHints = scenarioHints
        guard hints.count == 3, !checksCall.isEmpty else {
            throw WorkshopError(
                description: tr(
                    "\(page): '\(marks.heading)' needs '\(marks.checksCall)' and three hints",
                    "\(page)：“\(marks.heading)”需要“\(marks.checksCall)”和三条提示"))
        }
    }
}

// A page's paragraphs, wrapped again for the terminal: the page wraps its lines where the
// Markdown source reads well, which can split a code span across two lines; here a line
// breaks at a space outside backticks, or between two characters of which one is Chinese
// (never before a closing sign nor after an opening one), and is at most `width` columns wide,
// a Chinese character counting two. List items keep their "- " and indent what follows,
// other paragraphs by `continuation`; fenced code stays as it is.
func reflowed(_ lines: [String], width: Int = 96, continuation: String = "") -> [String] {
    var result: [String] = []
    var paragraph: (indent: String, text: String)? = nil
    var inFence = false
    func flush() {
        guard let (indent, text) = paragraph else { return }
        paragraph = nil
        var line = ""
        func place(_ piece: String, spaced: Bool) {
            let separator = spaced ? " " : ""
            if line.isEmpty {
                line = piece
            } else if displayWidth(line) + displayWidth(separator + piece) <= width {
                line += separator + piece
            } else {
                result.append(line)
                line = indent + piece
            }
        }
        var inCode = false
        var piece = ""
        var spaced = false
        for character in text {
            if character == " " && !inCode {
                if !piece.isEmpty { place(piece, spaced: spaced) }
                piece = ""
                spaced = true
                continue
            }
            if !inCode, let previous = piece.last, mayBreak(between: previous, and: character) {
                place(piece, spaced: spaced)
                piece = ""
                spaced = false
            }
            if character == "`" { inCode.toggle() }
            piece.append(character)
        }
        if !piece.isEmpty { place(piece, spaced: spaced) }
        if !line.isEmpty { result.append(line) }
    }
    for line in lines {
        if line.hasPrefix("```") {
            flush()
            inFence.toggle()
            result.append(line)
        } else if inFence || line.hasPrefix("|") || line.hasPrefix("<") || line.hasPrefix("#") {
            flush()
            result.append(line)
        } else if line.isEmpty {
            flush()
            result.append(line)
        } else if line.hasPrefix("- ") || line.hasPrefix("* ") || startsNumberedItem(line) {
            flush()
            paragraph = ("  ", line)
        } else if let current = paragraph {
            let next = line.drop { $0 == " " }
            // Chinese lines join without a space, as Chinese text has none.
            let joint = isChinese(current.text.last) && isChinese(next.first) ? "" : " "
            paragraph = (current.indent, current.text + joint + next)
        } else {
            paragraph = (continuation, line)
        }
    }
    flush()
    return result
}

// Where Chinese text may wrap: beside a Chinese character, unless the next line would start
// with closing punctuation or this one end with an opening sign.
private func mayBreak(between previous: Character, and next: Character) -> Bool {
    let closing: Set<Character> = [
        "，", "。", "、", "；", "：", "！", "？", "）", "」", "』", "》", "”", "’", ",", ".", ";", ":", ")",
    ]
    let opening: Set<Character> = ["（", "「", "『", "《", "“", "‘", "("]
    return (isChinese(previous) || isChinese(next)) && !closing.contains(next) && !opening.contains(previous)
}

private func isChinese(_ character: Character?) -> Bool {
    character.map { displayWidth(String($0)) == 2 } ?? false
}

// The English key of a scenario named in `language` (its English name in either edition).
func englishScenarioName(_ shown: String, in language: CourseLanguage) -> String? {
    let names: [(english: String, chinese: String)] =
        Scenario.all.map { ($0.name, $0.id.chineseName) } + ThreadScenario.all.map { ($0.name, $0.id.chineseName) }
        + InterleavingScenario.all.map { ($0.name, $0.id.chineseName) }
    return names.first { $0.english == shown || (language == .simplifiedChinese && $0.chinese == shown) }?.english
}

// The name a hint heading of `language` gives the scenario with this English key.
func hintHeadingName(_ english: String, in language: CourseLanguage) -> String {
    guard language == .simplifiedChinese else { return english }
    return Scenario.all.first { $0.name == english }?.id.chineseName
        ?? ThreadScenario.all.first { $0.name == english }?.id.chineseName
        ?? InterleavingScenario.all.first { $0.name == english }?.id.chineseName ?? english
}

// "1. …", "12. …": a numbered list item.
private func startsNumberedItem(_ line: String) -> Bool {
    let digits = line.prefix { $0.isNumber }
    return !digits.isEmpty && line.dropFirst(digits.count).hasPrefix(". ")
}

// A page's Markdown as the terminal shows it: no emphasis marks, a link as its text and the
// file it leads to, and "this page" named by its path, since the terminal is not the page.
// Code spans and fenced code stay as they are.
func forTerminal(_ lines: [String], page: String) -> [String] {
    let folder = (page as NSString).deletingLastPathComponent
    var inFence = false
    return lines.map { line in
        if line.hasPrefix("```") { inFence.toggle() }
        guard !inFence && !line.hasPrefix("```") else { return line }
        var text = line
        // [text](target): the text, then where it leads unless it is a place on this page.
        while let link = text.range(of: #"\[([^\]]+)\]\(([^)\s]+)\)"#, options: .regularExpression) {  // both languages
            let whole = String(text[link])
            let label = String(whole.dropFirst().prefix { $0 != "]" })
            let target = String(whole.drop { $0 != "(" }.dropFirst().dropLast())
            let file = String(target.prefix { $0 != "#" })
            let shown =
                file.isEmpty
                ? label
                : label + " (" + (file.contains("://") ? file : normalizedPath(folder + "/" + file))
                    + ")"
            text.replaceSubrange(link, with: shown)
        }
        // Emphasis and "this page", outside code spans only.
        let pieces = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        return pieces.enumerated().map { index, piece in
            guard index % 2 == 0 else { return piece }
            return
                piece
                .replacingOccurrences(of: #"\*\*([^*]+)\*\*"#, with: "$1", options: .regularExpression)
                .replacingOccurrences(of: #"(^|[^\w*])\*([^*\s][^*]*)\*"#, with: "$1$2", options: .regularExpression)
                .replacingOccurrences(of: "this page", with: "the page " + page)  // both languages
                .replacingOccurrences(of: "本页", with: "页面 " + page + " ")
        }.joined(separator: "`")
    }
}

// "Docs/zh-Hans/../matrix.md" as "Docs/matrix.md": Foundation leaves ".." in a relative path.
func normalizedPath(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
        if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
    }
    return parts.joined(separator: "/")
}
