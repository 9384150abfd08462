// MARK: - Single

// Exactly one element, or an error: a network request's reply. Its event is Swift's own
// `Result`, as the article's signals were: `.success(element)` or `.failure(error)`.
enum SingleTrait {}
typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>
typealias SingleEvent<Element> = Result<Element, Swift.Error>
