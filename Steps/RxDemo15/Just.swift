// MARK: - Just

// One element, then completed, all during `subscribe`. There is nothing to cancel and
// nothing can fail, so RxSwift's `Just` needs no sink: it talks to the observer directly.
final class Just<Element>: Producer<Element> {
    private let element: Element

    init(element: Element) {
        self.element = element
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.next(self.element))
        observer.on(.completed)
        return Disposables.create()
    }
}

extension ObservableType {
    static func just(_ element: Element) -> Observable<Element> {
        Just(element: element)
    }
}
