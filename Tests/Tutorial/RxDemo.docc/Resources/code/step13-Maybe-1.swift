// MARK: - Maybe

// One element, nothing, or an error: a cache lookup. Its event has a third case,
// `.completed`, for "nothing".
enum MaybeTrait {}
typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>
