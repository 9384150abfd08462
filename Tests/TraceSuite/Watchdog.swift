import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

// MARK: - Watchdog

// A participant's endless loop, deadlock, runaway allocation or runaway printing must end the
// run that met it, with a report, never hang the check. Each child process that runs step
// code (a trace scenario, a thread scenario, the shape checks) starts a watchdog: when the run
// makes no progress for `limit` seconds, uses more than `memoryCap` bytes or writes more than
// `outputCap` bytes, it writes why to standard error and traps, and the Swift runtime's
// backtracer prints every thread's stack with file and line (`stuckReport` reads it back).
public final class Watchdog: @unchecked Sendable {
    // The first line the watchdog writes; what the parent and the workshop tool look for.
    public static let marker = "RxDemo watchdog:"  // both languages
    // Where a run that hung leaves a mark, so that later runs of the same test process (the
    // same step code) give up sooner: one endless loop in `map` hangs every scenario with a map.
    static var hungMark: String? { ReportFolder.path.map { "\($0)/.hung" } }

    public static let memoryCap = 2 << 30
    public static let outputCap = 10 << 20

    private let lock = NSLock()
    private var ticks = 0
    private var done = false
    // What is watched, and how many runs it has begun (`next`): the limits count per run.
    private var what: @Sendable () -> String
    private var runs = 0

    // The limit without progress: `limit`, or `limitAfterAHang` once a run of this check hung.
    public init(
        _ what: @escaping @Sendable () -> String, limit: Double, limitAfterAHang: Double = 2,
        output: String? = nil, maxTicks: Int? = nil
    ) {
        // Made on the thread that goes on to run the step's code: a recursion there is named too.
        StackOverflow.watch()
        let hungBefore = Self.hungMark.map { FileManager.default.fileExists(atPath: $0) } ?? false
        let seconds = hungBefore ? min(limit, limitAfterAHang) : limit
        self.what = what
        let thread = Thread { [self] in watch(seconds: seconds, output: output, maxTicks: maxTicks) }
        thread.stackSize = 1 << 20
        thread.start()
    }

    // The run went on: an entry traced, a round done.
    public func tick() {
        lock.lock()
        ticks += 1
        lock.unlock()
    }

    // Watches the next of a batch of short runs (the generated programs) with the same thread,
    // its limits counted afresh: a thread per run cost more than most of the runs.
    public func next(_ what: @escaping @Sendable () -> String) {
        lock.lock()
        self.what = what
        ticks = 0
        runs += 1
        lock.unlock()
    }

    public func stop() {
        lock.lock()
        done = true
        lock.unlock()
    }

