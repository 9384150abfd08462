import Foundation
import TraceSuite

// Marble timelines, drawn from a scenario's script and traces: one lane for what each
// source sends, one for what each subscriber receives, a time axis t0 … tN, and several
// events at one time side by side in the order they happened. Plain SVG with no scripts,
// fonts or images, 860 px wide so that GitHub shows it at full size in its column.

// One thing on a timeline: an entry of the trace, or a mark from the subscriber's script.
struct Mark {
    enum Kind: Equatable {
        case value(String)
        case completed
        case error
        case disposeClosure
        case disposeCall
        case subscribe
        // `subscribe(onNext:…)`'s onDisposed handler runs.
        case onDisposed
    }

    let time: Int
    let label: String?
    let onSource: Bool
    let kind: Kind
    // A run of the source that a subscription's mark has been put before.
    var claimed = false

    // Where an entry of the trace goes; nil for "still alive" entries, which are not events.
    init?(_ entry: String) {
        let parsed = TraceEntry(entry)
        guard !parsed.isStillAlive else { return nil }
        time = parsed.time ?? 0
        label = parsed.label
        let words = parsed.event.split(separator: " ", maxSplits: 1).map(String.init)
        // A transform's call ("map 2"), what the harness asks a subject ("hasObservers
        // true", "value 2") and its connect() calls are in the trace, not drawn (a connect
        // shows as the source's "subscribe", a disconnect as its "dispose").
        // A deferred factory's call is in the trace too, not drawn: the "subscribe" after it is.
        guard !["map", "hasObservers", "value", "connect", "disconnect", "deferred"].contains(words.first) else {
            return nil
        }
        // An error no handler took ("unhandled error(source)") is drawn where the subscriber's would be.
        onSource = !["receive", "onDisposed", "unhandled"].contains(words.first)
        switch (words.first, words.count > 1 ? words[1] : "") {
        case ("onDisposed", _): kind = .onDisposed
        // A run of the generator starting, on the source's lane.
        case ("subscribe", _): kind = .subscribe
        case ("dispose", _): kind = .disposeClosure
        case (_, "completed"): kind = .completed
        // A Single's failure ("receive failure(source)") is its error.
        case (_, let value) where value.hasPrefix("error") || value.hasPrefix("failure"): kind = .error
        case (_, let value): kind = .value(value)
        }
    }

    init(time: Int, label: String?, onSource: Bool = false, kind: Kind) {
        self.time = time
        self.label = label
        self.onSource = onSource
        self.kind = kind
    }

    var key: String { "\(time) \(label ?? "") \(onSource) \(kind)" }

    // Slots it takes on the time axis: two for a pill wider than one ("success(20)", "[1, 2, 3]").
    var slots: Int { if case .value(let value) = kind, value.count > 5 { 2 } else { 1 } }
}

// A trace as marks, with the subscriber's own actions (subscribe, dispose()) put where the
// script says they happen.
func marks(of trace: [String], in scenario: Scenario) -> [Mark] {
    var marks = trace.compactMap(Mark.init)
    for script in scenario.subscriptionScripts {
        // After the subscriptions made before it, before anything else at that time; and
        // before the run of the source it starts (its own run when cold; the first one not yet
        // started by another subscription when shared).
        let time = script.subscribeTime
        let afterSubscriptions =
            marks.firstIndex { $0.time > time || ($0.time == time && $0.kind != .subscribe) } ?? marks.endIndex
        let run = marks.firstIndex {
            $0.time == time && $0.onSource && $0.kind == .subscribe && !$0.claimed
                && ($0.label == script.label || $0.label == nil)
        }
        if let run { marks[run].claimed = true }
        // One that subscribes from another's completed handler: right after that completed.
        let afterCompleted = script.subscribesOnCompletedOf.flatMap { other in
            marks.firstIndex { $0.label == other && !$0.onSource && $0.kind == .completed }.map { $0 + 1 }
        }
        let start = afterCompleted ?? min(afterSubscriptions, run ?? marks.endIndex)
        marks.insert(Mark(time: script.subscribeTime, label: script.label, kind: .subscribe), at: start)
        for time in script.disposeTimes {
            let call = Mark(time: time, label: script.label, kind: .disposeCall)
            // A dispose() call comes before the closure it runs, and after what is due earlier.
            let index =
                marks.firstIndex { $0.time == time && $0.label == script.label && $0.kind == .disposeClosure }
                ?? marks.firstIndex { $0.time > time } ?? marks.endIndex
            marks.insert(call, at: index)
        }
        if let value = script.disposeOnReceiving,
            let index = marks.firstIndex(where: {
                !$0.onSource && $0.label == script.label && $0.kind == .value("\(value)")
            })
        {
            marks.insert(Mark(time: marks[index].time, label: script.label, kind: .disposeCall), at: index + 1)
        }
    }
    return marks
}

