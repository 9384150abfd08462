// MARK: - TextField

// Deviation: KVO and UIKit are not on Linux. A plain-Swift text field whose `text` setter
// tells its observers stands in for `UITextField`, and `KeyValueObserver` keeps the article's
// name and shape: it starts observing when it is made and stops when it is freed.
final class TextField {
    fileprivate var observers: [ObjectIdentifier: (String?) -> Void] = [:]

    var text: String? {
        didSet { observers.values.forEach { $0(text) } }
    }
}
