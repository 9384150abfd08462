import Foundation

// MARK: - ObserveOn

extension ObservableType {
    // Delivers every event on `scheduler`, in the order they came, whatever thread sent them.
    func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        if let serial = scheduler as? SerialDispatchQueueScheduler {
            return ObserveOnSerialDispatchQueue(source: self.asObservable(), scheduler: serial)
        }
        return ObserveOn(source: self.asObservable(), scheduler: scheduler)
    }
}
