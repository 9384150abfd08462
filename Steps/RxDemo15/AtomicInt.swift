import CoreFoundation  // without it, Swift on Linux cannot subclass NSLock
import Foundation

// MARK: - AtomicInt

// RxSwift's atomic integer: an integer and the lock that guards it. Every operation takes
// the lock around one read-modify-write and returns the value from before, which is what
// makes a flag safe: of two threads that `fetchOr` the same bit, exactly one sees it unset.
// As in RxSwift, it is an `NSLock` subclass carrying its value: one object, not a lock and
// a holder (a subscription makes several, so the second allocation shows).
final class AtomicInt: NSLock, @unchecked Sendable {
    fileprivate var value: Int32

    init(_ value: Int32 = 0) {
        self.value = value
    }
}

@discardableResult
func add(_ this: AtomicInt, _ value: Int32) -> Int32 {
    this.lock()
    let oldValue = this.value
    this.value += value
    this.unlock()
    return oldValue
}

@discardableResult
func sub(_ this: AtomicInt, _ value: Int32) -> Int32 {
    this.lock()
    let oldValue = this.value
    this.value -= value
    this.unlock()
    return oldValue
}

@discardableResult
func fetchOr(_ this: AtomicInt, _ mask: Int32) -> Int32 {
    this.lock()
    let oldValue = this.value
    this.value |= mask
    this.unlock()
    return oldValue
}

func load(_ this: AtomicInt) -> Int32 {
    this.lock()
    let oldValue = this.value
    this.unlock()
    return oldValue
}

@discardableResult
func increment(_ this: AtomicInt) -> Int32 {
    add(this, 1)
}

@discardableResult
func decrement(_ this: AtomicInt) -> Int32 {
    sub(this, 1)
}

func isFlagSet(_ this: AtomicInt, _ mask: Int32) -> Bool {
    (load(this) & mask) != 0
}
