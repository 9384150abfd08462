// MARK: - Demand

// The namespace of the subscribers (`Sink`, `Assign`) and of what they exchange.
enum Subscribers {}