    private func watch(seconds: Double, output: String?, maxTicks: Int?) {
        let poll = 0.05
        var seen = -1
        var still = 0.0
        // Work done, not time passed: a busy machine slows a correct run, never a loop.
        var startCPU = Self.processorSeconds()
        var watchedRun = 0
        let underSanitizer = startingEnvironment["RXDEMO_SANITIZER"] != nil
        while true {
            // A timed wait on a semaphore nobody signals: the watchdog's clock, not a test's sleep.
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + poll)
            lock.lock()
            let (now, finished, run, what) = (ticks, done, runs, self.what)
            lock.unlock()
            if finished { return }
            if run != watchedRun {
                (watchedRun, seen, still, startCPU) = (run, -1, 0, Self.processorSeconds())
            }
            still = now == seen ? still + poll : 0
            seen = now
            if still >= seconds {
                fire(
                    tr(
                        "\(what()) made no progress for \(Int(seconds.rounded())) seconds: it did not finish",
                        "\(what()) 连续 \(Int(seconds.rounded())) 秒没有任何进展：它没有结束"))
            }
            if let maxTicks, now > maxTicks {
                fire(
                    tr(
                        "\(what()) traced more than \(maxTicks) entries without finishing: a loop that sends without end",
                        "\(what()) 记录了超过 \(maxTicks) 条事件轨迹还没有结束：一个无休止发送的循环"))
            }
            // Progress without end (a loop that sends forever) ends too, measured in the processor
            // time the run used: on a machine busy with other work a correct run gets less of it.
            let used = Self.processorSeconds() - startCPU
            if used >= max(30, seconds * 3) {
                fire(
                    tr(
                        "\(what()) used \(Int(used.rounded())) seconds of processor time without finishing",
                        "\(what()) 用了 \(Int(used.rounded())) 秒处理器时间还没有结束"))
            }
            // ThreadSanitizer's shadow memory counts too: no cap under it.
            if !underSanitizer && Self.residentBytes() > Self.memoryCap {
                fire(
                    tr(
                        "\(what()) used more than \(Self.memoryCap >> 30) GB of memory: an allocation without end",
                        "\(what()) 用了超过 \(Self.memoryCap >> 30) GB 内存：无休止的内存分配"))
            }
            if let output, let size = try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int,
                size > Self.outputCap
            {
                fire(
                    tr(
                        "\(what()) printed more than \(Self.outputCap >> 20) MB: output without end (cut there)",
                        "\(what()) 打印了超过 \(Self.outputCap >> 20) MB：无休止的输出（在那里截断）"))
            }
        }
    }

    // Set as the watchdog traps: `QuickTraps` leaves that trap to the backtracer.
    nonisolated(unsafe) static var isFiring = false

    private func fire(_ why: String) -> Never {
        Self.isFiring = true
        if let mark = Self.hungMark { _ = FileManager.default.createFile(atPath: mark, contents: nil) }
        FileHandle.standardError.write(Data("\(Self.marker) \(why)\n\(Awaiting.report)\(ThreadStacks.sample())".utf8))
        // The runtime's backtracer prints every thread's stack after this trap.
        fatalError("\(Self.marker) \(why)")
    }

    private static func usage() -> rusage {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        return usage
    }

    // The processor time the process has used, user and system, on every thread.
    static func processorSeconds() -> Double {
        let usage = Self.usage()
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    // The most memory the process has held (getrusage: kilobytes on Linux, bytes on macOS).
    static func residentBytes() -> Int {
        let usage = Self.usage()
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)
        #else
            return Int(usage.ru_maxrss) * 1024
        #endif
    }

    // What the backtracer needs to print every thread, with file and line, into the child's
    // standard error; set before the first child starts, unless the user set it.
    public static func prepareChildren() {
        _ = prepared
    }

    private static let prepared: Void = {
        let options = "enable=yes,preset=full,registers=none,images=none,interactive=no,color=no,unwind=precise"
        setenv("SWIFT_BACKTRACE", options, 0)
    }()
}

