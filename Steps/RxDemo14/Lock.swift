import Foundation

// MARK: - Lock

// RxSwift's lock for state that one thread may touch again while it holds it (an observer
// that subscribes to the subject it is being called from).
typealias RecursiveLock = NSRecursiveLock

extension RecursiveLock {
    func performLocked<T>(_ action: () -> T) -> T {
        self.lock()
        defer { self.unlock() }
        return action()
    }
}
