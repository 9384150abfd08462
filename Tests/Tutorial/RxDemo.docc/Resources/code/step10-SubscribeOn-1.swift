// MARK: - SubscribeOn

extension ObservableType {
    // Subscribes to the source, and later disposes it, on `scheduler`: the source's subscribe
    // handler runs there. Events are not moved (that is `observe(on:)`). The source is kept as
    // it is, not wrapped with `asObservable()`: a wrapper's sink would dispose the source at
    // once on a terminal event, where this one leaves it to `ScheduledDisposable`, on the
    // scheduler.
    func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self, scheduler: scheduler)
    }
}
