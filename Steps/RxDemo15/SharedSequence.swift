// MARK: - SharedSequence

// What `Driver` and `Signal` are: an `Observable` in a struct, like a `Single`, whose promise
// is made when it is built. It never fails (every way in catches errors), it delivers on its
// strategy's scheduler, and every subscriber shares one subscription upstream. The two
// traits differ only in their strategy: what `share` is, and so what a late subscriber gets.
struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType {
    let source: Observable<Element>

    // Shared by the strategy: what every operator builds its result with.
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    // Already shared, or shared enough: `just`, `empty`, `never`.
    init(raw: Observable<Element>) {
        self.source = raw
    }

    func asObservable() -> Observable<Element> {
        self.source
    }

    func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }
}

protocol SharingStrategyProtocol {
    // Where every event is delivered.
    static var scheduler: SchedulerType { get }
    // How subscribers share one subscription to the source.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    associatedtype SharingStrategy: SharingStrategyProtocol

    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequence {
    static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }
}

// Operators that keep the promise: no error can come out of them, and their result is shared
// again by the same strategy.
extension SharedSequenceConvertibleType {
    func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(self.asObservable().map(selector))
    }

    func flatMapLatest<Sharing, Result>(_ selector: @escaping (Element) -> SharedSequence<Sharing, Result>)
        -> SharedSequence<Sharing, Result>
    {
        SharedSequence(self.asObservable().flatMapLatest { selector($0).asObservable() })
    }

    func withLatestFrom<SecondO: SharedSequenceConvertibleType>(_ second: SecondO)
        -> SharedSequence<SharingStrategy, SecondO.Element>
    {
        SharedSequence(self.asObservable().withLatestFrom(second.asObservable()))
    }
}
