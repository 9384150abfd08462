import Foundation

// MARK: - The bridge to Swift concurrency: observables

// RxSwift compiles its bridge in Swift 5 mode; this step compiles in Swift 6 mode, where a
// closure that crosses into a task must be `@Sendable`. What such a closure captures here (a
// subscription, an observer) is safe by the Rx contract (its events come one at a time, and
// dispose may be called from any thread), which the compiler cannot see: `UncheckedBox`
// (SerialDispatchQueueScheduler.swift) says so, where it is needed.

extension ObservableConvertibleType {
    // `for try await element in observable.values`: elements, then the end of the loop at
    // completed, or the error thrown. Leaving the loop early (or cancelling the task that runs
    // it) disposes the subscription. A dispose from the Rx side ends the loop with
    // `CancellationError`. The stream buffers every element a slow consumer has not taken yet,
    // without bound, as RxSwift's does.
    var values: AsyncThrowingStream<Element, Error> {
        AsyncThrowingStream<Element, Error> { continuation in
            var isFinished = false
            let disposable = self.asObservable().subscribe(
                onNext: { value in
                    // Swift 6 wants a Sendable element here; the Rx contract hands each one
                    // over once, which the compiler cannot see.
                    nonisolated(unsafe) let element = value
                    continuation.yield(element)
                },
                onError: { error in
                    isFinished = true
                    continuation.finish(throwing: error)
                },
                onCompleted: {
                    isFinished = true
                    continuation.finish()
                },
                onDisposed: {
                    guard !isFinished else { return }
                    continuation.finish(throwing: CancellationError())
                }
            )
            let subscription = UncheckedBox(disposable)
            continuation.onTermination = { @Sendable termination in
                if case .cancelled = termination {
                    subscription.value.dispose()
                }
            }
        }
    }
}