// What a run the watchdog stopped left on standard error, in words: why, and where each of
// the step's threads stood (the first frame in the step's or the workspace's files), with the
// lock a thread waits for when it waits for one; then where each waiting task stood (`taskPlaces`),
// found in `sources`, the step's folder.
public func stuckReport(
    _ message: String, sources: String? = ProcessInfo.processInfo.environment["RXDEMO_WORKSPACE"]
) -> (why: String, where: [String])? {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let why = lines.first(where: { $0.hasPrefix(Watchdog.marker) }) else { return nil }
    var places: [String] = []
    var frames: [String] = []
    // A thread that waits while holding a lock: alone, it may wait for the lock it holds (not
    // recursive); beside another waiting thread, each may hold what the other waits for.
    var holding: [(place: Int, taken: [String])] = []
    func flush() {
        defer { frames = [] }
        // The watchdog's own thread, and threads outside the step's code, say nothing.
        guard !frames.contains(where: { $0.contains("Watchdog.swift") }),
            let index = frames.firstIndex(where: { stepFile(in: $0) != nil }),
            let file = stepFile(in: frames[index]),
            // A thread both the backtracer and the sampler saw at the same line: once.
            !(sampled && places.contains { $0.hasPrefix(file + " ") || $0 == file })
        else { return }
        let waits = frames[..<index].contains { frame in
            ["lock()", "mutex_lock", "lock_wait", "psynch_mutexwait"].contains { frame.contains($0) }
        }
        let waitsOnASemaphore = frames[..<index].contains { frame in
            ["DispatchSemaphore.wait", "semaphore_wait", "sem_wait", "DispatchGroup.wait"].contains {
                frame.contains($0)
            }
        }
        // Locks this thread took further down its stack: the caller of each lock() or performLocked.
        let taken = frames.indices.filter { $0 > index && $0 + 1 < frames.count }.filter { at in
            (frames[at].contains("performLocked") || frames[at].contains(".lock()"))
                && stepFile(in: frames[at + 1]) != nil
        }.compactMap { stepFile(in: frames[$0 + 1]) }
        var entries = [file + (functionName(frames[index]).map { tr(" in ", " 中的 ") + $0 } ?? "")]
        // A loop may be caught inside what it calls: name its callers too (up to six lines), so
        // that the loop's own line is named wherever the sample fell.
        var seen = [file]
        // A stack read by a scan (`sampled`) may hold a stale frame further down: two callers there.
        for caller in frames[(index + 1)...] where seen.count < (sampled ? 3 : 6) {
            guard let next = stepFile(in: caller), !seen.contains(next) else { continue }
            seen.append(next)
            entries.append(next + (functionName(caller).map { tr(" in ", " 中的 ") + $0 } ?? ""))
        }
        let calledFrom = tr(", called from ", "，调用者是 ")
        var place = entries.joined(separator: calledFrom)
        // A running thread the backtracer saw only from a caller down (it loses the frame of a
        // loop that stands in a call without a frame of its own), or without the loop's line: the
        // deeper frames from the scan, the callers from the backtracer (a scan may hold stale ones).
        var sameThread: Int? = nil
        // A waiting thread the same: the backtracer unwinds it one frame deep, from the caller of
        // the line that waits.
        if sampled {
            for (at, existing) in places.enumerated() where sameThread == nil {
                // Where the backtracer's view of the thread begins: its first file, with its line if it had one.
                let top = String(existing.prefix { $0 != " " && $0 != "，" })
                if let depth = seen.dropFirst().firstIndex(of: top) {
                    place = entries[..<depth].joined(separator: calledFrom) + calledFrom + existing
                    sameThread = at
                } else if !top.contains(":"), file.hasPrefix(top + ":") {
                    place =
                        entries[0] + (existing.range(of: calledFrom).map { String(existing[$0.lowerBound...]) } ?? "")
                    sameThread = at
                }
            }
        }
        // Said once, where the backtracer's view of the same thread said it already.
        if waits {
            let suffix = tr(", waiting for a lock", "，在等一把锁")
            if !place.hasSuffix(suffix) { place += suffix }
            if let sameThread, let entry = holding.firstIndex(where: { $0.place == sameThread }) {
                holding[entry].taken += taken.filter { !holding[entry].taken.contains($0) }
            } else {
                holding.append((sameThread ?? places.count, taken))
            }
        } else if waitsOnASemaphore {
            let suffix = tr(", waiting on a semaphore (or a group)", "，在等一个信号量（或一个组）")
            if !place.hasSuffix(suffix) { place += suffix }
        }
        if let sameThread { places[sameThread] = place } else { places.append(place) }
    }
    var sampled = false
    for line in lines + ThreadStacks.symbolized(lines) {
        if line.hasPrefix("Thread ") {
            flush()
            sampled = line.hasPrefix("Thread S")  // both languages
        } else if line.trimmingCharacters(in: .whitespaces).first?.isNumber == true {
            frames.append(line)
        }
    }
    flush()
    let waiting = holding.count
    for (index, taken) in holding where !taken.isEmpty {
        let at = taken.joined(separator: tr(", ", "、"))
        places[index] +=
            waiting > 1
            ? tr(
                " (it holds a lock it took at \(at), and another thread waits too: each may hold the lock the other"
                    + " waits for; take locks in one order, or call out only after unlocking)",
                "（它持有一把在 \(at) 拿到的锁，而另一个线程也在等：两个线程可能各自持有对方在等的那把锁；"
                    + "请按同一个顺序拿锁，或者先解锁再调用外部代码）")
            : tr(
                " (this thread already holds one it took at \(at): is that lock recursive?)",
                "（这个线程已经持有一把在 \(at) 拿到的锁：那把锁是递归锁吗？）")
    }
    return (String(why.dropFirst(Watchdog.marker.count + 1)), places + taskPlaces(in: lines, sources: sources))
}

