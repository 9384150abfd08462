import Foundation
import TraceSuite

// The course as a DocC tutorial catalog, generated from what the course already has: the step
// pages (titles and "The gap"), the steps' files and the diffs between them (the code pane
// builds each file hunk by hunk, and its last state is the file in Steps/ byte for byte), the
// rendered diagrams and marble timelines, and the traces a test run recorded (the
// predict-the-trace questions, whose wrong answers are what other steps really print).
//   DocsGenerator tutorial TRACES    writes RXDEMO_TUTORIAL (default Tests/Tutorial/RxDemo.docc)

let tutorialFolder =
    ProcessInfo.processInfo.environment["RXDEMO_TUTORIAL"].flatMap { $0.isEmpty ? nil : $0 }
    ?? "Tests/Tutorial/RxDemo.docc"

func writeTutorial(traces: String) throws -> Int {
    let fileManager = FileManager.default
    for generated in ["RxDemo.tutorial", "Tutorials", "Resources"] {
        try? fileManager.removeItem(atPath: "\(tutorialFolder)/\(generated)")
    }
    for folder in ["Tutorials", "Resources/code", "Resources/images"] {
        try fileManager.createDirectory(atPath: "\(tutorialFolder)/\(folder)", withIntermediateDirectories: true)
    }
    var written = 0
    var chapters: [(step: Step, title: String, minutes: Int)] = []
    for step in Step.allCases {
        let tutorial = try StepTutorial(step: step, traces: traces)
        try write(tutorial.text, to: "\(tutorialFolder)/Tutorials/Step\(step.number).tutorial")
        for (name, text) in tutorial.codeFiles {
            try write(text, to: "\(tutorialFolder)/Resources/code/\(name)")
        }
        for (name, source) in tutorial.images {
            try? fileManager.removeItem(atPath: "\(tutorialFolder)/Resources/images/\(name)")
            try fileManager.copyItem(atPath: source, toPath: "\(tutorialFolder)/Resources/images/\(name)")
        }
        written += 1 + tutorial.codeFiles.count
        chapters.append((step, tutorial.title, tutorial.minutes))
    }
    try write(tableOfContents(chapters), to: "\(tutorialFolder)/RxDemo.tutorial")
    return written + 1
}

func tableOfContents(_ chapters: [(step: Step, title: String, minutes: Int)]) -> String {
    func chapter(_ entry: (step: Step, title: String, minutes: Int)) -> String {
        """
                @Chapter(name: "\(entry.title)") {
                    About \(entry.minutes) minutes.

                    @Image(source: "marble-\(demoScenario(of: entry.step)).svg", alt: "The step's demo as a timeline")

                    @TutorialReference(tutorial: "doc:Step\(entry.step.number)")
                }
        """
    }
    let core = chapters.filter { $0.step.act == 1 }.map(chapter).joined(separator: "\n\n")
    let act = chapters.filter { $0.step.act == 2 }.map(chapter).joined(separator: "\n\n")
    let third = chapters.filter { $0.step.act == 3 }.map(chapter).joined(separator: "\n\n")
    let side = chapters.filter { $0.step.isSideStep }.map(chapter).joined(separator: "\n\n")
    return """
        @Tutorials(name: "RxDemo") {
            @Intro(title: "How RxSwift works inside, rebuilt step by step") {
                Each chapter builds one step of a mini RxSwift. The code pane shows every file of the
                step as you would write it, starting from the step before; each tutorial ends with
                questions that ask you to predict what the step prints. The core, steps 01 to 06,
                follows the article that the course is built on; the second act uses RxSwift's own
                names, so that a program written against a step compiles against RxSwift 6.

                In a workshop, build each step yourself first (`make start STEP=01`, then
                `make check STEP=01` until it says done) and read its tutorial after: a tutorial
                shows the finished code.
            }

            @Volume(name: "The core") {
                Steps 01 to 06: from a bare publisher to RxSwift's Producer, Sink and SinkDisposer.

                @Image(source: "06-sink-disposer-2.png", alt: "Who holds whom in step 06")

        \(core)
            }

            @Volume(name: "The second act") {
                Steps 07 on: the API apps use, subjects and threads, under RxSwift's names.

                @Image(source: "08-subjects-1.png", alt: "One event, many observers")

        \(act)
            }

            @Volume(name: "A side step: the other design") {
                Between the second act and the third: article 002's `Signal`, which ties a
                subscription's life to memory, run through the same scenarios as RxSwift's design.

                @Image(source: "marble-Signal-hotFlatMapHearsEveryInner.svg", alt: "flatMap on a hot source: what correct Rx prints, and what the article's Signal prints")

        \(side)
            }

            @Volume(name: "The third act") {
                Steps 11 on: what RxSwift users ask about most, starting with sharing one subscription.

                @Image(source: "11-sharing-1.png", alt: "share(): one connection, two subscribers")

        \(third)
            }
        }

        """
}

