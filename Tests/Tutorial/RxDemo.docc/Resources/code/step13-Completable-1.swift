// MARK: - Completable

// No element: done, or an error. A save or an upload, whose only news is that it finished.
// Its element type is `Swift.Never`, which has no values, so no code can even write a `next`.
enum CompletableTrait {}
typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>
