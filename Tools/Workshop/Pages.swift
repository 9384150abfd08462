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

    static let heading = "## Build it yourself"

    init(step: Step) throws {
        let prefix = "\(step.number)-"
        guard let name = (try? files.contentsOfDirectory(atPath: "Docs"))?.first(where: { $0.hasPrefix(prefix) }),
            let text = read("Docs/\(name)")
        else { throw WorkshopError(description: "no page Docs/\(prefix)….md: run this from the repository root") }
        page = "Docs/\(name)"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: Self.heading) else {
            throw WorkshopError(description: "\(page) has no '\(Self.heading)' section")
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
        checksCall = trimmed(parts.first { $0.title == "What the checks call" }?.body ?? [])
        hints = parts.filter { $0.title.hasPrefix("Hint ") }.map { [$0.title + ":"] + trimmed($0.body) }
        var scenarioHints: [String: [String]] = [:]
        for part in parts where part.title.hasPrefix("Hint: «") && part.title.hasSuffix("»") {
            let name = String(part.title.dropFirst("Hint: «".count).dropLast())
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
            throw WorkshopError(description: "\(page): '\(Self.heading)' needs 'What the checks call' and Hint 1, 2, 3")
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