// One step's tutorial and the files it needs.
struct StepTutorial {
    let step: Step
    let title: String
    let minutes: Int
    var codeFiles: [(name: String, text: String)] = []
    var images: [(name: String, source: String)] = []
    var text = ""

    init(step: Step, traces: String) throws {
        self.step = step
        let page = try pagePath(step)
        let lines = try read(page).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        title = String((lines.first ?? "").dropFirst(2))
        let files = try fileStates(of: step)
        // About a minute per six lines typed, plus reading the page.
        minutes = max(10, min(45, 10 + files.reduce(0) { $0 + $1.added } / 6))
        let demo = demoScenario(of: step)
        images.append(("marble-\(demo).svg", "\(docs)/marbles/\(demo).svg"))

        var body: [String] = []
        body.append("@Tutorial(time: \(minutes)) {")
        body.append("    @Intro(title: \"\(title)\") {")
        body += indent(plain(section("The gap", in: lines).first ?? ""), 8)
        body.append("")
        body += indent(
            plain(
                "Building this step in a workshop? Build it first (`make start STEP=\(step.number)`) and read this"
                    + " tutorial after: it shows the finished code."), 8)
        body.append("    }")
        for file in files {
            body.append("")
            body.append("    @Section(title: \"\(file.name)\") {")
            body.append("        @ContentAndMedia {")
            body += indent(file.summary, 12)
            body.append("        }")
            body.append("")
            body.append("        @Steps {")
            for (index, state) in file.states.enumerated() {
                let resource =
                    "step\(step.number)-\(file.name.replacingOccurrences(of: ".swift", with: ""))-\(index + 1).swift"
                codeFiles.append((resource, state.text))
                body.append("            @Step {")
                body += indent(state.caption, 16)
                body.append("")
                body.append("                @Code(name: \"\(file.name)\", file: \"\(resource)\")")
                body.append("            }")
            }
            body.append("        }")
            body.append("    }")
        }
        let pictures = try self.pictures(lines: lines)
        if !pictures.isEmpty {
            body.append("")
            body.append("    @Section(title: \"Diagrams and timelines\") {")
            body.append("        @ContentAndMedia {")
            body.append(
                "            The pictures of the step's page: how its objects hold each other and call each other,")
            body.append("            and timelines of what it prints.")
            body.append("        }")
            body.append("")
            body.append("        @Steps {")
            for picture in pictures {
                images.append((picture.name, picture.source))
                body.append("            @Step {")
                body += indent(wrap(escapedText(picture.caption), width: 96), 16)
                body.append("")
                body.append("                @Image(source: \"\(picture.name)\", alt: \"\(escaped(picture.caption))\")")
                body.append("            }")
            }
            body.append("        }")
            body.append("    }")
        }
        let questions = try predictTheTrace(step: step, traces: traces)
        if !questions.isEmpty {
            body.append("")
            body.append("    @Assessments {")
            body += questions.flatMap { indent($0, 8) + [""] }.dropLast()
            body.append("    }")
        }
        body.append("}")
        text = body.joined(separator: "\n") + "\n"
    }

