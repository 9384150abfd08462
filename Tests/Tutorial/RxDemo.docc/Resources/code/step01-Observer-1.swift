// MARK: - Observer

protocol ObserverType {
    associatedtype Element

    // Called once per event the observer listens to.
    func on(event: Event<Element>)
}
