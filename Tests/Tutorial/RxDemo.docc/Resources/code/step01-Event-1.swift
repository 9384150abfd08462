// MARK: - Event

// What travels down a stream. `error` and `completed` are terminal: a well-behaved
// stream sends nothing after either of them.
enum Event<Element> {
    case next(Element)
    case error(Error)
    case completed
}
