import Foundation
import TraceSuite

// `make check-translation`: the Chinese edition may not drift from the English one. For every
// hand-written page and its partner it fails, naming page and line, when a partner is
// missing, when the English page changed after the Chinese one was last brought up to date
// (the `<!-- source: … blob … -->` stamp, with the English diff since), when headings or hint
// keys differ, when a code block or excerpt differs or the generated regions are not the same
// ones (each edition's is in its own language), when a link or anchor
// does not resolve, when inline code or a number of the English is missing, or when a word the
// glossary forbids appears; and when a message of the participant's commands has no Chinese
// (UntranslatedMessages.swift).

// Words never to write (Docs/zh-Hans/glossary.md): machine translations that mislead here.
let forbiddenWords = [
    "运算符", "一次性", "主题", "司机", "蹦床", "大理石", "时间生成器", "可处理对象", "线程安全袋", "调度程序", "计划程序", "重播",
    "痕迹", "旗帜", "法案", "选择器",
]

// The headings every step page has, one Chinese name each, so that both editions read alike
// and their anchors are the same on every page.
let standardHeadings: [String: String] = [
    "The gap": "还缺什么", "What changes": "这一步改了什么", "Diagrams": "图示", "Demo output": "演示的输出",
    "Known issues": "已知问题", "Timelines": "时间线", "The same names in RxSwift": "RxSwift 里的同名类型",
    "Exercises": "练习", "Deviations from the article": "与文章的出入",
    "Source compatibility with RxSwift": "与 RxSwift 的源码兼容性",
    "What RxSwift does that is easy to get wrong": "RxSwift 里容易做错的地方",
]

// Pages that exist in Chinese only.
let chineseOnlyPages: Set<String> = ["Docs/zh-Hans/glossary.md"]

struct TranslatedPage {
    let english: String
    let chinese: String
}

func translatedPages() -> [TranslatedPage] {
    var pairs = [TranslatedPage(english: "README.md", chinese: "README.zh-Hans.md")]
    for name in listFiles(in: "Docs") where !name.contains("/") && name.hasSuffix(".md") && name != "matrix.md" {
        pairs.append(TranslatedPage(english: "Docs/\(name)", chinese: "Docs/zh-Hans/\(name)"))
    }
    return pairs
}

func checkTranslation() throws -> Int32 {
    var problems: [String] = []
    let pairs = translatedPages()
    for name in listFiles(in: "Docs/zh-Hans") where name.hasSuffix(".md") {
        let path = "Docs/zh-Hans/\(name)"
        // The matrix is generated in both languages (Tools/DocsGenerator), not translated.
        if !chineseOnlyPages.contains(path) && !pairs.contains(where: { $0.chinese == path }) && name != "matrix.md" {
            problems.append(
                tr("\(path):1: no English page Docs/\(name) to translate", "\(path):1：没有可以对照翻译的英文页面 Docs/\(name)"))
        }
    }
    for pair in pairs {
        guard let english = read(pair.english) else { continue }
        guard let chinese = read(pair.chinese) else {
            problems.append(
                tr(
                    "\(pair.chinese): missing: the Chinese edition of \(pair.english)",
                    "\(pair.chinese)：缺少 \(pair.english) 的中文版"))
            continue
        }
        problems += compare(english: english, chinese: chinese, pair)
    }
    for path in pairs.map(\.chinese) + Array(chineseOnlyPages) {
        guard let text = read(path) else { continue }
        // The glossary names the forbidden words; every other page may not use them.
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !chineseOnlyPages.contains(path) {
            for word in forbiddenWords where line.contains(word) {
                problems.append(
                    tr(
                        "\(path):\(number + 1): '\(word)' is on the glossary's list of words never to write",
                        "\(path):\(number + 1)：“\(word)”在术语表的“不要用”之列"))
            }
        }
        problems += unresolvedLinks(in: path, text)
        problems += linksToEnglish(in: path, text)
        problems += quotedEnglish(in: path, text)
        problems += englishDiagramLabels(in: path, text)
        problems += englishProse(in: path, text)
        problems += englishScenarioNames(in: path, text)
    }
    problems += untranslatedMessages()
    problems += untranslatedShapeChecks()
    if problems.isEmpty {
        print(
            tr(
                "The Chinese edition matches the English one: \(pairs.count) pages, headings, hint keys, code, links,"
                    + " no English prose, every workshop message a participant reads and every shape check.",
                "中文版与英文版一致：\(pairs.count) 个页面的标题、提示的键、代码、链接都对得上，没有英文正文，"
                    + "学员读到的每条工作坊消息和每个结构检查都有中文。"))
        return 0
    }
    problems.forEach { print("✘ " + $0) }
    print(
        tr(
            "\(problems.count) problem\(problems.count == 1 ? "" : "s") in the Chinese edition.",
            "中文版有 \(problems.count) 个问题。"))
    return 1
}

