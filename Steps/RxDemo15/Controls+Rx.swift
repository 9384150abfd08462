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

extension ObservableType where Element == String? {
    // RxCocoa's `orEmpty`: nil becomes "", so that a query is a plain `String`.
    var orEmpty: Observable<String> {
        map { $0 ?? "" }
    }
}

extension Reactive where Base: Button {
    // Each tap, while subscribed; disposing removes the action.
    var tap: Observable<Void> {
        Observable.create { [weak base] observer in
            let key = base?.addAction { observer.onNext(()) }
            return Disposables.create {
                if let key { base?.removeAction(key) }
            }
        }
    }
}

// The text field's proxy: one per text field, kept by it, installed as its delegate the
// first time `.rx` asks for it.
final class TextFieldDelegateProxy: DelegateProxy<TextField, TextFieldDelegate>, TextFieldDelegate {
    private static let key = "RxDemo.TextFieldDelegateProxy"

    static func proxy(for textField: TextField) -> TextFieldDelegateProxy {
        if let proxy = textField.associatedObjects[key] as? TextFieldDelegateProxy {
            return proxy
        }
        let proxy = TextFieldDelegateProxy(parentObject: textField)
        proxy.setForwardToDelegate(textField.delegate, retainDelegate: false)
        textField.associatedObjects[key] = proxy
        textField.delegate = proxy
        return proxy
    }

    func textFieldDidChange(_ textField: TextField) {
        forwardToDelegate()?.textFieldDidChange(textField)
        sendMethodInvoked("textFieldDidChange(_:)", arguments: [textField])
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        let answer = forwardToDelegate()?.textFieldShouldReturn(textField) ?? true
        sendMethodInvoked("textFieldShouldReturn(_:)", arguments: [textField])
        return answer
    }
}
