// MARK: - Controls+Rx

// What `.rx` adds to the controls. A label's `text` and a spinner's `isAnimating` need
// nothing here: `Reactive`'s dynamic member lookup makes each a `Binder`.
extension Reactive where Base: TextField {
    var delegate: DelegateProxy<TextField, TextFieldDelegate> {
        TextFieldDelegateProxy.proxy(for: base)
    }

    // The text now, then after every change, as RxCocoa's `rx.text` starts with the current
    // value. A `String?`, as RxCocoa's is: `orEmpty` makes it a `String`.
    var text: Observable<String?> {
        let changes = delegate.methodInvoked("textFieldDidChange(_:)").map { arguments -> String? in
            (arguments[0] as! TextField).text
        }
        return Observable.merge(Observable.deferred { [weak base] in Observable.just(base?.text) }, changes)
    }
}
