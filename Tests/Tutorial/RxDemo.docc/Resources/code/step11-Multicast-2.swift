import Foundation

// MARK: - Multicast

// `multicast` turns a cold observable hot: subscribers subscribe to a subject, and `connect()`
// subscribes the subject to the source, once. `multicast(subject)` keeps that one subject for
// every connection; `multicast(makeSubject:)` makes a fresh one for each, so a subscriber that
// stayed after a disconnect is left on the old subject and hears nothing more.
extension ObservableType {
    func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: self.asObservable(), makeSubject: { subject })
    }

    func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject)
        -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: self.asObservable(), makeSubject: makeSubject)
    }

    // A fresh PublishSubject per connection.
    func publish() -> ConnectableObservable<Element> {
        self.multicast(makeSubject: { PublishSubject() })
    }

    // A fresh ReplaySubject per connection, replaying `bufferSize` elements.
    func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        self.multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
    }
}