// What a crash's standard error says, in a line: the runtime's reason (a fatal error, a
// continuation resumed twice) and the first line of the step's code on the crashed thread.
public func crashReport(_ message: String) -> String? {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let fatal = "Fatal error:"  // both languages
    let reason =
        lines.first { $0.contains("CONTINUATION MISUSE") }
        ?? lines.first { $0.contains(fatal) }.map { String($0[$0.range(of: fatal)!.lowerBound...]) }
    guard let start = lines.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix(" crashed:") }) else {
        return reason
    }
    let place = lines[(start + 1)...].prefix { !$0.hasPrefix("Thread ") }.lazy.compactMap { stepFile(in: $0) }.first
    // Resumed twice: the crash is at the second resume; the first is one of the others that
    // resume the same continuation.
    let resumedTwice = "more than once"  // both languages
    if let reason, reason.contains(resumedTwice), let place, let others = otherResumes(than: place) {
        return reason + tr(", the second at ", "，第二次在 ") + place + tr("; the first at one of ", "；第一次在以下之一：")
            + others.joined(separator: tr(", ", "、"))
    }
    switch (reason, place) {
    case (let reason?, let place?): return reason + tr(", at ", "，位置：") + place
    case (let reason?, nil): return reason
    case (nil, let place?): return tr("crashed at ", "崩溃于 ") + place
    case (nil, nil): return nil
    }
}

// The other lines that call `resume` in the continuation's closure around `place`
// ("Folder/File.swift:63"): the lines from the `with…Continuation` before it to its end.
func otherResumes(than place: String) -> [String]? {
    let parts = place.split(separator: ":")
    guard parts.count == 2, let line = Int(parts[1]),
        let text = try? String(contentsOfFile: String(parts[0]), encoding: .utf8)
    else { return nil }
    let lines = text.components(separatedBy: "\n")
    guard line >= 1, line <= lines.count,
        let opening = lines[..<line].lastIndex(where: { $0.contains("Continuation") && $0.contains("with") })
    else { return nil }
    var depth = 0
    var others: [String] = []
    for index in opening..<lines.count {
        depth += lines[index].filter { $0 == "{" }.count - lines[index].filter { $0 == "}" }.count
        if index + 1 != line && lines[index].contains(".resume(") { others.append("\(parts[0]):\(index + 1)") }
        if index > opening && depth <= 0 { break }
    }
    return others.isEmpty ? nil : others
}

// "BehaviorSubject.on(_:)" from a frame "  1 [ra]  0x… BehaviorSubject.on(_:) + 129 in … at …"
// (an async frame has no "+ 129": the function ends at " in <image> at ").
func functionName(_ frame: String) -> String? {
    let tokens = frame.split(separator: " ").drop { !$0.hasPrefix("0x") }.dropFirst()
    var words = Array(tokens.prefix { $0 != "+" })
    if words.count == tokens.count, let at = words.lastIndex(of: "at"), at >= 2, words[at - 2] == "in" {
        words = Array(words[..<(at - 2)])
    }
    return words.isEmpty ? nil : words.joined(separator: " ")
}

// "Workshop/RxDemo04/Map.swift:23" from a frame "… at /…/Workshop/RxDemo04/Map.swift:23:13".
func stepFile(in frame: String) -> String? {
    guard let at = frame.range(of: " at /") else { return nil }
    let path = String(frame[at.upperBound...])
    // The self-test's roots: .build-selftest-src/, and .build-selftest-src-2/ for its second part.
    for root in ["Workshop/", "Steps/", ".build-selftest-src"] {
        if let start = path.range(of: "/" + root) ?? (path.hasPrefix(root) ? path.range(of: root) : nil) {
            let relative = path[path.index(after: start.lowerBound)...]
            let parts = relative.split(separator: ":")
            return parts.count >= 2 ? "\(parts[0]):\(parts[1])" : String(relative)
        }
    }
    return nil
}