    // The page's diagrams (rendered by `make diagrams`) and its known issues' timelines.
    private func pictures(lines: [String]) throws -> [(name: String, caption: String, source: String)] {
        var pictures: [(name: String, caption: String, source: String)] = []
        let page = (try pagePath(step) as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
        var diagram = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("```mermaid") {
            diagram += 1
            let name = "\(page)-\(diagram).png"
            pictures.append((name, diagramCaption(before: index, in: lines), "\(docs)/diagrams/\(name)"))
        }
        for scenario in Scenario.all {
            guard case .knownIssue(let defects) = step.verdict(for: scenario) else { continue }
            let name = "marble-\(step.number)-\(scenario.id).svg"
            let caption =
                "\(plainLine(scenario.name)): expected, and what \(step) does (\(defects.map(\.title).joined(separator: "; ")))."
            pictures.append((name, caption, "\(docs)/marbles/\(step)/\(scenario.id).svg"))
        }
        return pictures
    }
}

// What the page says just before a diagram: the paragraph that introduces it, or its heading.
func diagramCaption(before fence: Int, in lines: [String]) -> String {
    var end = fence - 1
    while end >= 0 && lines[end].isEmpty { end -= 1 }
    var start = end
    while start > 0 && !lines[start - 1].isEmpty { start -= 1 }
    guard end >= 0 else { return "A diagram of this step." }
    let paragraph = lines[start...end].joined(separator: " ")
    let text = paragraph.hasPrefix("#") ? String(paragraph.drop { $0 == "#" || $0 == " " }) : paragraph
    let sentence = plainLine(text).trimmingCharacters(in: .whitespaces)
    return sentence.hasSuffix(":") ? String(sentence.dropLast()) + "." : sentence
}

// MARK: - The code pane

// A file of a step, as a participant writes it: each state one more hunk of the diff from the
// step before (or, for a new file, one more declaration), the last state the file itself.
struct FileStates {
    let name: String
    // Lines the participant types: for the time a tutorial announces.
    let added: Int
    let summary: [String]
    let states: [(caption: [String], text: String)]
}

// The order a participant writes a step's files in: what others build on first, the demo last.
let writingOrder = [
    "Event.swift", "Observer.swift", "ObserverBase.swift", "AnonymousObserver.swift", "AnyObserver.swift",
    "AtomicInt.swift", "Lock.swift", "SynchronizationTracker.swift", "Disposable.swift", "DisposeBag.swift",
    "Observable.swift", "Sink.swift", "SinkDisposer.swift", "Producer.swift", "Create.swift", "Map.swift",
    "Just.swift", "Subscribe.swift", "Bag.swift", "SubscriptionDisposable.swift", "RxError.swift",
    "SubjectType.swift", "PublishSubject.swift", "BehaviorSubject.swift", "Scheduler.swift",
    "CurrentThreadScheduler.swift", "VirtualTimeScheduler.swift", "HistoricalScheduler.swift",
    "SerialDispatchQueueScheduler.swift", "ConcurrentDispatchQueueScheduler.swift", "MainScheduler.swift",
    "ObserveOn.swift", "SubscribeOn.swift", "Buffer.swift", "main.swift",
]

// The side step in the article's order: its Result, then the Signal that sends it.
let sideStepWritingOrder = [
    "Result.swift", "Disposable.swift", "Signal.swift", "Map.swift", "FlatMap.swift", "TextField.swift",
    "TextField+Signal.swift", "main.swift",
]

func fileStates(of step: Step) throws -> [FileStates] {
    let folder = "Steps/\(step)"
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
    let previous = step.previous
    let order = step.isSideStep ? sideStepWritingOrder : writingOrder
    let ordered = names.sorted { a, b in
        (order.firstIndex(of: a) ?? 100, a) < (order.firstIndex(of: b) ?? 100, b)
    }
    return try ordered.compactMap { name in
        let now = try read("\(folder)/\(name)")
        let before = previous.flatMap { try? read("Steps/\($0)/\(name)") }
        if before == now { return nil }
        guard let before else {
            let blocks = declarations(of: now)
            var states: [(caption: [String], text: String)] = []
            for count in 1...blocks.count {
                let text = blocks.prefix(count).joined(separator: "\n\n") + (count == blocks.count ? "" : "\n")
                states.append((caption(adding: blocks[count - 1]), count == blocks.count ? now : text))
            }
            let origin = "New in \(step)."
            return FileStates(
                name: name, added: lineCount(now), summary: [origin + " \(lineCount(now)) lines."], states: states)
        }
        let hunks = try diffHunks(from: before, to: now)
        var states: [(caption: [String], text: String)] = [
            (["\(name) as it is at the end of \(previous!), before this step changes it."], before)
        ]
        for count in 1...hunks.count {
            states.append(
                (caption(changing: hunks[count - 1], in: before, file: name), apply(hunks.prefix(count), to: before)))
        }
        states[states.count - 1].text = now
        let added = hunks.reduce(0) { $0 + $1.new.count }
        let removed = hunks.reduce(0) { $0 + $1.old.count }
        return FileStates(
            name: name, added: added,
            summary: [
                "Changes from \(previous!): \(hunks.count) place\(hunks.count == 1 ? "" : "s"), +\(added) −\(removed) lines."
            ],
            states: states)
    }
}

func lineCount(_ text: String) -> Int { text.split(separator: "\n", omittingEmptySubsequences: false).count - 1 }

// A file split at its top-level blank lines into the pieces a participant types one by one.
func declarations(of text: String) -> [String] {
    var blocks: [[String]] = [[]]
    var depth = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        let line = String(line)
        if line.isEmpty && depth == 0 && !(blocks.last ?? []).isEmpty {
            blocks.append([])
            continue
        }
        blocks[blocks.count - 1].append(line)
        depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
    }
    // A block of comments alone (a MARK, a note) goes with the declaration after it.
    var merged: [[String]] = []
    var pending: [String] = []
    for block in blocks where !block.isEmpty {
        if block.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }) {
            pending += pending.isEmpty ? block : [""] + block
        } else {
            merged.append(pending.isEmpty ? block : pending + [""] + block)
            pending = []
        }
    }
    if !pending.isEmpty { merged.append(pending) }
    return merged.map { $0.joined(separator: "\n") }
}

