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
    // What is still alive after the run, by type and, for the ends of the chain, by role.
    var alive: [String] = []
}

// Which sends reach no subscriber: a value or terminal event a source sends after its run
// has ended (a terminal event sent, the dispose closure run) or after its subscriber called
// dispose(), with nothing received after it. A hot source's send is dropped once every
// subscriber so far has gone.
func droppedSends(in marks: [Mark], hot: Bool) -> Set<Int> {
    var closed: Set<String?> = []
    var subscribers: Set<String?> = []
    var gone: Set<String?> = []
    var dropped: Set<Int> = []
    func isEvent(_ mark: Mark) -> Bool {
        switch mark.kind {
        case .value, .completed, .error: true
        default: false
        }
    }
    for (index, mark) in marks.enumerated() {
        if mark.onSource {
            if mark.kind == .subscribe { closed.remove(mark.label) }
            if mark.kind == .disposeClosure { closed.insert(mark.label) }
            guard isEvent(mark) else { continue }
            let ended =
                closed.contains(mark.label)
                || (hot && mark.label == nil && !subscribers.isEmpty && subscribers.isSubset(of: gone))
            // Received: a subscriber gets something before the sources send anything else.
            let received = marks[(index + 1)...].prefix { !($0.onSource && isEvent($0)) }
                .contains { !$0.onSource && isEvent($0) }
            if ended && !received { dropped.insert(index) }
            if !mark.kind.isValue { closed.insert(mark.label) }
        } else {
            switch mark.kind {
            case .subscribe:
                subscribers.insert(mark.label)
                gone.remove(mark.label)
                if !hot { closed.remove(mark.label) }
            case .disposeCall:
                gone.insert(mark.label)
                if !hot { closed.insert(mark.label) }
            case .completed, .error: gone.insert(mark.label)
            default: break
            }
        }
    }
    return dropped
}

extension Mark.Kind {
    var isValue: Bool { if case .value = self { true } else { false } }
}

// The time axis: where each time's group of slots starts, to scale. A time unit is two slots
// (a mark and the space after it), so t4 → t7 is three times as wide as t0 → t1; a time with
// more marks than one widens only its own cell. Times with nothing are ticked lightly, and a
// run of more than three of them is cut short by a break mark naming the times it skips.
struct Axis {
    var firstSlot: [Int: Int] = [:]
    var idle: [(time: Int, slot: Int)] = []
    var breaks: [(slot: Int, from: Int, to: Int)] = []
    var totalSlots = 0

    init(times: [Int], slotsAt: [Int: Int]) {
        let unit = 2
        var previous: Int?
        for time in times {
            var start = 0
            if let previous {
                let afterPrevious = firstSlot[previous]! + slotsAt[previous]! + 1
                let skipped = time - previous - 1
                if skipped > 3 {
                    breaks.append((afterPrevious, previous + 1, time - 1))
                    start = afterPrevious + unit
                } else {
                    for index in 0..<skipped { idle.append((previous + 1 + index, afterPrevious + index * unit)) }
                    start = afterPrevious + skipped * unit
                }
            }
            firstSlot[time] = start
            previous = time
        }
        totalSlots = previous.map { firstSlot[$0]! + slotsAt[$0]! } ?? 0
    }
}

// The words of a timeline, in the edition being written (`zh`).
func laneName(hot: Bool, shared: Bool, label: String?, onSource: Bool, inner: [String]) -> String {
    if let label, inner.contains(label) { return zh("\(label) sends", "\(label) 发送") }
    let who = label.map { zh("\($0): ", "\($0)：") } ?? ""
    guard onSource else { return who + zh("subscriber gets", "订阅者收到") }
    return who
        + (shared
            ? zh("shared source", "共享的源序列") : hot ? zh("subject sends", "Subject 发送") : zh("source sends", "源序列发送"))
}

let appLaneNames = [
    "user": ("user", "用户"), "network": ("network", "网络"), "results (how many)": ("results (how many)", "结果（条数）"),
    "loading": ("loading", "加载中"), "error message": ("error message", "错误信息"),
]

