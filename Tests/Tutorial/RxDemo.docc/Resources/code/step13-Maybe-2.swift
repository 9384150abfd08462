// MARK: - Maybe

// One element, nothing, or an error: a cache lookup. Its event has a third case,
// `.completed`, for "nothing".
enum MaybeTrait {}
typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

enum MaybeEvent<Element> {
    // The one element (underneath: `next`, then `completed`).
    case success(Element)
    case error(Swift.Error)
    // Finished without an element.
    case completed
}