// One hunk of a unified diff: where it starts in the old file, the lines it removes and adds.
struct Hunk {
    let oldStart: Int
    let old: [String]
    let new: [String]
    let comment: String?
}

// The hunks of `git diff --no-index -U0` between two texts.
func diffHunks(from before: String, to after: String) throws -> [Hunk] {
    let folder = NSTemporaryDirectory() + "rxdemo-tutorial-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write(before, to: "\(folder)/a")
    try write(after, to: "\(folder)/b")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "git", "diff", "--no-index", "--no-color", "--no-ext-diff", "-U0", "--diff-algorithm=myers", "\(folder)/a",
        "\(folder)/b",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var hunks: [Hunk] = []
    var current: (start: Int, old: [String], new: [String])? = nil
    func finish() {
        guard let hunk = current else { return }
        let comment = hunk.new.lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("//") }
        hunks.append(Hunk(oldStart: hunk.start, old: hunk.old, new: hunk.new, comment: comment))
    }
    for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if line.hasPrefix("@@ ") {
            finish()
            // "@@ -12,3 +12,5 @@": a removal of 0 lines starts after line 12, not at it.
            let oldPart = line.split(separator: " ")[1].dropFirst().split(separator: ",")
            let start = Int(oldPart[0]) ?? 0
            let count = oldPart.count > 1 ? Int(oldPart[1]) ?? 1 : 1
            current = (count == 0 ? start : start - 1, [], [])
        } else if line.hasPrefix("-") && !line.hasPrefix("---") {
            current?.old.append(String(line.dropFirst()))
        } else if line.hasPrefix("+") && !line.hasPrefix("+++") {
            current?.new.append(String(line.dropFirst()))
        }
    }
    finish()
    return hunks
}

// The old text with these hunks applied (they come in order and do not overlap).
func apply(_ hunks: ArraySlice<Hunk>, to text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for hunk in hunks.reversed() {
        lines.replaceSubrange(hunk.oldStart..<(hunk.oldStart + hunk.old.count), with: hunk.new)
    }
    return lines.joined(separator: "\n")
}

