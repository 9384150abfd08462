// MARK: - Merge

extension Publisher {
    // Step 12's Observable.merge, under demand: the elements of both publishers, in the order
    // they come, and finished once both have finished.
    func merge<Other: Publisher>(with other: Other) -> Publishers.Merge<Self, Other>
    where Other.Output == Output, Other.Failure == Failure {
        Publishers.Merge(self, other)
    }

    // OpenCombine's overload for a publisher of the same type: Swift picks it over the one
    // above, so a program that merges two of a kind gets a MergeMany, as it does there.
    func merge(with other: Self) -> Publishers.MergeMany<Self> {
        Publishers.MergeMany(self, other)
    }
}
