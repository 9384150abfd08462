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