func caption(adding block: String) -> [String] {
    let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let comments = lines.prefix { $0.hasPrefix("//") }.map {
        String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces)
    }
    .filter { !$0.hasPrefix("MARK:") && !$0.isEmpty }
    // An attribute alone on its line (`@discardableResult`) says less than the line it marks.
    let code =
        lines.first { !$0.hasPrefix("//") && !$0.isEmpty && !($0.hasPrefix("@") && !$0.contains(" ")) } ?? ""
    let what = "Add " + describe(code) + "."
    return comments.isEmpty ? [what] : [what, "", inlineText(comments.joined(separator: " "))]
}

// A line of code in words, for a step's title: "the class `SinkDisposer`", "the method
// `dispose()`"; any other line is quoted whole ("the line `self.queue.append(event)`").
func describe(_ code: String) -> String {
    let words = code.replacingOccurrences(of: "`", with: "'").split(separator: " ").map(String.init)
    let modifiers: Set<String> = [
        "final", "private", "fileprivate", "public", "internal", "static", "override", "convenience", "lazy", "weak",
        "@discardableResult", "mutating",
    ]
    let rest = Array(words.drop { modifiers.contains($0) || $0.hasPrefix("private(") })
    let kinds = [
        "class": "the class", "struct": "the struct", "enum": "the enum", "protocol": "the protocol",
        "extension": "an extension of", "typealias": "the type alias", "func": "the function", "var": "the property",
        "let": "the constant", "case": "the case", "init": "an initializer", "init(": "an initializer",
        "deinit": "a deinitializer", "import": "an import of",
    ]
    guard let keyword = rest.first else { return "a line" }
    let bare = keyword.hasPrefix("init(") ? "init(" : keyword
    guard let kind = kinds[bare] else { return "the line `\(code.replacingOccurrences(of: "`", with: "'"))`" }
    if bare == "init(" || bare == "init" || bare == "deinit" { return kind }
    guard rest.count > 1 else { return kind }
    // The name alone: up to a generic list, a parameter list, a colon or a type annotation.
    let name = String(rest[1].prefix { !"<(:{=".contains($0) })
    let suffix = keyword == "func" ? "()" : ""
    let inType =
        words.contains("override") || code.hasPrefix(" ")
        ? kind.replacingOccurrences(of: "function", with: "method") : kind
    return "\(inType) `\(name)\(suffix)`"
}

// A step's title says in words what it touches: the declaration it adds or removes, else the
// declaration it changes ("Change the method `dispose()`."); the hunk's comment says why.
func caption(changing hunk: Hunk, in before: String, file: String) -> [String] {
    func firstCode(_ lines: [String]) -> String? {
        lines.first { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("//")
        }
    }
    let firstNew = firstCode(hunk.new)
    let firstOld = firstCode(hunk.old)
    let indent = (firstNew ?? firstOld).map { $0.prefix { $0 == " " }.count } ?? 0
    let enclosing: String? =
        enclosingDeclaration(
            of: before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            above: hunk.oldStart, indentedLessThan: indent)
        ?? (file == "main.swift" ? "the demo" : nil)
    let what: String
    switch (firstOld, firstNew) {
    case (nil, let new?):
        what = isDeclaration(new) ? "Add " + describe(new) + "." : "Add to " + (enclosing ?? "the file") + "."
    case (let old?, nil):
        what = isDeclaration(old) ? "Remove " + describe(old) + "." : "Remove from " + (enclosing ?? "the file") + "."
    case (let old?, let new?) where old != new:
        if isDeclaration(old) && isDeclaration(new) {
            what =
                describe(old) == describe(new)
                ? "Change " + describe(new) + "."
                : describe(old).split(separator: "`").last == describe(new).split(separator: "`").last
                    ? "Change " + describe(old) + " into "
                        + (describe(new).split(separator: "`").first ?? "").replacingOccurrences(of: "the ", with: "a ")
                        .trimmingCharacters(in: .whitespaces) + "."
                    : "Replace " + describe(old) + " with " + describe(new) + "."
        } else {
            what = "Change " + (enclosing ?? (isDeclaration(new) ? describe(new) : "the file's top level")) + "."
        }
    default: what = "Change the comments."
    }
    guard let comment = hunk.comment else { return [what] }
    return [what, "", inlineText(String(comment.dropFirst(2)).trimmingCharacters(in: .whitespaces))]
}

// Whether `describe` names this line by what it declares, not by quoting it.
func isDeclaration(_ code: String) -> Bool {
    !describe(code).hasPrefix("the line") && describe(code) != "a line"
}

// The nearest declaration above line `index` that is indented less than the change: the
// scope the change is in.
func enclosingDeclaration(of lines: [String], above index: Int, indentedLessThan indent: Int) -> String? {
    for line in lines.prefix(index).reversed() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let depth = line.prefix { $0 == " " }.count
        guard depth < indent, !trimmed.isEmpty, !trimmed.hasPrefix("//"), !trimmed.hasPrefix("}") else { continue }
        let scopes = ["func", "init", "init(", "deinit", "class", "struct", "enum", "extension", "protocol", "var"]
        let words = trimmed.split(separator: " ").map(String.init)
        let keyword = words.first {
            !["final", "private", "fileprivate", "public", "override", "static"].contains($0) && !$0.hasPrefix("@")
                && !$0.hasPrefix("private(")
        }
        if let keyword, scopes.contains(keyword.hasPrefix("init(") ? "init(" : keyword),
            trimmed.hasSuffix("{") || keyword != "var"
        {
            return describe(line)
        }
    }
    return nil
}

