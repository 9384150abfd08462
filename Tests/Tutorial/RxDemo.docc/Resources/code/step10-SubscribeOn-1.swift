// MARK: - SubscribeOn

extension ObservableType {
    // Subscribes to the source, and later disposes it, on `scheduler`: the source's subscribe
    // handler runs there. Events are not moved (that is `observe(on:)`).
    func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self.asObservable(), scheduler: scheduler)
    }
}
