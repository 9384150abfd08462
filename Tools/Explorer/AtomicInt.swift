import Foundation

// MARK: - AtomicInt, instrumented

// Replaces the step's AtomicInt.swift when the step compiles with it (the usual case, RxSwift's
// API on Int32): each operation is one point where the explorer picks which thread goes on,
// reported at the caller's own line. A step whose AtomicInt differs (another width, helpers
// of its own) keeps its own file, explored through the NSLock it is built on (Instrumented.swift).
final class AtomicInt: @unchecked Sendable {
    fileprivate var value: Int32

    init(_ value: Int32 = 0) {
        self.value = value
    }
}

// One read-modify-write, at one point: what the step's lock-protected version guarantees.
private func atomically(
    _ this: AtomicInt, _ operation: String, _ file: StaticString, _ line: UInt, _ change: (Int32) -> Int32
) -> Int32 {
    let entry = Interleavings.shared.point(place(file, line), operation)
    let oldValue = this.value
    this.value = change(oldValue)
    Interleavings.shared.annotate(entry, oldValue == this.value ? "= \(oldValue)" : "\(oldValue) → \(this.value)")
    return oldValue
}

@discardableResult
func add(_ this: AtomicInt, _ value: Int32, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "add(\(value))", file, line) { $0 + value }
}

@discardableResult
func sub(_ this: AtomicInt, _ value: Int32, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "sub(\(value))", file, line) { $0 - value }
}

@discardableResult
func fetchOr(_ this: AtomicInt, _ mask: Int32, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "fetchOr(\(mask))", file, line) { $0 | mask }
}

func load(_ this: AtomicInt, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "load", file, line) { $0 }
}

@discardableResult
func increment(_ this: AtomicInt, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "increment", file, line) { $0 + 1 }
}

@discardableResult
func decrement(_ this: AtomicInt, file: StaticString = #fileID, line: UInt = #line) -> Int32 {
    atomically(this, "decrement", file, line) { $0 - 1 }
}

func isFlagSet(_ this: AtomicInt, _ mask: Int32, file: StaticString = #fileID, line: UInt = #line) -> Bool {
    (atomically(this, "isFlagSet(\(mask))", file, line) { $0 } & mask) != 0
}
