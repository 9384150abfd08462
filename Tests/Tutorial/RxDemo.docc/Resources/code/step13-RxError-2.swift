import Foundation

// MARK: - RxError

// What a subject answers once it has been disposed: `value()` throws it, and a late
// subscriber receives it as an error.
// `@unchecked`: the object is only ever printed, never used across threads.
enum RxError: Swift.Error, @unchecked Sendable, CustomDebugStringConvertible {
    case disposed(object: AnyObject)

    var debugDescription: String {
        switch self {
        case .disposed(let object): "Object `\(object)` was already disposed."
        }
    }
}
