// MARK: - Observable

// Anything that can be turned into an `Observable`: operators store their upstream as one.
protocol ObservableConvertibleType {
    associatedtype Element

    func asObservable() -> Observable<Element>
}

protocol ObservableType: ObservableConvertibleType {
    // Registers an observer, starts the stream for it and returns the way to cancel it.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    // A type that only conforms gets wrapped, so that it too can sit upstream of an operator.
    func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}

// Abstract: subclasses decide how a subscription runs.
class Observable<Element>: ObservableType {
    init() {}

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        rxAbstractMethod()
    }

    func asObservable() -> Observable<Element> {
        self
    }
}

// Swift has no abstract methods; calling one that a subclass forgot to override stops here.
func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Swift.Never {
    fatalError("Abstract Method", file: file, line: line)
}
