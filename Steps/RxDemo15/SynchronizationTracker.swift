import Foundation

// MARK: - SynchronizationTracker

// The Rx grammar is `next* (error | completed)?`, one event at a time: a lock makes a
// subject's state safe, but it cannot make two `onNext` calls from two threads one after the
// other. In a debug build RxSwift checks it where events come in and names the misuse
// instead of letting it pass silently; this does the same.
final class SynchronizationTracker: @unchecked Sendable {
    enum SynchronizationErrorMessages: String {
        case `default` = """
            Two different unsynchronized threads are trying to send some event simultaneously.
                This is undefined behavior because the ordering of the effects caused by these events is nondeterministic and depends on the
                operating system thread scheduler. This will result in a random behavior of your program.

            """
    }

    private let lock = RecursiveLock()
    // How many calls each thread has under way here.
    private var threads: [UnsafeMutableRawPointer: Int] = [:]

    private func synchronizationError(_ lines: [String]) {
        print(lines.joined(separator: "\n"))
    }

    private static let problem = [
        "  > Problem: This behavior is breaking the observable sequence grammar. `next (error | completed)?`",
        "    This behavior breaks the grammar because there is overlapping between sequence events.",
        "    Observable sequence is trying to send an event before sending of previous event has finished.",
    ]

    private static func debugging(_ line: Int) -> String {
        "  > Debugging: To debug this issue you can set a breakpoint in \(#fileID):\(line) and observe the call stack."
    }

    func register(synchronizationErrorMessage: SynchronizationErrorMessages) {
        self.lock.lock()
        defer { self.lock.unlock() }
        let pointer = Unmanaged.passUnretained(Thread.current).toOpaque()
        let count = (self.threads[pointer] ?? 0) + 1
        // The same thread again before its previous event was done: an event sent from an
        // observer's own handler.
        if count > 1 {
            self.synchronizationError(
                ["⚠️ Reentrancy anomaly was detected.", Self.debugging(#line)] + Self.problem + [
                    "  > Interpretation: This could mean that there is some kind of unexpected cyclic dependency in your code,",
                    "    or that the system is not behaving in the expected way.",
                    "  > Remedy: If this is the expected behavior this message can be suppressed by adding `.observe(on:MainScheduler.asyncInstance)`",
                    "    or by enqueuing sequence events in some other way.",
                    "",
                ])
        }
        self.threads[pointer] = count
        // Another thread while one is still under way: two producers at once.
        if self.threads.count > 1 {
            self.synchronizationError(
                ["⚠️ Synchronization anomaly was detected.", Self.debugging(#line)] + Self.problem + [
                    "  > Interpretation: " + synchronizationErrorMessage.rawValue
                        + "  > Remedy: If this is the expected behavior this message can be suppressed by adding `.observe(on:MainScheduler.asyncInstance)`",
                    "    or by synchronizing sequence events in some other way.",
                    "",
                ])
        }
    }

    func unregister() {
        self.lock.performLocked {
            let pointer = Unmanaged.passUnretained(Thread.current).toOpaque()
            self.threads[pointer] = (self.threads[pointer] ?? 1) - 1
            if self.threads[pointer] == 0 {
                self.threads[pointer] = nil
            }
        }
    }
}
