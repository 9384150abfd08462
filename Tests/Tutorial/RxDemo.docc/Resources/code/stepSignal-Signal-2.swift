import Foundation

// MARK: - Signal

// The article's design, the other way round from RxSwift: a signal is a broadcaster that
// whoever holds its sink pushes values into, shared by every subscriber (a hot source, close
// to a `PublishSubject`). Subscribers sit in a dictionary keyed by a UUID, so that each can be
// removed again.
// Deviation: generic over its value, as the article's `Result` is here.
final class Signal<Value> {
    fileprivate typealias Subscriber = (Result<Value>) -> Void
    fileprivate typealias Token = UUID

    fileprivate var subscribers: [Token: Subscriber] = [:]
    // What must live as long as the signal: a text field's observer, map's subscription.
    var objects: [Any] = []

    // The sink captures the signal weakly: a sink kept by what feeds the signal (a text
    // field's observer, kept in `objects`) would otherwise keep the signal alive for good.
    static func empty() -> ((Result<Value>) -> Void, Signal<Value>) {
        let signal = Signal<Value>()
        return ({ [weak signal] value in signal?.send(value) }, signal)
    }

    // Deviation: the article shows `send` over the subscribers array only; over the dictionary it
    // walks the values, a copy taken when the loop starts.
    fileprivate func send(_ result: Result<Value>) {
        for subscriber in subscribers.values {
            subscriber(result)
        }
    }

    func subscribe(_ subscriber: @escaping (Result<Value>) -> Void) -> Disposable {
        let token = UUID()
        subscribers[token] = subscriber
        return Disposable.create {
            self.subscribers[token] = nil
        }
    }
}
