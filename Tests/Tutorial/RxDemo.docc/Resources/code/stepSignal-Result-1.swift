// MARK: - Result

// What a signal sends: a value, or an error. There is no `completed`: a signal never ends, it
// only stops being listened to.
// Deviation: the article's `Result` has no type parameter (its `Value` is left to the reader);
// here it is generic, and in this module it stands in front of Swift's own `Result`.
enum Result<Value> {
    case success(Value)
    case error(Error)
}