// The search screen's trace as marks on five lanes: what the user does, what the network
// does, and the screen's three outputs. A request's start is drawn as a subscription, its
// cancellation as the dispose closure it is; the screen shows how many results it lists,
// whether it is loading, and an error message as ✕ (none as –).
let appLanes = ["user", "network", "results (how many)", "loading", "error message"]

func appMarks(of trace: [String]) -> [Mark] {
    trace.compactMap { entry in
        let parsed = TraceEntry(entry)
        let time = parsed.time ?? 0
        let words = parsed.event.split(separator: " ").map(String.init)
        func mark(_ lane: String, _ kind: Mark.Kind) -> Mark {
            Mark(time: time, label: lane, onSource: true, kind: kind)
        }
        switch words.first {
        case "type": return mark("user", .value("\"" + words.dropFirst().joined(separator: " ") + "\""))
        case "tap": return mark("user", .value("refresh"))
        case "close": return mark("user", .disposeCall)
        case "request" where words.contains("starts:"): return mark("network", .subscribe)
        case "request" where words.contains("answers"): return mark("network", .value("reply"))
        case "request" where words.contains("fails"): return mark("network", .error)
        case "request" where words.contains("cancelled"): return mark("network", .disposeClosure)
        case "results":
            let titles = parsed.event.dropFirst("results [".count).dropLast()
            return mark("results (how many)", .value(titles.isEmpty ? "0" : "\(titles.split(separator: ",").count)"))
        case "loading": return mark("loading", .value(words.last == "true" ? "on" : "off"))
        case "error":
            return mark("error message", words.dropFirst().joined(separator: " ") == "none" ? .value("–") : .error)
        default: return nil
        }
    }
}

struct Panel {
    let title: String
    let marks: [Mark]
    // Marks of the expected timeline that this one lacks, and which of its own it should not have.
    var missing: [(mark: Mark, slot: Int)] = []
    var extra: Set<Int> = []
    var crashed = false
    var notes: [String] = []
}

