// MARK: - Cancellable

// Step 06's Disposable under Combine's name.
protocol Cancellable {
    func cancel()
}
