import Foundation

// MARK: - The bridge to Swift concurrency: Single, Maybe, Completable

// `try await single.value`: a checked continuation resumed exactly once, by whichever comes
// first: the success, the failure, or the dispose that cancelling the task causes
// (`CancellationError`). Who resumes is decided under a lock; the resume happens after it is
// released.
// Deviation: RxSwift's main branch resumes under that lock (the pull request for #2727 is
// still open), and can deadlock: `resume` takes the awaiting task's status lock, which a
// cancellation on another thread holds while its handler disposes, and `onDisposed` waits here.
final class ResumeOnce: @unchecked Sendable {
    private let lock = RecursiveLock()
    private var didResume = false

    // True for the first caller only.
    func claim() -> Bool {
        self.lock.performLocked {
            if self.didResume { return false }
            self.didResume = true
            return true
        }
    }
}