// The SVG for one or more panels that share a time axis.
// A hot scenario has one lane for what the subject sends, shared by every subscriber; a
// cold one a pair of lanes per subscription. An operator's own sources ("inner 1", "source 2",
// "fallback") each get a lane, after the first source lane.
func marbleSVG(
    title: String, panels: [Panel], labels: [String?], hot: Bool = false, shared: Bool = false, inner: [String] = [],
    named: [String]? = nil, caption: [String]
) -> String {
    var lanes: [(label: String?, onSource: Bool)] =
        hot ? [(nil, true)] + labels.map { ($0, false) } : labels.flatMap { [($0, true), ($0, false)] }
    if let named { lanes = named.map { ($0, true) } } else { lanes.insert(contentsOf: inner.map { ($0, true) }, at: 1) }
    let width = 860
    let left = 150
    let laneHeight = 46
    // Slots per time: the most marks any panel has at that time.
    let times = Set(panels.flatMap { $0.marks.map(\.time) + $0.missing.map(\.mark.time) }).sorted()
    var slotsAt: [Int: Int] = [:]
    for time in times {
        slotsAt[time] =
            panels.map { panel in
                max(
                    panel.marks.filter { $0.time == time }.map(\.slots).reduce(0, +),
                    panel.missing.filter { $0.mark.time == time }.map { $0.slot + $0.mark.slots }.max() ?? 0)
            }.max() ?? 1
    }
    let totalSlots = times.reduce(0) { $0 + slotsAt[$1]! } + times.count
    let slotWidth = min(56, (width - left - 20) / max(totalSlots, 1))
    var firstSlot: [Int: Int] = [:]
    var next = 0
    for time in times {
        firstSlot[time] = next
        next += slotsAt[time]! + 1
    }
    func x(_ time: Int, _ index: Int) -> Int { left + slotWidth / 2 + (firstSlot[time]! + index) * slotWidth }
    // Where a mark that starts at slot `index` is centred.
    func x(_ time: Int, _ index: Int, _ mark: Mark) -> Int { x(time, index) + (mark.slots - 1) * slotWidth / 2 }

    var body: [String] = []
    var y = 28
    // A long scenario name goes over more lines than one: 860 px hold about 95 bold characters.
    for (index, line) in wrap(title, width: 95).enumerated() {
        if index > 0 { y += 20 }
        body.append(text(line, x: 12, y: y, size: 15, weight: "bold"))
    }
    y += 22
    // Time axis: each time's label over its group of slots.
    for time in times {
        let start = x(time, 0) - slotWidth / 2
        let end = x(time, slotsAt[time]! - 1) + slotWidth / 2
        body.append(text("t\(time)", x: (start + end) / 2, y: y, size: 13, anchor: "middle", fill: "#555"))
        body.append(
            "<line x1=\"\(start)\" y1=\"\(y + 6)\" x2=\"\(end)\" y2=\"\(y + 6)\" stroke=\"#999\" stroke-width=\"1\"/>")
    }
    y += 14
    for panel in panels {
        y += 22
        body.append(text(panel.title, x: 12, y: y, size: 14, weight: "bold"))
        y += 12
        for (label, onSource) in lanes {
            do {
                y += laneHeight
                let lane =
                    named != nil
                    ? label!
                    : label.map { inner.contains($0) } == true
                        ? "\(label!) sends"
                        : (label.map { "\($0): " } ?? "")
                            + (onSource
                                ? (shared ? "shared source" : hot ? "subject sends" : "source sends")
                                : "subscriber gets")
                body.append(text(lane, x: 12, y: y + 5, size: 13, fill: "#333"))
                body.append(
                    "<line x1=\"\(left)\" y1=\"\(y)\" x2=\"\(width - 16)\" y2=\"\(y)\" stroke=\"#444\" stroke-width=\"1.5\"/>"
                )
                body.append(
                    "<path d=\"M\(width - 16) \(y) l-8 -5 v10 z\" fill=\"#444\"/>")
                var countAt: [Int: Int] = [:]
                for (index, mark) in panel.marks.enumerated() {
                    let slot = countAt[mark.time, default: 0]
                    countAt[mark.time] = slot + mark.slots
                    guard mark.label == label, mark.onSource == onSource else { continue }
                    body += draw(
                        mark, x: x(mark.time, slot, mark), y: y,
                        color: panel.extra.contains(index) ? "#d62728" : "#1f4e79")
                }
                for (mark, slot) in panel.missing {
                    guard mark.label == label, mark.onSource == onSource else { continue }
                    body += draw(mark, x: x(mark.time, slot, mark), y: y, color: "#d62728", ghost: true)
                }
                if panel.crashed, onSource, let last = panel.marks.last {
                    let crashX = min(width - 60, x(last.time, slotsAt[last.time]!) + 10)
                    body.append(
                        "<rect x=\"\(crashX - 28)\" y=\"\(y - 13)\" width=\"56\" height=\"26\" rx=\"4\" fill=\"#d62728\"/>"
                    )
                    body.append(
                        text("crash", x: crashX, y: y + 5, size: 13, anchor: "middle", fill: "#fff", weight: "bold"))
                }
            }
        }
        y += 10
        for note in panel.notes {
            y += 20
            body.append(text(note, x: 12, y: y, size: 12, fill: "#d62728"))
        }
        y += 12
    }
    y += 10
    for line in caption {
        y += 18
        body.append(text(line, x: 12, y: y, size: 12, fill: "#333"))
    }
    y += 24
    body.append(
        text(
            (named != nil
                ? [
                    "○ typed, shown", "^ a request starts", "✕ it fails, or an error is shown", "◆ it is cancelled",
                    "! the screen is closed",
                ]
                : [
                    "○ value", "| completed", "✕ error", "◆ the dispose closure runs", "! dispose() called",
                    "^ subscribe",
                ]
                    + (panels.contains { $0.marks.contains { $0.kind == .onDisposed } } ? ["□ onDisposed"] : []))
                .joined(separator: "\u{2003}\u{2003}")
                + (panels.count > 1 ? "\u{2003}\u{2003}red: not expected\u{2003}\u{2003}dashed: missing" : ""),
            x: 12, y: y, size: 12, fill: "#555"))
    y += 14
    return """
        <!-- Generated by `make docs` (Tools/DocsGenerator/Marbles.swift); do not edit. -->
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(y)" viewBox="0 0 \(width) \(y)" \
        font-family="Helvetica, Arial, sans-serif">
        <rect width="\(width)" height="\(y)" fill="#ffffff"/>
        \(body.joined(separator: "\n"))
        </svg>

        """
}

