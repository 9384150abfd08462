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

extension PrimitiveSequenceType where Trait == SingleTrait {
    // A `Single` from async work: a task per subscription, cancelled by dispose.
    @_disfavoredOverload
    static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping () async throws -> Element
    ) -> Single<Element> {
        Single<Element>.create { single in
            let observer = UncheckedBox(single)
            let operation: @Sendable () async -> Void = {
                do {
                    let element = UncheckedBox(try await work())
                    observer.value(.success(element.value))
                } catch {
                    observer.value(.failure(error))
                }
            }
            let task =
                detached
                ? Task.detached(priority: priority, operation: operation)
                : Task(priority: priority, operation: operation)
            return Disposables.create { task.cancel() }
        }
    }

    var value: Element {
        get async throws {
            let disposable = SingleAssignmentDisposable()
            let source = UncheckedBox(self.primitiveSequence)
            return try await withTaskCancellationHandler(
                operation: {
                    try await withCheckedThrowingContinuation {
                        (continuation: CheckedContinuation<UncheckedBox<Element>, Error>) in
                        let once = ResumeOnce()
                        disposable.setDisposable(
                            source.value.subscribe(
                                onSuccess: { value in
                                    if once.claim() { continuation.resume(returning: UncheckedBox(value)) }
                                },
                                onFailure: { error in
                                    if once.claim() { continuation.resume(throwing: error) }
                                },
                                onDisposed: {
                                    if once.claim() { continuation.resume(throwing: CancellationError()) }
                                }
                            ))
                    }
                },
                onCancel: { disposable.dispose() }
            ).value
        }
    }
}
