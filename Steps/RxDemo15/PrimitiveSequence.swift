// MARK: - PrimitiveSequence

// A trait: an `Observable` wrapped in a type that says how many events it may send. The
// wrapper is a struct with one stored property, so it costs nothing at run time; `Trait` is
// an empty enum that exists only to pick which extensions apply (`Single`, `Maybe`,
// `Completable`). Only this module can wrap an observable (`init(raw:)` is internal): from
// outside, a trait is made by `create`, `just` or a checked conversion such as `asSingle()`.
struct PrimitiveSequence<Trait, Element> {
    let source: Observable<Element>

    init(raw: Observable<Element>) {
        self.source = raw
    }
}

// What the trait extensions are written on, so that they read `where Trait == SingleTrait`.
protocol PrimitiveSequenceType {
    associatedtype Trait
    associatedtype Element

    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    var primitiveSequence: PrimitiveSequence<Trait, Element> {
        self
    }
}

// Every operator that takes an `ObservableConvertibleType` (`flatMap`, `flatMapLatest`, …)
// takes a trait as it is.
extension PrimitiveSequence: ObservableConvertibleType {
    func asObservable() -> Observable<Element> {
        self.source
    }
}

// What keeps the trait's promise whatever the trait: each wraps an operator whose result
// sends no more events than its source.
extension PrimitiveSequence {
    static func deferred(_ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: Observable.deferred { try observableFactory().asObservable() })
    }

    func `catch`(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: self.source.catch { try handler($0).asObservable() })
    }

    func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: self.source.retry(maxAttemptCount))
    }
}

// A trait's subscribe sees at most one event: RxSwift stops a `Single` that breaks its
// promise in a debug build, and only reports it in a release one.
func rxFatalErrorInDebug(_ lastMessage: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    #if DEBUG
        fatalError(lastMessage(), file: file, line: line)
    #else
        print("\(file):\(line): \(lastMessage())")
    #endif
}
