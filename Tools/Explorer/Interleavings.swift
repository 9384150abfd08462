import Foundation

// MARK: - Interleavings

// Runs two threads one at a time and decides, at every lock and atomic operation, which of
// them goes on. One run follows a list of decisions; exploring a scenario repeats it, depth
// first, with every list that makes at most `preemptionBound` switches away from a thread
// that could have gone on (the bound that finds most concurrency bugs in few runs: a
// check-then-act needs one). A lock held by one thread makes the other wait; when no thread
// can go on, the run is a deadlock.
final class Interleavings: @unchecked Sendable {
    static let shared = Interleavings()

    struct Entry {
        let thread: Int
        let place: String
        var text: String
    }

    struct Decision {
        // The threads that could go on; the one that reached the point first, if it could.
        let options: [Int]
        var chosen: Int
        // Whether choosing each option takes the processor from a thread that could go on.
        let preempts: [Bool]
    }

    private final class Participant: @unchecked Sendable {
        let wakeUp = DispatchSemaphore(value: 0)
        var waitsFor: ExploredLock? = nil
        var finished = false
    }

    private static let threadKey = "RxDemoExplorer.thread"
    private var participants: [Participant] = []
    private var replaying: [Int] = []
    private(set) var decisions: [Decision] = []
    private(set) var entries: [Entry] = []
    private(set) var deadlock: String? = nil
    // The first call-out under a lock in this run, and the files that made the locks it held.
    private(set) var callOutUnderLock: String? = nil
    private(set) var callOutLockFiles: [String] = []
    // Every lock alive, to find those a thread holds when it calls out (only one explored
    // thread runs at a time, so this needs no lock of its own).
    private struct Registered { weak var lock: ExploredLock? }
    private var locks: [Registered] = []
    private var finished = DispatchSemaphore(value: 0)
    // Replay prints every entry as it happens, so a crash shows the interleaving that led to it.
    var echo = false

    // The explored thread this code runs on; nil on any other (the scenario's setup).
    private var current: Int? {
        Thread.current.threadDictionary[Self.threadKey] as? Int
    }

    // Runs the threads, each its list of (label, action), following `decisions` as far as
    // they go and then letting the running thread go on wherever it can.
    func run(_ threads: [[(label: String, action: () -> Void)]], following decisions: [Int]) {
        participants = threads.map { _ in Participant() }
        replaying = decisions
        self.decisions = []
        entries = []
        deadlock = nil
        callOutUnderLock = nil
        callOutLockFiles = []
        finished = DispatchSemaphore(value: 0)
        for (index, actions) in threads.enumerated() {
            nonisolated(unsafe) let actions = actions
            let thread = Thread { [self] in
                Thread.current.threadDictionary[Self.threadKey] = index
                participants[index].wakeUp.wait()
                for (label, action) in actions {
                    record(Entry(thread: index, place: "", text: "▸ " + label))
                    action()
                }
                Thread.current.threadDictionary[Self.threadKey] = nil
                finish(index)
            }
            thread.stackSize = 1 << 22
            thread.start()
        }
        guard let first = choose(reachedBy: nil) else { return }
        participants[first].wakeUp.signal()
        finished.wait()
    }

    // A point before an atomic operation: returns its entry, for `annotate`.
    func point(_ place: String, _ text: String) -> Int? {
        guard let me = current else { return nil }
        yield(me)
        return record(Entry(thread: me, place: place, text: text))
    }

    func annotate(_ entry: Int?, _ result: String) {
        guard let entry else { return }
        entries[entry].text += " " + result
        if echo { emit(line(for: entries[entry])) }
    }

    func register(_ lock: ExploredLock) {
        if locks.count > 64 { locks.removeAll { $0.lock == nil } }
        locks.append(Registered(lock: lock))
    }

    // Run by `yours`: which step locks this thread holds as it enters code the step does not own.
    func callOut(_ what: String, isDelivery: Bool) {
        guard let me = current else { return }
        let held = locks.compactMap(\.lock).filter {
            $0.owner == me && !$0.isTheApps && !(isDelivery && $0.onlySerialisesDelivery)
        }
        guard !held.isEmpty else { return }
        let names = held.map { $0.name(from: "") }.joined(separator: tr(" and ", "和"))
        record(
            Entry(
                thread: me, place: "",
                text: "↳ " + tr("\(shown(what)), with \(names) held", "\(shown(what))，持有\(names)")),
            echo: true)
        if callOutUnderLock == nil {
            let locks = held.map {
                tr("made at \($0.madeAt), taken at \($0.takenAt)", "创建于 \($0.madeAt)、在 \($0.takenAt) 拿到")
            }.joined(separator: tr("; and the lock ", "；以及那把"))
            // The call site: the step's last line this thread passed (a lock or atomic operation),
            // not counting the debug build's reentrancy tracker, which wraps every call, nor the
            // inside of a step's own AtomicInt (kept when the instrumented one does not fit).
            let site =
                entries.last {
                    $0.thread == me && !$0.place.isEmpty && !$0.place.hasPrefix("SynchronizationTracker.swift:")
                        && !$0.place.hasPrefix("AtomicInt.swift:")
                }.map { tr(" (called after \($0.place))", "（在 \($0.place) 之后调用）") } ?? ""
            callOutUnderLock = tr(
                "call-out under a lock: \(shown(what)) ran on thread \(me + 1)\(site) while it held the lock \(locks)",
                "持锁调用外部代码：" + spaced(shown(what), "在线程 \(me + 1) 上运行\(site)，而这个线程正持有那把\(locks)的锁"))
            callOutLockFiles = held.map { String($0.madeAt.split(separator: ":")[0]) }
        }
    }

