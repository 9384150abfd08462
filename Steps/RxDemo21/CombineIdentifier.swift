// MARK: - CombineIdentifier

// Names a subscriber or a subscription: a class is named by its address, a struct (which
// has none) by a number drawn from a counter when it is made.
struct CombineIdentifier: Hashable, CustomStringConvertible {
    private let rawValue: UInt64

    init() {
        counterLock.lock()
        rawValue = nextCombineIdentifier
        nextCombineIdentifier += 1
        counterLock.unlock()
    }

    init(_ obj: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj)))
    }

    var description: String {
        "0x\(String(rawValue, radix: 16))"
    }
}

// OpenCombine's counter is atomic; a lock does the same: two threads never draw one number.
nonisolated(unsafe) private var nextCombineIdentifier: UInt64 = 0
private let counterLock = UnfairLock()

protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    var combineIdentifier: CombineIdentifier {
        CombineIdentifier(self)
    }
}