// The SVG for one or more panels that share a time axis.
// A hot scenario has one lane for what the subject sends, shared by every subscriber; a
// cold one a pair of lanes per subscription. An operator's own sources ("inner 1", "source 2",
// "fallback") each get a lane, after the first source lane. Each lane's name is over its
// line, so that the whole width is time; 680 px wide with 14 px text, so that the text stays
// readable where the picture is shown smaller (the tutorial's column) and GitHub shows it at
// full size. What each panel leaves alive after the run, when the scenario watches it, is
// the last lane.
func marbleSVG(
    title: String, panels: [Panel], labels: [String?], hot: Bool = false, shared: Bool = false, inner: [String] = [],
    named: [String]? = nil, watchesLifetimes: Bool = false, caption: [String]
) -> String {
    var lanes: [(label: String?, onSource: Bool)] =
        hot ? [(nil, true)] + labels.map { ($0, false) } : labels.flatMap { [($0, true), ($0, false)] }
    if let named { lanes = named.map { ($0, true) } } else { lanes.insert(contentsOf: inner.map { ($0, true) }, at: 1) }
    let width = 680
    let left = 16
    let right = width - 24
    let laneHeight = 62
    // A line of text holds about this many columns of size 14 (a Chinese character takes two).
    let lineCharacters = 84
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
    let axis = Axis(times: times, slotsAt: slotsAt)
    let slotWidth = min(56, (right - 12 - left) / max(axis.totalSlots, 1))
    func x(slot: Int) -> Int { left + slotWidth / 2 + slot * slotWidth }
    func x(_ time: Int, _ index: Int) -> Int { x(slot: axis.firstSlot[time]! + index) }
    // Where a mark that starts at slot `index` is centred.
    func x(_ time: Int, _ index: Int, _ mark: Mark) -> Int { x(time, index) + (mark.slots - 1) * slotWidth / 2 }

    var body: [String] = []
    var y = 30
    for (index, line) in wrap(title, width: 70).enumerated() {
        if index > 0 { y += 22 }
        body.append(text(line, x: 12, y: y, size: 17, weight: "bold"))
    }
    y += 26
    // Time axis: each time's label over its group of slots; a time with nothing, lighter.
    for time in times {
        let start = x(time, 0) - slotWidth / 2
        let end = x(time, slotsAt[time]! - 1) + slotWidth / 2
        body.append(text("t\(time)", x: (start + end) / 2, y: y, size: 14, anchor: "middle", fill: "#444"))
        body.append(
            "<line x1=\"\(start)\" y1=\"\(y + 6)\" x2=\"\(end)\" y2=\"\(y + 6)\" stroke=\"#888\" stroke-width=\"1.5\"/>"
        )
    }
    for (time, slot) in axis.idle {
        body.append(text("t\(time)", x: x(slot: slot), y: y, size: 12, anchor: "middle", fill: "#aaa"))
        body.append(
            "<line x1=\"\(x(slot: slot))\" y1=\"\(y + 3)\" x2=\"\(x(slot: slot))\" y2=\"\(y + 9)\" stroke=\"#aaa\" stroke-width=\"1\"/>"
        )
    }
    let axisY = y
    y += 14
    for panel in panels {
        y += 24
        body.append(text(panel.title, x: 12, y: y, size: 15, weight: "bold"))
        y -= 8
        let dropped = named == nil ? droppedSends(in: panel.marks, hot: hot) : []
        for (label, onSource) in lanes {
            y += laneHeight
            let lane =
                named != nil
                ? appLaneNames[label!].map { zh($0.0, $0.1) } ?? label!
                : laneName(hot: hot, shared: shared, label: label, onSource: onSource, inner: inner)
            body.append(text(lane, x: 12, y: y - 26, size: 13, fill: "#333", weight: "bold"))
            body.append(
                "<line x1=\"\(left)\" y1=\"\(y)\" x2=\"\(right)\" y2=\"\(y)\" stroke=\"#444\" stroke-width=\"1.5\"/>")
            body.append("<path d=\"M\(right + 8) \(y) l-10 -5 v10 z\" fill=\"#444\"/>")
            var countAt: [Int: Int] = [:]
            for (index, mark) in panel.marks.enumerated() {
                let slot = countAt[mark.time, default: 0]
                countAt[mark.time] = slot + mark.slots
                guard mark.label == label, mark.onSource == onSource else { continue }
                body += draw(
                    mark, x: x(mark.time, slot, mark), y: y,
                    color: panel.extra.contains(index) ? "#d62728" : "#1f4e79", dropped: dropped.contains(index))
            }
            for (mark, slot) in panel.missing {
                guard mark.label == label, mark.onSource == onSource else { continue }
                body += draw(mark, x: x(mark.time, slot, mark), y: y, color: "#d62728", ghost: true)
            }
            if panel.crashed, onSource, let last = panel.marks.last {
                let crashX = min(right - 36, x(last.time, slotsAt[last.time]!) + 10)
                body.append(
                    "<rect x=\"\(crashX - 30)\" y=\"\(y - 13)\" width=\"60\" height=\"26\" rx=\"4\" fill=\"#d62728\"/>")
                body.append(
                    text(
                        zh("crash", "崩溃"), x: crashX, y: y + 5, size: 14, anchor: "middle", fill: "#fff", weight: "bold"
                    ))
            }
        }
        // What is still alive after the run: boxes on a lane of its own, or a check mark.
        if watchesLifetimes {
            y += 48
            let alive = panel.alive
            body.append(
                text(zh("after the run", "运行结束后"), x: 12, y: y - 22, size: 13, fill: "#333", weight: "bold"))
            if alive.isEmpty {
                body.append(
                    "<rect x=\"12\" y=\"\(y - 14)\" width=\"\(right - 12)\" height=\"26\" rx=\"4\" fill=\"#eaf5ea\" stroke=\"#2b7a2b\" stroke-width=\"1.5\"/>"
                )
                body.append(
                    text(
                        zh("✓ everything freed", "✓ 全部已释放"), x: 22, y: y + 5, size: 14, fill: "#2b7a2b",
                        weight: "bold"))
            } else {
                let lines = wrap(
                    zh("still alive: ", "仍然存活：") + alive.joined(separator: zh(", ", "、")),
                    width: lineCharacters - 4)
                body.append(
                    "<rect x=\"12\" y=\"\(y - 14)\" width=\"\(right - 12)\" height=\"\(8 + lines.count * 19)\" rx=\"4\" fill=\"#fde8e8\" stroke=\"#d62728\" stroke-width=\"2\"/>"
                )
                for (index, line) in lines.enumerated() {
                    body.append(
                        text(
                            line, x: 22, y: y + 5 + index * 19, size: 14, fill: "#d62728",
                            weight: index == 0 ? "bold" : "normal"))
                }
                y += (lines.count - 1) * 19
            }
        }
        y += 18
        for note in panel.notes {
            y += 19
            body.append(text(note, x: 12, y: y, size: 13, fill: "#d62728"))
        }
        y += 6
    }
    // A break in time: a gap across the axis and every lane, with the times it skips.
    for gap in axis.breaks {
        let center = x(slot: gap.slot) + slotWidth / 2
        body.append(
            "<rect x=\"\(center - 7)\" y=\"\(axisY + 2)\" width=\"14\" height=\"\(y - axisY - 2)\" fill=\"#ffffff\"/>")
        body.append(
            "<path d=\"M\(center - 10) \(axisY + 14) L\(center - 2) \(axisY - 2) M\(center + 2) \(axisY + 14) L\(center + 10) \(axisY - 2)\" stroke=\"#888\" stroke-width=\"1.5\"/>"
        )
        body.append(
            text(
                "t\(gap.from)…t\(gap.to)", x: center, y: axisY - 14, size: 11, anchor: "middle", fill: "#888"))
    }
    y += 6
    for line in caption {
        y += 19
        body.append(text(line, x: 12, y: y, size: 13, fill: "#333"))
    }
    y += 8
    // The legend: what each sign means, as many lines as it takes.
    let legend =
        (named != nil
            ? [
                zh("○ typed, shown", "○ 输入、显示"), zh("^ a request starts", "^ 请求开始"),
                zh("✕ it fails, or an error is shown", "✕ 请求失败，或显示错误"), zh("◆ it is cancelled", "◆ 请求被取消"),
                zh("! the screen is closed", "! 界面被关闭"),
            ]
            : [
                zh("○ value", "○ 元素"), zh("| completed", "| completed"), zh("✕ error", "✕ error"),
                zh("◆ the dispose closure runs", "◆ 释放闭包运行"), zh("! dispose() called", "! 调用 dispose()"),
                zh("^ subscribe", "^ 订阅"),
            ]
                + (panels.contains { $0.marks.contains { $0.kind == .onDisposed } } ? ["□ onDisposed"] : [])
                + (panels.contains { !droppedSends(in: $0.marks, hot: hot).isEmpty } && named == nil
                    ? [zh("⊘ sent, received by no one", "⊘ 已发送，没有订阅者收到")] : []))
        + (panels.count > 1 ? [zh("red: not expected", "红色：预期之外"), zh("dashed: missing", "虚线：缺少的")] : [])
    var line = ""
    var legendLines: [String] = []
    for entry in legend {
        let candidate = line.isEmpty ? entry : line + "\u{2003}\u{2003}" + entry
        if displayWidth(candidate) > lineCharacters && !line.isEmpty {
            legendLines.append(line)
            line = entry
        } else {
            line = candidate
        }
    }
    legendLines.append(line)
    for line in legendLines {
        y += 19
        body.append(text(line, x: 12, y: y, size: 13, fill: "#555"))
    }
    y += 14
    return """
        <!-- Generated by `make docs` (Tools/DocsGenerator/Marbles.swift); do not edit. -->
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(y)" viewBox="0 0 \(width) \(y)" \
        font-family="Helvetica, Arial, 'Noto Sans CJK SC', sans-serif">
        <rect width="\(width)" height="\(y)" fill="#ffffff"/>
        \(body.joined(separator: "\n"))
        </svg>

        """
}

