// MARK: - SharingScheduler

// Where every `Driver` and `Signal` delivers: the main scheduler in an app, a virtual-time
// scheduler in a test (`SharingScheduler.mock(scheduler:)` for the length of the test's
// closure). RxCocoa's `make` is a plain static var; here it is behind a lock, as `Hooks` is.
enum SharingScheduler {
    private static let lock = RecursiveLock()
    nonisolated(unsafe) private static var _make: () -> SchedulerType = { MainScheduler() }

    private(set) static var make: () -> SchedulerType {
        get { lock.performLocked { _make } }
        set { lock.performLocked { _make = newValue } }
    }

    static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        let originalMake = make
        make = makeScheduler
        defer { make = originalMake }
        try action()
    }
}
