// MARK: - Disposable

protocol Disposable {
    // Cancels the subscription.
    func dispose()
}