// A comment as one paragraph of running text: never a list item, heading or quote.
func inlineText(_ text: String) -> String {
    if let first = text.first, "-+#>".contains(first) { return "\\" + text }
    if let dot = text.firstIndex(of: "."), text[..<dot].allSatisfy(\.isNumber), !text[..<dot].isEmpty {
        return text[..<dot] + "\\" + text[dot...]
    }
    return text
}

// MARK: - Predict the trace

// Up to three questions: what does this step print for a scenario? The right answer is the
// trace the step really recorded; the wrong ones are what other steps really print for the
// same scenario, each justified by the defect that makes it, or what this step prints for the
// same scenario with another operator (`share()` against `publish().refCount()`).
func predictTheTrace(step: Step, traces: String) throws -> [[String]] {
    let mine = ReportFolder.readStableRecords(of: step, in: traces)
    // Only earlier steps: every wrong answer is a defect the course has already shown. The
    // side step is off the line: its wrong answer is correct Rx.
    let others = Step.mainLine.filter { !step.isSideStep && $0.rawValue < step.rawValue }.map {
        ($0, ReportFolder.readStableRecords(of: $0, in: traces))
    }
    var candidates: [(scenario: Scenario, wrong: [(answer: [String], why: String)], weight: Int, group: String?)] = []
    for scenario in step.scenarios {
        guard let record = mine[scenario.id], record.outcome == .finished else { continue }
        var wrong: [(answer: [String], why: String)] = []
        @discardableResult
        func add(_ answer: [String], _ why: String) -> Bool {
            guard answer != rendered(record), !wrong.contains(where: { $0.answer == answer }) else { return false }
            wrong.append((answer, why))
            return true
        }
        // Weighed up when the step before prints a wrong answer: the question is about what changed.
        var flips = false
        for (other, records) in others {
            guard case .knownIssue = other.verdict(for: scenario), let theirs = records[scenario.id] else { continue }
            let why =
                other.defects.first { $0.scenarios.contains(scenario.id) }.map {
                    "That is what \(other) prints: \($0.title). \($0.cause)."
                } ?? "That is what \(other) prints."
            if add(rendered(theirs), why), other == step.previous { flips = true }
        }
        // Step 01 has no step before it: correct Rx is then the wrong answer to what it prints.
        if case .knownIssue = step.verdict(for: scenario) {
            let correct = rendered(lines: scenario.expected)
            if !wrong.contains(where: { $0.answer == correct }) {
                wrong.insert(
                    (
                        correct,
                        "That is what correct Rx (RxSwift) prints; \(step) does not, because of its known defect."
                    ),
                    at: 0)
            }
        }
        var comparesOperators = false
        for variant in step.scenarios
        where variant.id != scenario.id && variant.variantKey == scenario.variantKey {
            guard let theirs = mine[variant.id], theirs.outcome == .finished else { continue }
            let why =
                "That is what `\(variant.operatorsCode)` prints instead of `\(scenario.operatorsCode)`: «\(variant.name)»."
            if add(rendered(theirs), why) { comparesOperators = true }
        }
        guard !wrong.isEmpty else { continue }
        // Weighed up most when the scenario is new with this step and its wrong answers are other
        // operators': the question is about what the step adds.
        let isNew = others.last.map { !$0.0.scenarios.contains { $0.id == scenario.id } } ?? false
        let weight = (isNew && comparesOperators ? 20 : 0) + (flips ? 10 : 0) + wrong.count
        candidates.append((scenario, Array(wrong.prefix(3)), weight, comparesOperators ? scenario.variantKey : nil))
    }
    // At most one question per family of variants, so that three questions teach three things.
    var groups: Set<String> = []
    let chosen = candidates.sorted { $0.weight > $1.weight }.filter { candidate in
        guard let group = candidate.group else { return true }
        return groups.insert(group).inserted
    }.prefix(3)
    return chosen.map { candidate in
        let scenario = candidate.scenario
        let right = rendered(mine[scenario.id]!)
        var choices: [(text: [String], correct: Bool, justification: String)] = [
            (right, true, "Right: this is what \(step) prints, trace for trace.")
        ]
        choices += candidate.wrong.map { ($0.answer, false, $0.why) }
        // A fixed order that does not always put the right answer first.
        let shift = scenario.id.rawValue.count % choices.count
        choices = Array(choices[shift...] + choices[..<shift])
        var lines = ["@MultipleChoice {", "    What does \(step) print for «\(escapedText(scenario.name))»?", ""]
        for choice in choices {
            lines.append("    @Choice(isCorrect: \(choice.correct)) {")
            lines += choice.text.map { "        " + $0 }
            lines.append("")
            lines.append("        @Justification(reaction: \"\(choice.correct ? "Correct." : "Not this one.")\") {")
            lines.append("            " + escapedText(choice.justification))
            lines.append("        }")
            lines.append("    }")
        }
        lines.append("}")
        return lines
    }
}

