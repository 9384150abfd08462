import Foundation

// MARK: - Controls

// Deviation: UIKit is not on Linux. These stand in for the controls of a search screen, with
// only what the bindings use: a text field that has a delegate, a button that calls its
// actions, a label and a spinner. A user's typing and tapping are `type(_:)` and `tap()`.
// `onChange` lets a demo print what the user would see.
class Control: NSObject {
    var onChange: ((String) -> Void)?
    // Deviation: RxCocoa keeps a control's delegate proxy with `objc_setAssociatedObject`,
    // which Linux does not have; a control here keeps it in this dictionary.
    var associatedObjects: [String: AnyObject] = [:]
}

protocol TextFieldDelegate: AnyObject {
    func textFieldDidChange(_ textField: TextField)
    // Whether the return key ends the editing.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

final class TextField: Control {
    var text = ""
    // Weak, as UIKit's delegates are: whoever sets it keeps it alive.
    weak var delegate: TextFieldDelegate?

    func type(_ text: String) {
        self.text = text
        onChange?(text)
        delegate?.textFieldDidChange(self)
    }

    func pressReturn() -> Bool {
        delegate?.textFieldShouldReturn(self) ?? true
    }
}

final class Button: Control {
    private var actions: [Int: () -> Void] = [:]
    private var nextKey = 0

    // Returns the key that removes it.
    func addAction(_ action: @escaping () -> Void) -> Int {
        nextKey += 1
        actions[nextKey] = action
        return nextKey
    }

    func removeAction(_ key: Int) {
        actions[key] = nil
    }

    func tap() {
        onChange?("tap")
        actions.keys.sorted().forEach { actions[$0]?() }
    }
}

final class Label: Control {
    var text: String? {
        didSet { onChange?(text ?? "nil") }
    }
}

final class ActivityIndicatorView: Control {
    var isAnimating = false {
        didSet { onChange?(isAnimating ? "spinning" : "stopped") }
    }
}
