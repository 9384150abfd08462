// MARK: - Buffer

extension ObservableType {
    // Collects elements into arrays: an array goes out when it holds `count` elements or when
    // `timeSpan` has passed since the last one went out, whichever comes first (an empty one
    // if nothing came); on completion the last, possibly empty, array, then completed.
    func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        BufferTimeCount(source: self.asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}
