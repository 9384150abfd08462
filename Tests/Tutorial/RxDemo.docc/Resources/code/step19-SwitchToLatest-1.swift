// MARK: - SwitchToLatest

extension Publisher where Output: Publisher, Output.Failure == Failure {
    // Step 12's flatMapLatest, split in two as Combine has it (`map`, then `switchToLatest()`):
    // each publisher the upstream sends replaces the one before, which is cancelled. The
    // downstream's demand is the latest child's: a new child is asked for all that is left.
    func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}
