// MARK: - Map

extension ObservableType {
    // An operator is just another observable: its generator subscribes to `self` with an
    // intermediate observer that transforms each element and passes it on.
    func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        return Observable<Result> { (observer) in  // observer: the one downstream
            return self.subscribe(
                observer: Observer { (event) in
                    switch event {
                    case .next(let element):
                        do {
                            try observer.on(event: .next(transform(element)))
                        } catch {
                            // A throwing transform turns into an error event.
                            observer.on(event: .error(error))
                        }
                    case .error(let error):
                        observer.on(event: .error(error))
                    case .completed:
                        observer.on(event: .completed)
                    }
                })
        }
    }
}