    func acquire(_ lock: ExploredLock, at place: String) {
        guard let me = current else { return }
        participants[me].waitsFor = lock
        yield(me)
        participants[me].waitsFor = nil
        lock.owner = me
        if lock.depth == 0 { lock.takenAt = place }
        lock.depth += 1
        record(Entry(thread: me, place: place, text: "lock() " + lock.name(from: place)), echo: true)
    }

    func release(_ lock: ExploredLock, at place: String) {
        guard let me = current else { return }
        lock.depth -= 1
        if lock.depth == 0 { lock.owner = nil }
        record(Entry(thread: me, place: place, text: "unlock() " + lock.name(from: place)), echo: true)
    }

    @discardableResult
    private func record(_ entry: Entry, echo echoNow: Bool = false) -> Int {
        entries.append(entry)
        if echo && (echoNow || entry.place.isEmpty) { emit(line(for: entry)) }
        return entries.count - 1
    }

    // Lets the chosen thread run; returns when this one is chosen again.
    private func yield(_ me: Int) {
        guard let next = choose(reachedBy: me) else {
            reportDeadlock()
        }
        if next != me {
            participants[next].wakeUp.signal()
            participants[me].wakeUp.wait()
        }
    }

    private func finish(_ me: Int) {
        participants[me].finished = true
        if participants.allSatisfy(\.finished) {
            finished.signal()
        } else if let next = choose(reachedBy: me) {
            participants[next].wakeUp.signal()
        } else {
            reportDeadlock()
        }
    }

    private func choose(reachedBy me: Int?) -> Int? {
        let runnable = participants.indices.filter { index in
            let participant = participants[index]
            return !participant.finished && (participant.waitsFor?.canBeTaken(by: index) ?? true)
        }
        guard !runnable.isEmpty else { return nil }
        let mine = me.map(runnable.contains) ?? false
        let options = mine ? [me!] + runnable.filter { $0 != me } : runnable
        guard options.count > 1 else { return options[0] }
        let index = decisions.count
        let chosen = index < replaying.count ? min(replaying[index], options.count - 1) : 0
        decisions.append(Decision(options: options, chosen: chosen, preempts: options.map { mine && $0 != me }))
        return options[chosen]
    }

    // No thread can go on: say who waits for what, wake the explorer and park this thread for
    // good (the run is abandoned; its threads hold nothing but explorer locks).
    private func reportDeadlock() -> Never {
        var waits: [String] = []
        for (index, participant) in participants.enumerated() where !participant.finished {
            guard let lock = participant.waitsFor else { continue }
            let holder = lock.owner.map {
                $0 == index
                    ? tr("itself (the lock is not recursive)", "它自己（这把锁不是递归锁）") : tr("thread \($0 + 1)", "线程 \($0 + 1)")
            }
            waits.append(
                tr(
                    "thread \(index + 1) waits for the lock made at \(lock.madeAt), held by \(holder ?? "nobody")",
                    "线程 \(index + 1) 在等创建于 \(lock.madeAt) 的锁，" + (holder.map { "持有者是\($0)" } ?? "没有持有者")))
        }
        deadlock = waits.joined(separator: tr("; ", "；"))
        if echo { emit("    ✘ " + tr("deadlock: ", "死锁：") + deadlock!) }
        finished.signal()
        while true { DispatchSemaphore(value: 0).wait() }
    }

    // The next list of decisions to follow, depth first, or nil when every one within the
    // bound has run.
    func nextDecisions(preemptionBound: Int) -> [Int]? {
        var stack = decisions
        while let last = stack.popLast() {
            let used = stack.filter { $0.preempts[$0.chosen] }.count
            for option in (last.chosen + 1)..<last.options.count
            where used + (last.preempts[option] ? 1 : 0) <= preemptionBound {
                return stack.map(\.chosen) + [option]
            }
        }
        return nil
    }

    // MARK: Side by side

    static let columnWidth = 58

    func line(for entry: Entry) -> String {
        let text = entry.place.isEmpty ? entry.text : "\(entry.place)  \(entry.text)"
        let indent = String(repeating: " ", count: entry.thread * (Self.columnWidth + 2))
        return "    " + indent + text
    }

    func header(threads: Int = 2) -> String {
        "    "
            + (0..<threads).map { tr("thread \($0 + 1)", "线程 \($0 + 1)") }
            .map { padded($0, toColumns: Self.columnWidth + 2) }.joined()
            .trimmingCharacters(in: .whitespaces)
    }
}
