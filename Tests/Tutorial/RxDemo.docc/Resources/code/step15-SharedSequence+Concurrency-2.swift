import Foundation

// MARK: - The bridge to Swift concurrency: Driver and Signal

// A `Driver` or `Signal` cannot fail, so its `values` is a stream that does not throw; it is
// read on the main actor, where the trait delivers.
extension SharedSequence {
    @MainActor var values: AsyncStream<Element> {
        AsyncStream { continuation in
            let disposable = self.asObservable().subscribe(
                onNext: { value in
                    nonisolated(unsafe) let element = value
                    continuation.yield(element)
                },
                onCompleted: { continuation.finish() }
            )
            let subscription = UncheckedBox(disposable)
            continuation.onTermination = { @Sendable termination in
                if termination == .cancelled {
                    subscription.value.dispose()
                }
            }
        }
    }
}
