import Foundation

// The one log a scenario writes to: what the source sends, what the subscriber receives,
// when the source's dispose closure runs, and what is left alive at the end. Entries are
// spelled as the article's demos print them ("send 0", "receive 0", "dispose"); in a
// scenario with a clock each one starts with its virtual time ("t2 dispose").
// Entries may come from several threads at once (the thread scenarios): a lock keeps the log
// whole, so that the harness itself is never the race a sanitizer reports.
public final class Trace: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    public var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
    private let now: (() -> Int)?
    private let onRecord: ((String) -> Void)?

    // `now` stamps each entry with the clock's time; `onRecord` sees each entry as it is
    // written, so that a run that crashes still leaves what it traced so far.
    public init(now: (() -> Int)? = nil, onRecord: ((String) -> Void)? = nil) {
        self.now = now
        self.onRecord = onRecord
    }

    public func record(_ entry: String, by label: String? = nil) {
        let labelled = label.map { "\($0): \(entry)" } ?? entry
        append(now.map { "t\($0()) \(labelled)" } ?? labelled)
    }

    // An entry about the end of the run, with no time.
    func recordAfterRun(_ entry: String) { append(entry) }

    private func append(_ entry: String) {
        lock.lock()
        recorded.append(entry)
        lock.unlock()
        onRecord?(entry)
    }
}

// One entry taken apart: "t2 a: receive 3" is time 2, subscription "a", event "receive 3".
public struct TraceEntry: Equatable, Sendable {
    public let time: Int?
    public let label: String?
    public let event: String

    public init(_ entry: String) {
        var rest = Substring(entry)
        if rest.first == "t", let space = rest.firstIndex(of: " "), let time = Int(rest.dropFirst().prefix(upTo: space))
        {
            self.time = time
            rest = rest[rest.index(after: space)...]
        } else {
            self.time = nil
        }
        if let colon = TraceEntry.firstColonAndSpace(in: rest), TraceEntry.isLabel(rest[..<colon.lowerBound]) {
            self.label = String(rest[..<colon.lowerBound])
            rest = rest[colon.upperBound...]
        } else {
            self.label = nil
        }
        self.event = String(rest)
    }

    public var isStillAlive: Bool { event.hasPrefix(Trace.stillAlivePrefix) }

    // The same as `TraceEntry(entry).isStillAlive`, without taking apart an entry that does not
    // even mention it: a check asks it of every entry of thousands of generated programs.
    public static func isStillAlive(_ entry: String) -> Bool {
        let mentions =
            entry.utf8.withContiguousStorageIfAvailable { bytes in
                let needle = stillAliveBytes
                guard bytes.count >= needle.count else { return false }
                return (0...(bytes.count - needle.count)).contains { start in
                    needle.indices.allSatisfy { bytes[start + $0] == needle[$0] }
                }
            } ?? true
        return mentions && TraceEntry(entry).isStillAlive
    }

    private static let stillAliveBytes = Array(Trace.stillAlivePrefix.utf8)

    // The first ": " in the text, found byte by byte: Foundation's `range(of:)` goes through
    // NSString, and reading every trace entry of a step's programs that way was most of the
    // time its checks spent judging them.
    static func firstColonAndSpace(in text: Substring) -> Range<Substring.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
            let after = bytes.index(after: colon)
            if after < bytes.endIndex && bytes[after] == UInt8(ascii: " ") { return colon..<bytes.index(after: after) }
            index = after
        }
        return nil
    }

    // A subscriber ("a"), or a source of an operator's own ("inner 1", "source 2", "fallback").
    static func isLabel(_ text: Substring) -> Bool {
        let words = text.split(separator: " ")
        return text.count == 1 || text == "fallback"
            || (words.count == 2 && ["inner", "source"].contains(words[0]) && Int(words[1]) != nil)
    }
}

extension Trace {
    public static let stillAlivePrefix = "still alive: "
}

// A step-independent copy of an event, as the trace spells it.
public enum Signal: Equatable, Sendable {
    case next(Int)
    // Named after who raised it, so that a trace tells a source's error from a map's.
    case error(String)
    case completed

    var traceName: String {
        switch self {
        case .next(let value): "\(value)"
        case .error(let origin): "error(\(origin))"
        case .completed: "completed"
        }
    }
}

// The error a scripted failure carries: "source" when the source fails, "map" when a
// transform throws.
public struct ScriptedError: Error, Equatable {
    public let origin: String

    public init(_ origin: String) { self.origin = origin }
}

// How the trace names an error: a scripted one by its origin ("source"), any other as it
// describes itself, without the module that declares its type, so that RxSwift's
// "Object `RxSwift.PublishSubject<Swift.Int>` was already disposed." and a step's read alike.
func tracedName(of error: any Error) -> String {
    if let scripted = error as? ScriptedError { return scripted.origin }
    // Without the module, and without the address a private type's name carries
    // ("(unknown context at $55aa…).ReplayOne<Swift.Int>"), which differs from run to run.
    return "\(error)".replacingOccurrences(of: #"`(RxSwift|RxDemo\w+)\."#, with: "`", options: .regularExpression)
        .replacingOccurrences(of: #"\(unknown context at \$[0-9a-f]+\)\."#, with: "", options: .regularExpression)
}
