// MARK: - Map

extension Publishers.Map {
    // Step 06's MapObserver, as a struct: it hands the upstream's subscription straight to
    // the downstream, so requests and cancel skip it, and it returns the downstream's demand.
    private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output

    init(forward: O, transform: @escaping Transform, cancel: Disposable) {  // forward: the observer downstream
        self._transform = transform
        super.init(forward: forward, cancel: cancel)
    }

    func on(event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                let mappedElement = try _transform(element)
                self.forward(event: .next(mappedElement as! O.Element))
            } catch {
                self.forward(event: .error(error))
            }
        case .error(let error):
            self.forward(event: .error(error))
            self.dispose()
        case .completed:
            self.forward(event: .completed)
            self.dispose()
        }
    }
}

class MapObservable<Source, Result>: Producer<Result> {
    typealias Transform = (Source) throws -> Result
    private let _transform: Transform
    private let _source: Observable<Source>

    init(source: Observable<Source>, transform: @escaping Transform) {
        self._source = source
        self._transform = transform
    }

    override func run<O: ObserverType>(observer: O, cancel: Disposable) -> (sink: Disposable, subscription: Disposable)
    where Result == O.Element {
        // Each subscription gets its own sink, which subscribes to the upstream; what that
        // returns is the upstream subscription, disposed together with this one.
        let sink = MapObserver(forward: observer, transform: self._transform, cancel: cancel)
        let subscription = self._source.subscribe(observer: sink)
        return (sink: sink, subscription: subscription)
    }
}

extension ObservableType {
    func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        return MapObservable(source: self.asObservable(), transform: transform)
    }
}