// MARK: Page against page

// Every blob the path has had in a commit: what a stamp may name.
private func committedVersions(of path: String) -> Set<String> {
    let commits = (try? run(["git", "log", "--format=%H", "--", path]).output) ?? ""
    let specs = commits.split(separator: "\n").map { "\($0):\(path)" }
    guard !specs.isEmpty, let blobs = try? run(["git", "rev-parse"] + specs).output else { return [] }
    return Set(blobs.split(separator: "\n").map(String.init))
}

// The page without what `make docs` writes into it.
func withoutGeneratedRegions(_ text: String) -> String {
    var kept: [Substring] = []
    var inside = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let marker = line.drop { $0 == " " }
        if marker.hasPrefix("<!-- generated: ") { inside = true }
        if !inside { kept.append(line) }
        if marker == "<!-- end generated -->" { inside = false }
    }
    return kept.joined(separator: "\n")
}

private func compare(english: String, chinese: String, _ pair: TranslatedPage) -> [String] {
    var problems: [String] = []
    let theirs = PageSkeleton(english)
    let ours = PageSkeleton(chinese)
    // Freshness: the English text this translation was made from.
    let current =
        (try? run(["git", "hash-object", pair.english]).output.trimmingCharacters(in: .whitespacesAndNewlines))
    if let stamp = ours.sourceBlob, stamp != current, !committedVersions(of: pair.english).contains(stamp) {
        // A blob only `git hash-object -w` wrote lives in this clone alone; CI's fresh clone lacks it.
        problems.append(
            tr(
                "\(pair.chinese):1: the stamp \(stamp.prefix(10)) is no committed version of \(pair.english)"
                    + " (a fresh clone has only those): translate against the committed English page and stamp"
                    + " the blob `git hash-object \(pair.english)` prints",
                "\(pair.chinese):1：标记 \(stamp.prefix(10)) 不是 \(pair.english) 任何一个已提交的版本（全新克隆只有这些）："
                    + "请对照已提交的英文页面翻译，并标上 `git hash-object \(pair.english)` 打印的 blob"))
    } else if let stamp = ours.sourceBlob {
        let since = current == stamp ? nil : (try? run(["git", "cat-file", "-p", stamp]))?.output
        // A change inside the generated regions only (a new step's row) is `make docs`'s to
        // make in both editions, and the regions are compared byte for byte below.
        let onlyGenerated = since.map { withoutGeneratedRegions($0) == withoutGeneratedRegions(english) } ?? false
        if let current, stamp != current, !onlyGenerated {
            var note = tr(
                "the English page changed since this translation (stamp \(stamp.prefix(10)), now \(current.prefix(10)))",
                "这份翻译之后英文页面改过了（标记 \(stamp.prefix(10))，现在是 \(current.prefix(10))）")
            if let since, let old = try? temporaryFile(since) {
                defer { try? files.removeItem(atPath: old) }
                let diff =
                    (try? run(["git", "diff", "--no-index", "--no-color", "-U0", old, pair.english]).output) ?? ""
                let changes = diff.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }
                    .filter { !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
                note +=
                    tr("; the English diff since:\n    ", "；此后英文的改动：\n    ")
                    + changes.prefix(12).joined(separator: "\n    ")
            }
            problems.append("\(pair.chinese):1: \(note)")
        }
    } else {
        problems.append(
            tr(
                "\(pair.chinese):1: no '<!-- source: \(pair.english) blob … -->' stamp on the first line",
                "\(pair.chinese):1：第一行没有“<!-- source: \(pair.english) blob … -->”标记"))
    }
    // Headings, with the machine markers mapped.
    if theirs.headings.count != ours.headings.count {
        problems.append(
            tr(
                "\(pair.chinese): \(ours.headings.count) headings, the English \(theirs.headings.count): the same headings, in order",
                "\(pair.chinese)：\(ours.headings.count) 个标题，英文有 \(theirs.headings.count) 个：标题要一一对应、顺序相同"))
    }
    for (english, chinese) in zip(theirs.headings, ours.headings) {
        if english.level != chinese.level {
            problems.append(
                tr(
                    "\(pair.chinese):\(chinese.line): heading level \(chinese.level), the English '\(english.text)' \(english.level)",
                    "\(pair.chinese):\(chinese.line)：标题级别是 \(chinese.level)，英文的“\(english.text)”是 \(english.level)"))
            break
        }
        if let standard = standardHeadings[english.text], standard != chinese.text {
            problems.append(
                tr(
                    "\(pair.chinese):\(chinese.line): '\(chinese.text)' should be the standard heading '\(standard)'",
                    "\(pair.chinese):\(chinese.line)：“\(chinese.text)”应该是标准标题“\(standard)”"))
        }
        if let marker = chineseMarker(for: english.text), marker != chinese.text {
            problems.append(
                tr(
                    "\(pair.chinese):\(chinese.line): '\(chinese.text)' should be the marker '\(marker)'",
                    "\(pair.chinese):\(chinese.line)：“\(chinese.text)”应该是标记“\(marker)”"))
        }
    }
    // Code, regions and excerpts, in order.
    for (index, (english, chinese)) in zip(theirs.blocks, ours.blocks).enumerated() where english.key != chinese.key {
        problems.append(
            tr(
                "\(pair.chinese):\(chinese.line): block \(index + 1) differs from the English (\(pair.english):\(english.line)): "
                    + "code, generated regions and excerpts are copied byte for byte (Mermaid: labels only)",
                "\(pair.chinese):\(chinese.line)：第 \(index + 1) 个块与英文（\(pair.english):\(english.line)）不同："
                    + "代码、生成区域和摘录要逐字节照抄（Mermaid 只翻译标签）"))
    }
    if theirs.blocks.count != ours.blocks.count {
        problems.append(
            tr(
                "\(pair.chinese): \(ours.blocks.count) code blocks and regions, the English \(theirs.blocks.count)",
                "\(pair.chinese)：\(ours.blocks.count) 个代码块和生成区域，英文有 \(theirs.blocks.count) 个"))
    }
    // Inline code and numbers the English has and the Chinese lacks.
    for span in missing(theirs.inlineCode, from: ours.inlineCode) {
        problems.append(
            tr(
                "\(pair.chinese): the English has `\(span)`, the Chinese does not (as often)",
                "\(pair.chinese)：英文有 `\(span)`，中文没有（或者次数不够）"))
    }
    for number in missing(theirs.numbers, from: ours.numbers) {
        problems.append(
            tr(
                "\(pair.chinese): the English has the number \(number), the Chinese does not (as often)",
                "\(pair.chinese)：英文有数字 \(number)，中文没有（或者次数不够）"))
    }
    return problems
}