// A trace as an answer: its events in one code span, what is left alive, or the crash.
func rendered(_ record: ScenarioRecord) -> [String] {
    var lines = rendered(lines: record.trace.filter { !TraceEntry($0).isStillAlive })
    let alive = record.trace.filter { TraceEntry($0).isStillAlive }.map {
        String($0.dropFirst(Trace.stillAlivePrefix.count).prefix { $0 != " " })
    }
    if !alive.isEmpty {
        lines.append("and still alive afterwards: " + Array(Set(alive)).sorted().joined(separator: ", "))
    }
    if case .crashed = record.outcome { lines.append("and then the stack overflows: the step crashes.") }
    return lines
}

// Whole up to 24 entries, so that two answers never differ only past the cut (14 cut step 11's
// share(replay: 2) answer before its completed and dispose, the lines that tell it apart); a
// longer one, a step that disposes without end, ends in "…".
func rendered(lines trace: [String]) -> [String] {
    let shown = trace.prefix(24).joined(separator: " · ") + (trace.count > 24 ? " · …" : "")
    return trace.isEmpty ? ["nothing at all"] : ["`" + shown + "`"]
}

// MARK: - Text

func pagePath(_ step: Step) throws -> String {
    guard
        let name = try FileManager.default.contentsOfDirectory(atPath: docs).first(where: {
            $0.hasPrefix("\(step.number)-")
        })
    else { throw DocsError(description: "no page \(docs)/\(step.number)-….md") }
    return "\(docs)/\(name)"
}

