// MARK: - SwitchToLatest

extension Publisher where Output: Publisher, Output.Failure == Failure {
    // Step 12's flatMapLatest, split in two as Combine has it (`map`, then `switchToLatest()`):
    // each publisher the upstream sends replaces the one before, which is cancelled. The
    // downstream's demand is the latest child's: a new child is asked for all that is left.
    func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

// Where one side never fails and the other may, OpenCombine types the `Never` side as the
// other's (`setFailureType`), as flatMap's overloads do.
extension Publisher where Output: Publisher, Failure == Never {
    func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        setFailureType(to: Output.Failure.self).switchToLatest()
    }
}