private func missing(_ wanted: [String], from present: [String]) -> [String] {
    var counts: [String: Int] = [:]
    present.forEach { counts[$0, default: 0] += 1 }
    var absent: [String] = []
    for item in wanted {
        if counts[item, default: 0] > 0 { counts[item]! -= 1 } else { absent.append(item) }
    }
    return Array(Set(absent)).sorted()
}

// The marker a Chinese page must carry for an English machine heading, nil for prose headings.
private func chineseMarker(for heading: String) -> String? {
    let english = BuildItYourself.markers(.english)
    let chinese = BuildItYourself.markers(.simplifiedChinese)
    if "## " + heading == english.heading { return String(chinese.heading.dropFirst(3)) }
    if heading == english.checksCall { return chinese.checksCall }
    if heading.hasPrefix(english.scenarioHint), heading.hasSuffix("»") {
        let key = String(heading.dropFirst(english.scenarioHint.count).dropLast())
        return chinese.scenarioHint + hintHeadingName(key, in: .simplifiedChinese) + "»"
    }
    if heading.hasPrefix(english.hint) { return chinese.hint + heading.dropFirst(english.hint.count) }
    return nil
}

// What the check compares of one page.
private struct PageSkeleton {
    struct Heading {
        let level: Int
        let text: String
        let line: Int
    }
    struct Block {
        // What must match: the block itself, or a Mermaid block's structure.
        let key: String
        let line: Int
    }
    var sourceBlob: String? = nil
    var headings: [Heading] = []
    var blocks: [Block] = []
    var inlineCode: [String] = []
    var numbers: [String] = []

    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let first = lines.first, first.hasPrefix("<!-- source: ") {
            sourceBlob = first.split(separator: " ").dropFirst(4).first.map(String.init)
        }
        var index = 0
        var prose: [String] = []
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("```") {
                let start = index
                let language = String(line.dropFirst(3))
                index += 1
                var body: [String] = []
                while index < lines.count && !lines[index].hasPrefix("```") {
                    body.append(lines[index])
                    index += 1
                }
                let key = language == "mermaid" ? mermaidStructure(body) : body.joined(separator: "\n")
                blocks.append(Block(key: language + "\n" + key, line: start + 1))
            } else if line.drop(while: { $0 == " " }).hasPrefix("<!-- generated: ") {
                let start = index
                var body: [String] = [line]
                while index + 1 < lines.count && lines[index].drop(while: { $0 == " " }) != "<!-- end generated -->" {
                    index += 1
                    body.append(lines[index])
                }
                // Each edition's region is `make docs`'s, in its own language (`make check-docs`
                // proves both current): here, only that the same regions stand in the same order.
                blocks.append(Block(key: line, line: start + 1))
            } else if line.hasPrefix("<!-- excerpt: ") {
                blocks.append(Block(key: line, line: index + 1))
            } else if let hashes = line.firstIndex(where: { $0 != "#" }), line.hasPrefix("#"),
                line[hashes] == " "
            {
                let level = line.distance(from: line.startIndex, to: hashes)
                headings.append(
                    Heading(level: level, text: String(line[line.index(after: hashes)...]), line: index + 1))
            } else if !line.hasPrefix("<!--") {
                prose.append(line)
            }
            index += 1
        }
        // A code span may run across two lines of a paragraph: read the prose as one text.
        let text = prose.joined(separator: " ")
        inlineCode = spans(in: text)
        numbers = digits(
            in: text.replacingOccurrences(of: #"`[^`]*`"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"\]\([^)]*\)"#, with: "]", options: .regularExpression))
    }
}

