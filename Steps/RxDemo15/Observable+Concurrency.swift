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

extension AsyncSequence {
    // The other direction: each subscription runs the loop in a detached task, never on the
    // subscribing thread (RxSwift #2553 ran it there). Dispose cancels the task; a loop that
    // ends by cancellation completes.
    func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            // The loop's next step as a closure made here, so that the task captures no
            // generic sequence type (Swift 6 would ask for a Sendable metatype). The iterator
            // is made on the first step, inside the task, as RxSwift's `for try await` does.
            var iterator: AsyncIterator? = nil
            let next = UncheckedBox({ () async throws -> Element? in
                if iterator == nil { iterator = self.makeAsyncIterator() }
                return try await iterator!.next()
            })
            let sink = UncheckedBox(observer)
            let task = Task.detached(priority: priority) {
                do {
                    while let value = try await next.value() {
                        sink.value.onNext(value)
                    }
                    sink.value.onCompleted()
                } catch is CancellationError {
                    sink.value.onCompleted()
                } catch {
                    sink.value.onError(error)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
