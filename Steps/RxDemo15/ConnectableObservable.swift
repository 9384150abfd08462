// MARK: - ConnectableObservable

// An observable that subscribes to its source only when told to: `connect()` starts the one
// shared subscription, and disposing what it returns ends it. Subscribers come and go in
// between without touching the source.
protocol ConnectableObservableType: ObservableType {
    func connect() -> Disposable
}

class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    func connect() -> Disposable {
        fatalError("ConnectableObservable is abstract: use multicast, publish or replay")
    }
}
