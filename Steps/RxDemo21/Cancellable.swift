// MARK: - Cancellable

// Step 06's Disposable under Combine's name.
protocol Cancellable {
    func cancel()
}

extension Cancellable {
    // Wraps it in an AnyCancellable, so that the collection cancels it when it goes away.
    func store<Cancellables: RangeReplaceableCollection>(in collection: inout Cancellables)
    where Cancellables.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}
