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

// A plain counter, where OpenCombine's is atomic: like this step's missing locks, two threads
// drawing at once may get the same number.
nonisolated(unsafe) private var nextCombineIdentifier: UInt64 = 0

protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    var combineIdentifier: CombineIdentifier {
        CombineIdentifier(self)
    }
}