// Spaces inside a span that wraps are a line break and an indent: one space either way.
private func spans(in line: String) -> [String] {
    matches(of: #"`([^`]+)`"#, in: line).map {
        String($0.dropFirst().dropLast()).replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
    }
}

private func digits(in line: String) -> [String] {
    matches(of: #"[0-9][0-9,.]*[0-9]|[0-9]"#, in: line)
}

private func matches(of pattern: String, in text: String) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
        Range($0.range, in: text).map { String(text[$0]) }
    }
}

// A Mermaid block without its labels: ids, arrows and their order.
private func mermaidStructure(_ body: [String]) -> String {
    body.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("%%") }.map { line in
        var line = line.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
        if let alias = line.range(of: " as ") { line = String(line[..<alias.lowerBound]) }
        if line.contains("->") || line.trimmingCharacters(in: .whitespaces).hasPrefix("Note"),
            let colon = line.firstIndex(of: ":")
        {
            line = String(line[..<colon])
        }
        return line.trimmingCharacters(in: .whitespaces)
    }.joined(separator: "\n")
}

// MARK: Links

private func unresolvedLinks(in path: String, _ text: String) -> [String] {
    let folder = (path as NSString).deletingLastPathComponent
    var problems: [String] = []
    for (number, line) in proseLines(of: text) {
        for link in matches(of: #"\]\(([^)\s]+)\)"#, in: String(line)) {
            let target = String(link.dropFirst(2).dropLast())
            if target.contains("://") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? path : ((folder.isEmpty ? "" : folder + "/") + parts[0])
            let resolved = (file as NSString).standardizingPath
            guard exists(resolved) else {
                problems.append(
                    tr(
                        "\(path):\(number + 1): the link \(target) points at nothing",
                        "\(path):\(number + 1)：链接 \(target) 指向不存在的文件"))
                continue
            }
            if parts.count == 2, resolved.hasSuffix(".md"), !anchors(in: read(resolved) ?? "").contains(parts[1]) {
                problems.append(
                    tr(
                        "\(path):\(number + 1): the link \(target): \(resolved) has no heading #\(parts[1])",
                        "\(path):\(number + 1)：链接 \(target)：\(resolved) 里没有标题 #\(parts[1])"))
            }
        }
    }
    return problems
}

