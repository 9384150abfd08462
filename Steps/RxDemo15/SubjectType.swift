// MARK: - SubjectType

// An observable that is also an observer: events pushed into it go out to every subscriber.
protocol SubjectType: ObservableType {
    associatedtype Observer: ObserverType

    func asObserver() -> Observer
}
