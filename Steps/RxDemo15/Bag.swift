// MARK: - Bag

// The key a subject hands out for each observer it stores, and later removes it by.
struct BagKey: Hashable {
    fileprivate let rawValue: UInt64
}

// RxSwift's container for a subject's observers. The first observer sits in a slot of its
// own (most subjects have one), the next thirty in an array in the order they came, and any
// more in a dictionary. It is a value: a subject copies it before sending, so an observer
// added or removed while an event is being sent does not change who gets that event.
struct Bag<T> {
    private var nextKey = BagKey(rawValue: 0)

    fileprivate var key0: BagKey?
    fileprivate var value0: T?
    fileprivate var pairs: [(key: BagKey, value: T)] = []
    fileprivate var dictionary: [BagKey: T]?
    // False once a second observer has ever come: from then on `dispatch` looks further.
    fileprivate var onlyFastPath = true

    private static var arrayMaxSize: Int { 30 }

    init() {}

    mutating func insert(_ element: T) -> BagKey {
        let key = self.nextKey
        self.nextKey = BagKey(rawValue: self.nextKey.rawValue &+ 1)
        // A new observer takes the first slot whenever it is free, even after others:
        // it is then the first to be called.
        if self.key0 == nil {
            self.key0 = key
            self.value0 = element
            return key
        }
        self.onlyFastPath = false
        if self.dictionary != nil {
            self.dictionary![key] = element
            return key
        }
        if self.pairs.count < Self.arrayMaxSize {
            self.pairs.append((key: key, value: element))
            return key
        }
        self.dictionary = [key: element]
        return key
    }

    var count: Int {
        (self.value0 != nil ? 1 : 0) + self.pairs.count + (self.dictionary?.count ?? 0)
    }

    mutating func removeAll() {
        self.key0 = nil
        self.value0 = nil
        self.pairs.removeAll(keepingCapacity: false)
        self.dictionary?.removeAll(keepingCapacity: false)
    }

    mutating func removeKey(_ key: BagKey) -> T? {
        if self.key0 == key {
            self.key0 = nil
            let value = self.value0
            self.value0 = nil
            return value
        }
        if let value = self.dictionary?.removeValue(forKey: key) {
            return value
        }
        for index in 0..<self.pairs.count where self.pairs[index].key == key {
            return self.pairs.remove(at: index).value
        }
        return nil
    }

    // Every element, in the order `dispatch` calls them: the first slot, the array, then the
    // dictionary. A `CompositeDisposable` disposes its parts in this order.
    func forEach(_ action: (T) -> Void) {
        if let value0 = self.value0 { action(value0) }
        for pair in self.pairs { action(pair.value) }
        self.dictionary?.values.forEach(action)
    }
}

// Sends `event` to every observer in `bag`: the first slot, then the array in order, then
// the dictionary (in no particular order, as in RxSwift). Always inlined, as in RxSwift: a
// generic caller then releases the bag's copy field by field instead of asking the runtime
// for the bag's type on every event (cost.md).
@inline(__always)
func dispatch<Element>(_ bag: Bag<(Event<Element>) -> Void>, _ event: Event<Element>) {
    bag.value0?(event)
    if bag.onlyFastPath {
        return
    }
    for pair in bag.pairs {
        pair.value(event)
    }
    if let dictionary = bag.dictionary {
        for element in dictionary.values {
            element(event)
        }
    }
}
