// MARK: - AnonymousObserver

// An observer made from a closure: what `subscribe(onNext:…)` and `subscribe(_ on:)` build
// around the handlers they are given. The article's `Observer` class, with RxSwift's name and
// a stop after the first terminal event.
final class AnonymousObserver<Element>: ObserverBase<Element> {
    typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler

    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
    }

    override func onCore(_ event: Event<Element>) {
        self.eventHandler(event)
    }
}
