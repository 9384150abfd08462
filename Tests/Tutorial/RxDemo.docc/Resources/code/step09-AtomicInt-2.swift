import Foundation

// MARK: - AtomicInt

// RxSwift's atomic integer: an integer and the lock that guards it. Every operation takes
// the lock around one read-modify-write and returns the value from before, which is what
// makes a flag safe: of two threads that `fetchOr` the same bit, exactly one sees it unset.
// (RxSwift's is an `NSLock` subclass carrying its value; Foundation on Linux does not let
// `NSLock` be subclassed, so this one holds its lock instead. Same operations, same cost.)
final class AtomicInt: @unchecked Sendable {
    private let mutex = NSLock()
    fileprivate var value: Int32

    init(_ value: Int32 = 0) {
        self.value = value
    }

    fileprivate func lock() { self.mutex.lock() }
    fileprivate func unlock() { self.mutex.unlock() }
}