func draw(_ mark: Mark, x: Int, y: Int, color: String, ghost: Bool = false) -> [String] {
    let dash = ghost ? " stroke-dasharray=\"4 3\"" : ""
    switch mark.kind {
    case .value(let value) where value.count > 2:
        // An array from `buffer`: a pill as wide as its text.
        let width = value.count * 8 + 12
        return [
            "<rect x=\"\(x - width / 2)\" y=\"\(y - 14)\" width=\"\(width)\" height=\"28\" rx=\"14\" fill=\"\(ghost ? "#ffffff" : "#e8f0fa")\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>",
            text(value, x: x, y: y + 5, size: 14, anchor: "middle", fill: color),
        ]
    case .value(let value):
        return [
            "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"14\" fill=\"\(ghost ? "#ffffff" : "#e8f0fa")\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>",
            text(value, x: x, y: y + 5, size: 14, anchor: "middle", fill: color),
        ]
    case .completed:
        return [
            "<line x1=\"\(x)\" y1=\"\(y - 15)\" x2=\"\(x)\" y2=\"\(y + 15)\" stroke=\"\(color)\" stroke-width=\"4\"\(dash)/>"
        ]
    case .error:
        return [
            "<path d=\"M\(x - 10) \(y - 10) L\(x + 10) \(y + 10) M\(x + 10) \(y - 10) L\(x - 10) \(y + 10)\" stroke=\"\(color)\" stroke-width=\"4\"\(dash)/>"
        ]
    case .disposeClosure:
        return [
            "<path d=\"M\(x) \(y - 13) L\(x + 13) \(y) L\(x) \(y + 13) L\(x - 13) \(y) Z\" fill=\"\(ghost ? "#ffffff" : "#f5a623")\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>"
        ]
    case .disposeCall:
        return [
            "<line x1=\"\(x)\" y1=\"\(y - 16)\" x2=\"\(x)\" y2=\"\(y + 16)\" stroke=\"#b05a00\" stroke-width=\"2\"\(dash)/>",
            text("!", x: x, y: y - 19, size: 15, anchor: "middle", fill: "#b05a00", weight: "bold"),
        ]
    case .onDisposed:
        return [
            "<rect x=\"\(x - 9)\" y=\"\(y - 9)\" width=\"18\" height=\"18\" fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>"
        ]
    case .subscribe:
        return [
            "<path d=\"M\(x - 8) \(y + 14) L\(x) \(y + 2) L\(x + 8) \(y + 14)\" fill=\"none\" stroke=\"#2b7a2b\" stroke-width=\"3\"/>"
        ]
    }
}

func text(
    _ content: String, x: Int, y: Int, size: Int, anchor: String = "start", fill: String = "#000",
    weight: String = "normal"
) -> String {
    let escaped = content.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    return
        "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" fill=\"\(fill)\" font-weight=\"\(weight)\">\(escaped)</text>"
}

