import Foundation

// MARK: - Lock, instrumented

// Replaces the step's Lock.swift when the step compiles with it: `performLocked` reports the
// caller's line as where the lock was taken. It rethrows, so a step whose closures throw
// compiles too; a step with another Lock.swift keeps its own, on the instrumented
// NSRecursiveLock.
typealias RecursiveLock = NSRecursiveLock

extension RecursiveLock {
    func performLocked<T>(_ action: () throws -> T, file: StaticString = #fileID, line: UInt = #line) rethrows -> T {
        self.lock(file: file, line: line)
        defer { self.unlock(file: file, line: line) }
        return try action()
    }
}
