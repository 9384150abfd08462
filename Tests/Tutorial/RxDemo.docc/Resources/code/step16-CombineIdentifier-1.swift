// MARK: - CombineIdentifier

// Names a subscriber or a subscription: a class is named by its address, a struct (which
// has none) by a number drawn from a counter when it is made.
struct CombineIdentifier: Hashable, CustomStringConvertible {
    private let rawValue: UInt64

    init() {
        rawValue = nextCombineIdentifier
        nextCombineIdentifier += 1
    }

    init(_ obj: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj)))
    }

    var description: String {
        "0x\(String(rawValue, radix: 16))"
    }
}
