import Foundation

// MARK: - MainScheduler

// The main queue, where UI code must run. Work scheduled from the main thread while nothing
// else is queued runs at once, as in RxSwift; otherwise it goes onto the main queue, which
// runs once the program hands its main thread to Dispatch (`dispatchMain()` in a command-line
// program, the run loop in an app).
final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    static let instance = MainScheduler()
    // Always queues, even from the main thread: to leave the current call stack.
    static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

    private let numberEnqueued = AtomicInt(0)

    init() {
        super.init(serialQueue: DispatchQueue.main)
    }

    static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        if !Thread.isMainThread {
            fatalError(
                errorMessage
                    ?? "Executing on background thread. Please use `MainScheduler.instance.schedule` to schedule work on main thread."
            )
        }
    }

    // What `drive` checks. Linux's Foundation long had no `Thread.isMainThread`, and RxSwift
    // skips the check there; so does this step, so that its tests run as RxSwift's would.
    static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        #if !os(Linux)
            guard Thread.isMainThread else {
                fatalError(errorMessage ?? "Running on background thread.")
            }
        #endif
    }

    override func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
        -> Disposable
    {
        let previousNumberEnqueued = increment(self.numberEnqueued)
        if Thread.isMainThread && previousNumberEnqueued == 0 {
            let disposable = action(state)
            decrement(self.numberEnqueued)
            return disposable
        }
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedBox((state, action, self.numberEnqueued))
        DispatchQueue.main.async {
            if !cancel.isDisposed {
                cancel.setDisposable(work.value.1(work.value.0))
            }
            decrement(work.value.2)
        }
        return cancel
    }
}
