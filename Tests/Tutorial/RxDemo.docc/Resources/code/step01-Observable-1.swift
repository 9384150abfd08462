// MARK: - Observable

protocol ObservableType {
    associatedtype Element

    // Registers an observer and starts the stream for it.
    func subscribe<O: ObserverType>(observer: O) where O.Element == Element
}
