import Foundation

// MARK: - Where a waiting task stands

// A task that awaits stands on no thread, so no stack sample shows it. The scenarios say
// what their tasks await (`Awaiting.during`); when the watchdog stops a run it writes the
// awaits still open, and `taskPlaces` turns each into the line of the step's code it waits
// on: the continuation `value` made, the stream `values` made, the task `asObservable()` runs.
public enum Awaiting {
    public enum API: String, Sendable, CaseIterable {
        case singleValue = "Single's value"  // both languages
        case values = "values"
        case asObservable = "asObservable()"
        case createSingle = "Single.create(work:)"
    }

    static let marker = "RxDemo awaiting:"  // both languages
    private static let lock = NSLock()
    nonisolated(unsafe) private static var open: [API: Int] = [:]

    public static func during<T>(
        _ api: API, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        lock.withLock { open[api, default: 0] += 1 }
        defer { lock.withLock { open[api, default: 1] -= 1 } }
        return try await body()
    }

    // One line per await still open, for standard error before the watchdog traps.
    static var report: String {
        lock.withLock { API.allCases.filter { (open[$0] ?? 0) > 0 }.map { "\(marker) \($0.rawValue)\n" }.joined() }
    }
}

// The tasks' places a stopped run's standard error names: the awaits still open, each at the
// step's line, and the continuations the runtime saw leaked ("SWIFT TASK CONTINUATION MISUSE").
func taskPlaces(in lines: [String], sources: String?) -> [String] {
    let leaked = lines.compactMap { line -> String? in
        guard let range = line.range(of: "CONTINUATION MISUSE: ") else { return nil }
        return String(line[range.upperBound...]).components(separatedBy: ". ")[0]
    }
    let awaited = lines.compactMap { line in
        line.hasPrefix(Awaiting.marker)
            ? Awaiting.API(rawValue: String(line.dropFirst(Awaiting.marker.count + 1))) : nil
    }
    var places = awaited.map { api -> String in
        let site = sources.flatMap { awaitedSite(of: api, in: $0) }
        switch api {
        case .singleValue:
            return site.map {
                tr(
                    "a task awaits Single's `value`: the continuation made at \($0) was never resumed",
                    "一个任务在等 Single 的 `value`：在 \($0) 创建的 continuation 从未被恢复")
            } ?? tr("a task awaits Single's `value`, never resumed", "一个任务在等 Single 的 `value`，从未被恢复")
        case .values:
            return site.map {
                tr(
                    "a task awaits the next element of `values`: the stream made at \($0) neither yields nor finishes",
                    "一个任务在等 `values` 的下一个元素：在 \($0) 创建的流既不产出元素，也不结束")
            }
                ?? tr(
                    "a task awaits the next element of `values`, which never comes nor ends",
                    "一个任务在等 `values` 的下一个元素，它既不来，也不结束")
        case .createSingle:
            return site.map {
                tr(
                    "a task awaits `Single.create(work:)`: the task started at \($0) has not ended",
                    "一个任务在等 `Single.create(work:)`：在 \($0) 启动的任务还没有结束")
            }
                ?? tr(
                    "a task awaits `Single.create(work:)`, whose task has not ended",
                    "一个任务在等 `Single.create(work:)`，它的任务还没有结束")
        case .asObservable:
            return site.map {
                tr(
                    "a task awaits the end of `asObservable()`'s observable: the task started at \($0) never ended it",
                    "一个任务在等 `asObservable()` 的 observable 结束：在 \($0) 启动的任务从未结束它")
            }
                ?? tr(
                    "a task awaits the end of `asObservable()`'s observable, which never comes",
                    "一个任务在等 `asObservable()` 的 observable 结束，它一直没有来")
        }
    }
    places += leaked.map {
        tr(
            "the Swift runtime: «\($0)» (a continuation dropped without a resume)",
            "Swift 运行时报告：«\($0)»（一个 continuation 没有恢复就被丢弃了）")
    }
    return places
}

// The line an await of `api` waits on in the step's files, as "Folder/File.swift:57": the
// first line that makes what it awaits (`inner`), inside the declaration (`declaration`), inside
// the extension that names `context`; the declaration's own line if nothing inside matches.
func awaitedSite(of api: Awaiting.API, in folder: String) -> String? {
    let (context, declaration, inner): (String?, String, String) =
        switch api {
        case .singleValue: ("SingleTrait", #"\bvar\s+value\b|\bfunc\s+value\b"#, #"with\w*Continuation"#)
        case .values: (nil, #"\bvar\s+values\b|\bfunc\s+values\b"#, #"Async\w*Stream|makeStream"#)
        case .asObservable: ("AsyncSequence", #"\bfunc\s+asObservable\b"#, #"\bTask\b"#)
        case .createSingle: ("SingleTrait", #"\bfunc\s+create\b"#, #"\bTask\b"#)
        }
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".swift") }
        .sorted()
    for file in files {
        guard let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
        let lines = text.components(separatedBy: "\n")
        var start = 0
        if let context {
            guard let at = lines.firstIndex(where: { $0.contains("extension") && $0.contains(context) }) else {
                continue
            }
            start = at
        }
        guard
            let at = lines[start...].firstIndex(where: { $0.range(of: declaration, options: .regularExpression) != nil }
            )
        else { continue }
        // The declaration's body: until its braces close.
        var depth = 0
        var found = at
        for index in at..<lines.count {
            if index > at, lines[index].range(of: inner, options: .regularExpression) != nil {
                found = index
                break
            }
            depth += lines[index].filter { $0 == "{" }.count - lines[index].filter { $0 == "}" }.count
            if depth <= 0 && lines[at...index].contains(where: { $0.contains("{") }) { break }
        }
        return "\(folder)/\(file):\(found + 1)"
    }
    return nil
}
