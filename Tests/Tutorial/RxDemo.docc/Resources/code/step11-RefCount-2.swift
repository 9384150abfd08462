import Foundation

// MARK: - RefCount

// Connects when the first subscriber comes and disconnects when the last one leaves: a
// connectable observable that runs itself. `connectionId` tells a subscriber from an earlier
// connection (one that ended with the source) from one of the current connection.
extension ConnectableObservableType {
    func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}
