import Foundation

// MARK: - RxError

// RxSwift's errors for what went wrong inside the library rather than in a source: a subject
// used after `dispose()`, and a trait that got no element, or more than it can hold.
// `@unchecked`: the object is only ever printed, never used across threads.
enum RxError: Swift.Error, @unchecked Sendable, CustomDebugStringConvertible {
    case disposed(object: AnyObject)
    // `asSingle()` of a source that completed without an element.
    case noElements
    // `asSingle()` or `asMaybe()` of a source that sent a second element.
    case moreThanOneElement

    var debugDescription: String {
        switch self {
        case .disposed(let object): "Object `\(object)` was already disposed."
        case .noElements: "Sequence doesn't contain any elements."
        case .moreThanOneElement: "Sequence contains more than one element."
        }
    }
}