// The paragraphs of a page section, up to its first list, code block or subheading.
func section(_ heading: String, in lines: [String]) -> [String] {
    guard let start = lines.firstIndex(of: "## \(heading)") else { return [] }
    var paragraphs: [String] = []
    var current: [String] = []
    var code: [String]? = nil
    for line in lines[(start + 1)...] {
        // A paragraph that ends with a colon introduces the code below it: a one-line block
        // joins the paragraph as inline code, so that the sentence never ends in the air.
        if var block = code {
            if line.hasPrefix("```") {
                if block.count == 1, let last = paragraphs.popLast() { paragraphs.append(last + " `\(block[0])`") }
                break
            }
            block.append(line)
            code = block
            continue
        }
        if line.hasPrefix("```"), current.isEmpty, paragraphs.last?.hasSuffix(":") == true {
            code = []
            continue
        }
        if line.hasPrefix("#") || line.hasPrefix("```") || line.hasPrefix("- ") || line.hasPrefix("|") { break }
        if line.isEmpty {
            if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
            current = []
        } else {
            current.append(line)
        }
    }
    if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
    return paragraphs
}

// Markdown without links (they point at the repository's pages, not at tutorials).
func plainLine(_ text: String) -> String {
    text.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
}

func plain(_ paragraph: String) -> [String] { wrap(plainLine(paragraph), width: 96) }

func indent(_ lines: [String], _ spaces: Int) -> [String] {
    lines.map { $0.isEmpty ? "" : String(repeating: " ", count: spaces) + $0 }
}

// For a directive's quoted argument.
func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "'")
}

// For running text: DocC reads `$0` and `*` as Markdown.
func escapedText(_ text: String) -> String {
    text.replacingOccurrences(of: "*", with: "\\*")
}

func demoScenario(of step: Step) -> ScenarioID {
    switch step {
    case .rxDemo01: .articleDemo01
    case .rxDemo02, .rxDemo03: .articleDemo02
    case .rxDemo04: .articleDemo04
    case .rxDemo05, .rxDemo06: .articleDemo05
    case .rxDemo07: .articleDemo07
    case .rxDemo08, .rxDemo09: .hotLateSubscriber
    case .rxDemo10: .bufferTimeOrCount
    case .rxDemoSignal: .hotThroughMaps
    case .rxDemo11: .shareReplay1LateSubscriber
    case .rxDemo12: .flatMapLatestDisposesPrevious
    case .rxDemo13: .asSingleTwoElements
    case .rxDemo14: .driverReplaysLatest
    }
}

// MARK: - Checks

// Each rendered diagram was rendered from the Mermaid source the page has now.
func checkDiagramStamps() throws -> [String] {
    let stamps = (try? read("\(docs)/diagrams/stamps.txt")) ?? ""
    var known: [String: String] = [:]
    for line in stamps.split(separator: "\n") {
        let parts = line.split(separator: " ")
        if parts.count == 2 { known[String(parts[0])] = String(parts[1]) }
    }
    var problems: [String] = []
    for page in try stepPages() {
        let name = (page as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
        let lines = try read(page).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var number = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("```mermaid") {
            number += 1
            let body = lines[(index + 1)...].prefix { $0.trimmingCharacters(in: .whitespaces) != "```" }
            let diagram = "\(name)-\(number)"
            if known[diagram] != fnv1a(body.joined(separator: "\n")) {
                problems.append(
                    "\(docs)/diagrams/\(diagram).png is stale or missing: run 'make diagrams' (needs Chromium and the diagram renderer)"
                )
            }
        }
    }
    return problems
}

func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
}

// The last state of every file in every tutorial is, byte for byte, the file in Steps/.
func checkTutorialCode() throws -> [String] {
    var problems: [String] = []
    for step in Step.allCases {
        let path = "\(tutorialFolder)/Tutorials/Step\(step.number).tutorial"
        guard let text = try? read(path) else {
            problems.append("\(path) is missing: run 'make docs'")
            continue
        }
        var last: [String: String] = [:]
        for line in text.split(separator: "\n") where line.contains("@Code(name: ") {
            let quoted = line.split(separator: "\"").map(String.init)
            if quoted.count >= 4 { last[quoted[1]] = quoted[3] }
        }
        for (name, resource) in last {
            let shown = try? read("\(tutorialFolder)/Resources/code/\(resource)")
            if shown != (try? read("Steps/\(step)/\(name)")) {
                problems.append("\(path): the last state of \(name) is not Steps/\(step)/\(name)")
            }
        }
        if last.isEmpty { problems.append("\(path) shows no code") }
    }
    return problems
}
