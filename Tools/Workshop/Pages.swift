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

    // The headings the tools read, in each edition. A scenario hint's key stays the English
    // scenario name in both: it is the name `make check` prints.
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
                folder: "Docs", heading: "## Build it yourself", checksCall: "What the checks call", hint: "Hint ",
                scenarioHint: "Hint: «", colon: ":")
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
                ? "every step has one (MAINTAINING.md, 'Adding a step')" : "run this from the repository root"
            throw WorkshopError(description: "no page \(marks.folder)/\(prefix)….md: \(why)")
        }
        page = "\(marks.folder)/\(name)"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: marks.heading) else {
            throw WorkshopError(description: "\(page) has no '\(marks.heading)' section")
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
        func trimmed(_ body: [String]) -> [String] {
            reflowed(Array(body.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()))
        }
        goal = trimmed(parts[0].body)
        checksCall = trimmed(parts.first { $0.title == marks.checksCall }?.body ?? [])
        hints = parts.filter { $0.title.hasPrefix(marks.hint) }.map { [$0.title + marks.colon] + trimmed($0.body) }
        var scenarioHints: [String: [String]] = [:]
        for part in parts where part.title.hasPrefix(marks.scenarioHint) && part.title.hasSuffix("»") {
            let name = String(part.title.dropFirst(marks.scenarioHint.count).dropLast())
            // A hint may follow a trace, thread or interleaving scenario: each fails a check.
            guard
                Scenario.all.contains(where: { $0.name == name })
                    || ThreadScenario.all.contains(where: { $0.name == name })
                    || InterleavingScenario.all.contains(where: { $0.name == name })
            else {
                throw WorkshopError(
                    description:
                        "\(page): '### \(part.title)' names no scenario; 'make scenarios' lists them (thread scenarios too)"
                )
            }
            scenarioHints[name] = trimmed(part.body)
        }
        self.scenarioHints = scenarioHints
        guard hints.count == 3, !checksCall.isEmpty else {
            throw WorkshopError(description: "\(page): '\(marks.heading)' needs '\(marks.checksCall)' and three hints")
        }
    }
}

// A page's paragraphs, wrapped again for the terminal: the page wraps its lines where the
// Markdown source reads well, which can split a code span across two lines; here a line
// breaks only at a space outside backticks. List items keep their "- " and indent what
// follows; fenced code stays as it is.
func reflowed(_ lines: [String], width: Int = 96) -> [String] {
    var result: [String] = []
    var paragraph: (indent: String, text: String)? = nil
    var inFence = false
    func flush() {
        guard let (indent, text) = paragraph else { return }
        paragraph = nil
        var line = ""
        var inCode = false
        var word = ""
        func place(_ word: String) {
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                result.append(line)
                line = indent + word
            }
        }
        for character in text {
            if character == "`" { inCode.toggle() }
            if character == " " && !inCode {
                if !word.isEmpty { place(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { place(word) }
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
            paragraph = (current.indent, current.text + " " + line.drop { $0 == " " })
        } else {
            paragraph = ("", line)
        }
    }
    flush()
    return result
}

// "1. …", "12. …": a numbered list item.
private func startsNumberedItem(_ line: String) -> Bool {
    let digits = line.prefix { $0.isNumber }
    return !digits.isEmpty && line.dropFirst(digits.count).hasPrefix(". ")
}