// A dropped send (no subscriber gets it) is hollow and grey, struck through.
func draw(_ mark: Mark, x: Int, y: Int, color: String, ghost: Bool = false, dropped: Bool = false) -> [String] {
    guard !dropped else {
        let strike =
            "<line x1=\"\(x - 15)\" y1=\"\(y + 15)\" x2=\"\(x + 15)\" y2=\"\(y - 15)\" stroke=\"#888\" stroke-width=\"2\"/>"
        return draw(mark, x: x, y: y, color: "#999", ghost: ghost, hollow: true) + [strike]
    }
    return draw(mark, x: x, y: y, color: color, ghost: ghost, hollow: ghost)
}

func draw(_ mark: Mark, x: Int, y: Int, color: String, ghost: Bool, hollow: Bool) -> [String] {
    let dash = ghost ? " stroke-dasharray=\"4 3\"" : ""
    switch mark.kind {
    case .value(let value) where value.count > 2:
        // An array from `buffer`: a pill as wide as its text.
        let width = value.count * 8 + 12
        return [
            "<rect x=\"\(x - width / 2)\" y=\"\(y - 14)\" width=\"\(width)\" height=\"28\" rx=\"14\" fill=\"\(hollow ? "#ffffff" : "#e8f0fa")\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>",
            text(value, x: x, y: y + 5, size: 14, anchor: "middle", fill: color),
        ]
    case .value(let value):
        return [
            "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"14\" fill=\"\(hollow ? "#ffffff" : "#e8f0fa")\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>",
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
            "<path d=\"M\(x) \(y - 13) L\(x + 13) \(y) L\(x) \(y + 13) L\(x - 13) \(y) Z\" fill=\"\(hollow ? "#ffffff" : "#f5a623")\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>"
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
    // `width` in columns: a Chinese character takes two, as on a terminal and, near enough,
    // in the pictures' font. A word wider than a line (Chinese has no spaces) is cut at its end.
    var pieces: [String] = []
    for word in sentence.split(separator: " ") {
        var piece = ""
        for character in word {
            if !piece.isEmpty && displayWidth(piece + String(character)) > width {
                pieces.append(piece)
                piece = ""
            }
            piece.append(character)
        }
        pieces.append(piece)
    }
    var lines: [String] = []
    var line = ""
    for word in pieces {
        if !line.isEmpty && displayWidth(line) + displayWidth(word) + 1 > width {
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

// Writes DOCS/marbles/ and, in Chinese, DOCS/zh-Hans/marbles/: each scenario's expected
// timeline, and for every known issue the step's actual timeline beside it, from the traces
// a test run recorded under `traces`.
func writeMarbles(traces: String) throws -> [String] {
    var written: [String] = []
    for (folder, chinese) in [("\(docs)/marbles", false), ("\(docs)/zh-Hans/marbles", true)] {
        regionsInChinese = chinese
        defer { regionsInChinese = false }
        written += try writeMarbles(traces: traces, to: folder)
    }
    return written
}

// "Sink ×3" for three objects of one type, in the order they were found.
func counted(_ objects: [String]) -> [String] {
    var order: [String] = []
    var count: [String: Int] = [:]
    for object in objects {
        if count[object] == nil { order.append(object) }
        count[object, default: 0] += 1
    }
    return order.map { count[$0]! > 1 ? "\($0) ×\(count[$0]!)" : $0 }
}

private func writeMarbles(traces: String, to folder: String) throws -> [String] {
    try? FileManager.default.removeItem(atPath: folder)
    var written: [String] = []
    let expectedTitle = zh("Expected: what correct Rx (RxSwift) does", "预期：正确的 Rx（RxSwift）的行为")
    for scenario in Scenario.observableScenarios {
        let expected = scenario.isApp ? appMarks(of: scenario.expected) : marks(of: scenario.expected, in: scenario)
        let svg = marbleSVG(
            title: shown(scenario), panels: [Panel(title: expectedTitle, marks: expected)],
            labels: scenario.subscriptionScripts.map(\.label), hot: scenario.isHot, shared: scenario.isShared,
            inner: scenario.innerLabels, named: scenario.isApp ? appLanes : nil,
            watchesLifetimes: scenario.watchesLifetimes, caption: [])
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write(svg, to: "\(folder)/\(marbleFileName(scenario))")
        written.append("\(folder)/\(marbleFileName(scenario))")
    }
    for step in Step.scenarioSteps {
        let records = ReportFolder.readStableRecords(of: step, in: traces)
        for scenario in Scenario.observableScenarios {
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
                notes.append(
                    zh(
                        "… and \(more) more entries like the last ones, until the stack overflowed",
                        "……之后还有\(dropped >= 1000 ? "数千" : " \(dropped) ")条与最后几条相似的记录，直到栈溢出"))
            }
            // What is left alive, by type and, for the ends of the chain, by role; the test
            // output names every path and holder.
            let alive = record.trace.filter { TraceEntry($0).isStillAlive }.map { entry -> String in
                let description = entry.dropFirst(Trace.stillAlivePrefix.count)
                let object = description.split(separator: ",").first.map(String.init) ?? String(description)
                return object.contains("→") ? String(object.prefix { $0 != " " }) : object
            }
            let panels = [
                Panel(title: expectedTitle, marks: expected),
                Panel(
                    title: zh("What \(step) does", "\(step) 的实际表现"), marks: actual, missing: missing, extra: extra,
                    crashed: crashed, notes: notes, alive: counted(alive)),
            ]
            let caption = defects.flatMap {
                wrap(
                    zh("Known defect of \(step): \($0.cause).", "\(step) 的已知缺陷：\($0.chineseCause)"),
                    width: regionsInChinese ? 44 : 84)
            }
            let svg = marbleSVG(
                title: shown(scenario), panels: panels, labels: scenario.subscriptionScripts.map(\.label),
                hot: scenario.isHot, shared: scenario.isShared, inner: scenario.innerLabels,
                watchesLifetimes: scenario.watchesLifetimes || !alive.isEmpty, caption: caption)
            let stepFolder = "\(folder)/\(step)"
            try FileManager.default.createDirectory(atPath: stepFolder, withIntermediateDirectories: true)
            try write(svg, to: "\(stepFolder)/\(marbleFileName(scenario))")
            written.append("\(stepFolder)/\(marbleFileName(scenario))")
        }
    }
    return written
}
