import Foundation

// MARK: - Hooks

// The library's global settings. An error that reaches a `subscribe` without an error
// handler goes to `defaultErrorHandler`: a debug build prints it, and a test can put its own
// handler there to fail on it. Any thread may read or set them, so the state is behind a lock.
enum Hooks {
    typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Error) -> Void
    typealias CustomCaptureSubscriptionCallstack = () -> [String]

    private static let lock = RecursiveLock()
    nonisolated(unsafe) private static var _recordCallStackOnError = false
    nonisolated(unsafe) private static var _defaultErrorHandler: DefaultErrorHandler = { subscriptionCallStack, error in
        #if DEBUG
            print("Unhandled error happened: \(error)")
            if !subscriptionCallStack.isEmpty {
                print("subscription called from:\n\(subscriptionCallStack.joined(separator: "\n"))")
            }
        #endif
    }
    nonisolated(unsafe) private static var _customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = {
        #if DEBUG
            Thread.callStackSymbols
        #else
            []
        #endif
    }

    // Whether `subscribe` records where it was called, for the handler to say where an
    // unhandled error's subscription came from. Off by default: it costs a stack walk per
    // subscription.
    static var recordCallStackOnError: Bool {
        get { lock.performLocked { _recordCallStackOnError } }
        set { lock.performLocked { _recordCallStackOnError = newValue } }
    }

    static var defaultErrorHandler: DefaultErrorHandler {
        get { lock.performLocked { _defaultErrorHandler } }
        set { lock.performLocked { _defaultErrorHandler = newValue } }
    }

    static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { lock.performLocked { _customCaptureSubscriptionCallstack } }
        set { lock.performLocked { _customCaptureSubscriptionCallstack = newValue } }
    }

    // What each `subscribe` with handlers keeps for its error handler: the call stack, or
    // nothing when recording is off (a release build never records it).
    static func subscriptionCallStack() -> [String] {
        #if DEBUG
            recordCallStackOnError ? customCaptureSubscriptionCallstack() : []
        #else
            []
        #endif
    }
}