// Splits a sentence into lines of at most `width` characters, at spaces.
func wrap(_ sentence: String, width: Int = 118) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in sentence.split(separator: " ") {
        if !line.isEmpty && line.count + word.count + 1 > width {
            lines.append(line)
            line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}

// A long trace from an endless recursion: its first entries, and how many more there were.
func shortened(_ trace: [String]) -> (trace: [String], dropped: Int) {
    trace.count <= 24 ? (trace, 0) : (Array(trace.prefix(12)), trace.count - 12)
}

func marbleFileName(_ scenario: Scenario) -> String { "\(scenario.id).svg" }

// Writes DOCS/marbles/: each scenario's expected timeline, and for every known issue the
// step's actual timeline beside it, from the traces a test run recorded under `traces`.
func writeMarbles(traces: String) throws -> [String] {
    let folder = "\(docs)/marbles"
    try? FileManager.default.removeItem(atPath: folder)
    var written: [String] = []
    for scenario in Scenario.all {
        let expected = scenario.isApp ? appMarks(of: scenario.expected) : marks(of: scenario.expected, in: scenario)
        let svg = marbleSVG(
            title: scenario.name,
            panels: [Panel(title: "Expected: what correct Rx (RxSwift) does", marks: expected)],
            labels: scenario.subscriptionScripts.map(\.label), hot: scenario.isHot, shared: scenario.isShared,
            inner: scenario.innerLabels, named: scenario.isApp ? appLanes : nil, caption: [])
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write(svg, to: "\(folder)/\(marbleFileName(scenario))")
        written.append("\(folder)/\(marbleFileName(scenario))")
    }
    for step in Step.allCases {
        let records = ReportFolder.readStableRecords(of: step, in: traces)
        for scenario in Scenario.all {
            guard case .knownIssue(let defects) = step.verdict(for: scenario) else { continue }
            guard let record = records[scenario.id], record.outcome != .running else {
                throw DocsError(
                    description:
                        "no trace of \(step) for «\(scenario.name)» in \(traces): run the tests with RXDEMO_REPORT_DIR")
            }
            var crashed = false
            if case .crashed = record.outcome { crashed = true }
            let (trace, dropped) = shortened(record.trace)
            let expected = marks(of: scenario.expected, in: scenario)
            let actual = marks(of: trace, in: scenario)
            var unmatched = expected.map(\.key)
            var extra: Set<Int> = []
            for (index, mark) in actual.enumerated() {
                if let found = unmatched.firstIndex(of: mark.key) {
                    unmatched.remove(at: found)
                } else {
                    extra.insert(index)
                }
            }
            // Each expected mark the step lacks, at its slot in the expected timeline.
            var remaining = unmatched
            var missing: [(mark: Mark, slot: Int)] = []
            var slotAt: [Int: Int] = [:]
            for mark in expected {
                let slot = slotAt[mark.time, default: 0]
                slotAt[mark.time] = slot + mark.slots
                if !crashed, let found = remaining.firstIndex(of: mark.key) {
                    remaining.remove(at: found)
                    missing.append((mark, slot))
                }
            }
            var notes: [String] = []
            if dropped > 0 {
                // Not the exact count: how deep a stack overflows depends on the environment.
                let more = dropped >= 1000 ? "thousands" : "\(dropped)"
                notes.append("… and \(more) more entries like the last ones, until the stack overflowed")
            }
            // What is left alive, by type and, for the ends of the chain, by role; the test
            // output names every path and holder.
            let alive = record.trace.filter { TraceEntry($0).isStillAlive }.map { entry -> String in
                let description = entry.dropFirst(Trace.stillAlivePrefix.count)
                let object = description.split(separator: ",").first.map(String.init) ?? String(description)
                return object.contains("→") ? String(object.prefix { $0 != " " }) : object
            }
            if !alive.isEmpty {
                notes += wrap("Still alive after the run: " + alive.joined(separator: ", ") + ".", width: 110)
            }
            let panels = [
                Panel(title: "Expected: what correct Rx (RxSwift) does", marks: expected),
                Panel(
                    title: "What \(step) does", marks: actual, missing: missing, extra: extra, crashed: crashed,
                    notes: notes),
            ]
            let caption = defects.flatMap { wrap("Known defect of \(step): \($0.cause).") }
            let svg = marbleSVG(
                title: scenario.name, panels: panels, labels: scenario.subscriptionScripts.map(\.label),
                hot: scenario.isHot, shared: scenario.isShared, inner: scenario.innerLabels, caption: caption)
            let stepFolder = "\(folder)/\(step)"
            try FileManager.default.createDirectory(atPath: stepFolder, withIntermediateDirectories: true)
            try write(svg, to: "\(stepFolder)/\(marbleFileName(scenario))")
            written.append("\(stepFolder)/\(marbleFileName(scenario))")
        }
    }
    return written
}