// GitHub's heading anchors: lower case, spaces to hyphens, punctuation other than - and _ dropped.
func anchors(in text: String) -> Set<String> {
    var found: Set<String> = []
    var seen: [String: Int] = [:]
    var inFence = false
    for line in text.split(separator: "\n") {
        if line.hasPrefix("```") { inFence.toggle() }
        guard !inFence, line.hasPrefix("#"), let start = line.firstIndex(of: " ") else { continue }
        let title = line[line.index(after: start)...].lowercased()
        let slug = String(
            title.unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" { return Character(scalar) }
                if CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
        let count = seen[slug, default: 0]
        seen[slug] = count + 1
        found.insert(count == 0 ? slug : "\(slug)-\(count)")
    }
    return found
}

private func temporaryFile(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "rxdemo-english-\(UUID().uuidString).md"
    try write(text, to: path)
    return path
}

extension Command {
    static let checkTranslation = Command(
        name: "check-translation", takes: "", help: "the Chinese edition against the English one"
    ) { _ in try Workshop.checkTranslation() }
}

// A line of a Chinese page that is English prose: outside code blocks, with no Chinese
// character and four English words or more once code spans, links' targets, HTML tags and
// «names» are left out. Generated regions count too: `make docs` writes them in Chinese.
func englishProse(in path: String, _ text: String) -> [String] {
    var problems: [String] = []
    var inCode = false
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.hasPrefix("```") {
            inCode.toggle()
            continue
        }
        guard !inCode, !line.drop(while: { $0 == " " }).hasPrefix("<!--") else { continue }
        var prose = String(line)
        for (pattern, by) in [
            (#"`[^`]*`"#, " "), (#"\]\([^)]*\)"#, "]"), (#"!\[[^\]]*\]"#, " "), ("«[^»]*»", " "), ("<[^>]*>", " "),
        ] {
            prose = prose.replacingOccurrences(of: pattern, with: by, options: .regularExpression)
        }
        if prose.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) { continue }
        let words = prose.split { !$0.isLetter }.filter { $0.count >= 2 && $0.allSatisfy(\.isASCII) }
        if words.count >= 4 {
            problems.append(
                tr(
                    "\(path):\(number + 1): English prose on a Chinese page: \(line.prefix(80))",
                    "\(path):\(number + 1)：中文页面上有英文正文：\(line.prefix(80))"))
        }
    }
    return problems
}

// A scenario a Chinese page names by its English sentence (*name*, «name», or the start of one
// ending in "…") outside code blocks: the page gives its Chinese name, as the reports do.
func englishScenarioNames(in path: String, _ text: String) -> [String] {
    let english = Scenario.all.map(\.name) + ThreadScenario.all.map(\.name) + InterleavingScenario.all.map(\.name)
    var problems: [String] = []
    var inCode = false
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.hasPrefix("```") { inCode.toggle() }
        guard !inCode else { continue }
        for pattern in [#"(?<![*\w])\*[A-Za-z][^*]{8,}\*"#, "«[A-Za-z][^»]*»"] {
            var rest = line[...]
            while let range = rest.range(of: pattern, options: .regularExpression) {
                let quoted = String(rest[range].dropFirst().dropLast())
                let start = quoted.hasSuffix("…") ? String(quoted.dropLast()) : quoted
                if let name = english.first(where: { $0 == quoted || (start.count >= 12 && $0.hasPrefix(start)) }),
                    hintHeadingName(name, in: .simplifiedChinese) != name
                {
                    problems.append(
                        tr(
                            "\(path):\(number + 1): names a scenario in English («\(quoted)»): write its Chinese name,"
                                + " «\(hintHeadingName(name, in: .simplifiedChinese))»",
                            "\(path):\(number + 1)：用英文称呼一个场景（«\(quoted)»）：请写它的中文名"
                                + "«\(hintHeadingName(name, in: .simplifiedChinese))»"))
                }
                rest = rest[range.upperBound...]
            }
        }
    }
    return problems
}

// MARK: What a Chinese reader would meet in English

// A link from a Chinese page to an English page or timeline that has a Chinese partner (the
// language switch, "[English](…)", excepted): the reader is sent out of their language.
func linksToEnglish(in path: String, _ text: String) -> [String] {
    let folder = (path as NSString).deletingLastPathComponent
    var problems: [String] = []
    for (number, line) in proseLines(of: text) {
        for link in matches(of: #"\[[^\]]*\]\([^)\s#]+[^)\s]*\)"#, in: String(line)) {
            guard !link.hasPrefix("[English"), let open = link.range(of: "](") else { continue }
            let target = String(link[open.upperBound...].dropLast().prefix { $0 != "#" })
            if target.contains("://") { continue }
            let resolved = normalizedPath((folder.isEmpty ? "" : folder + "/") + target)
            guard resolved.hasPrefix("Docs/"), !resolved.hasPrefix("Docs/zh-Hans/") else { continue }
            let partner = "Docs/zh-Hans/" + resolved.dropFirst("Docs/".count)
            if exists(partner) {
                problems.append(
                    tr(
                        "\(path):\(number + 1): links the English \(resolved) although the Chinese \(partner) exists",
                        "\(path):\(number + 1)：链接到英文的 \(resolved)，而中文的 \(partner) 已经存在"))
            }
        }
    }
    return problems
}

