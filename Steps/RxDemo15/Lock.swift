import Foundation

// MARK: - Lock

// RxSwift's lock for state that one thread may touch again while it holds it (an observer
// that subscribes to the subject it is being called from).
typealias RecursiveLock = NSRecursiveLock

extension RecursiveLock {
    // Always inlined, as in RxSwift: the closure then costs nothing, and what it returns
    // (a copy of an observer bag) reaches the caller in a form the optimiser can take apart.
    @inline(__always)
    func performLocked<T>(_ action: () -> T) -> T {
        self.lock()
        defer { self.unlock() }
        return action()
    }
}
