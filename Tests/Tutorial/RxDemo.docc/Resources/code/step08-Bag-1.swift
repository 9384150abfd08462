// MARK: - Bag

// The key a subject hands out for each observer it stores, and later removes it by.
struct BagKey: Hashable {
    fileprivate let rawValue: UInt64
}