// An English sentence quoted in Chinese prose (what RxSwift prints, say) with no Chinese beside
// it: “…” or "…" of three English words or more, not followed by its Chinese in brackets or
// by "即“…”".
func quotedEnglish(in path: String, _ text: String) -> [String] {
    var problems: [String] = []
    for (number, line) in proseLines(of: text) where line.unicodeScalars.contains(where: isChineseScalar) {
        let prose = String(line).replacingOccurrences(of: #"`[^`]*`"#, with: "` `", options: .regularExpression)
        for pattern in [#"“[^”]+”"#, #""[^"]+""#] {
            var rest = prose[...]
            while let range = rest.range(of: pattern, options: .regularExpression) {
                let quoted = rest[range].dropFirst().dropLast()
                let words = quoted.split { !$0.isLetter }.filter { $0.count >= 2 && $0.allSatisfy(\.isASCII) }
                let after = rest[range.upperBound...].drop { $0 == " " }
                let explained = ["（", "(", "，即", "即", "，意思是"].contains { after.hasPrefix($0) }
                if words.count >= 3, !quoted.unicodeScalars.contains(where: isChineseScalar), !explained {
                    problems.append(
                        tr(
                            "\(path):\(number + 1): quotes English without its Chinese beside it: \(rest[range])",
                            "\(path):\(number + 1)：引用了英文，旁边却没有中文：\(rest[range])"))
                }
                rest = rest[range.upperBound...]
            }
        }
    }
    return problems
}

// A diagram's label in English prose on a Chinese page ("view model"): a quoted label of two
// words or more, one of them lower case, with no Chinese. Code names (`SinkDisposer`) pass.
func englishDiagramLabels(in path: String, _ text: String) -> [String] {
    var problems: [String] = []
    var inDiagram = false
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.hasPrefix("```") {
            inDiagram = line.hasPrefix("```mermaid")
            continue
        }
        guard inDiagram else { continue }
        // A quoted label, a participant's, a node's in brackets; letters and spaces only (a label
        // with code in it, `Sink.forward`, is code), `<br/>` read as a space.
        let text = line.replacingOccurrences(of: "<br/>", with: " ")
        let labels =
            matches(of: #""[^"]+""#, in: text).map { String($0.dropFirst().dropLast()) }
            + matches(of: #"participant \w+ as .+$"#, in: text).map {
                String($0.split(separator: " ").dropFirst(3).joined(separator: " "))
            }
            + matches(of: #"\w+\[[^\]"]+\]"#, in: text).map { String($0.drop { $0 != "[" }.dropFirst().dropLast()) }
        // What a label starts with in words alone: "view model" of "view model (flatMapLatest)".
        for label in labels {
            let words = label.prefix { $0.isASCII && ($0.isLetter || $0 == " ") }.split(separator: " ").map(String.init)
            guard words.count >= 2, label.unicodeScalars.allSatisfy({ !isChineseScalar($0) }) else { continue }
            let code: Set<String> = ["for", "try", "await", "in", "let", "var", "func", "return", "some", "any"]
            if words.count >= 2, words.contains(where: { $0 == $0.lowercased() && $0.count >= 3 }),
                !words.allSatisfy({ code.contains($0) })
            {
                problems.append(
                    tr(
                        "\(path):\(number + 1): a diagram label in English: \(label)",
                        "\(path):\(number + 1)：图里有英文标签：\(label)"))
            }
        }
    }
    return problems
}

private func isChineseScalar(_ scalar: Unicode.Scalar) -> Bool { (0x4E00...0x9FFF).contains(scalar.value) }

// A page's lines outside fenced code, numbered from 0.
func proseLines(of text: String) -> [(number: Int, line: Substring)] {
    var inFence = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
        if line.hasPrefix("```") {
            inFence.toggle()
            return nil
        }
        return inFence ? nil : (number, line)
    }
}
