// MARK: - DelegateProxy

// A control has one delegate, and both the app and `.rx` want to hear it. The proxy takes the
// delegate's place, passes every call into an observable (`methodInvoked`) and then on to
// the delegate that was there before (`forwardToDelegate`), so that neither side notices the
// other.
// Deviation: RxCocoa's `DelegateProxy` is an Objective-C object that answers every selector
// of the protocol and forwards the ones it does not implement with `forwardInvocation:`, and
// it intercepts a later `delegate = …` by swizzling. Without the Objective-C runtime each
// proxy writes its protocol's methods out by hand (`TextFieldDelegateProxy`), and a delegate
// set after the proxy replaces it.
class DelegateProxy<ParentObject: AnyObject, Delegate> {
    private(set) weak var parentObject: ParentObject?
    // Weak unless asked otherwise, as the control's own `delegate` property is.
    private weak var weakForwardToDelegate: AnyObject?
    private var strongForwardToDelegate: AnyObject?
    private var invoked: [String: PublishSubject<[Any]>] = [:]

    init(parentObject: ParentObject) {
        self.parentObject = parentObject
    }

    func forwardToDelegate() -> Delegate? {
        weakForwardToDelegate as? Delegate
    }

    func setForwardToDelegate(_ delegate: Delegate?, retainDelegate: Bool) {
        weakForwardToDelegate = delegate.map { $0 as AnyObject }
        strongForwardToDelegate = retainDelegate ? weakForwardToDelegate : nil
    }

    // Each call of the delegate method named `method` ("textFieldDidChange(_:)"), with its
    // arguments, after the forward delegate has been called.
    func methodInvoked(_ method: String) -> Observable<[Any]> {
        subject(for: method).asObservable()
    }

    // What each method of a proxy calls once it has forwarded the call.
    func sendMethodInvoked(_ method: String, arguments: [Any]) {
        invoked[method]?.onNext(arguments)
    }

    private func subject(for method: String) -> PublishSubject<[Any]> {
        if let subject = invoked[method] { return subject }
        let subject = PublishSubject<[Any]>()
        invoked[method] = subject
        return subject
    }

    deinit {
        invoked.values.forEach { $0.onCompleted() }
    }
}
