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
