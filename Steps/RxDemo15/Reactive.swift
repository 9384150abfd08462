import Foundation

// MARK: - Reactive

// `.rx`: one namespace for every reactive extension of a type, so that `label.rx.text` never
// collides with `label.text`. Extensions are written on `Reactive where Base: Label`, and
// `@dynamicMemberLookup` gives every writable property of a class a `Binder` for free:
// `label.rx.text` is a `Binder<String?>` that nobody wrote by hand.
@dynamicMemberLookup
struct Reactive<Base> {
    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        Binder(self.base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

// A type that has reactive extensions: `value.rx` and `Type.rx`. The setters do nothing;
// they exist so that extensions may declare `mutating` members.
protocol ReactiveCompatible {
    associatedtype ReactiveBase

    static var rx: Reactive<ReactiveBase>.Type { get set }
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}
    }

    var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}

// Every UIKit object is an NSObject, which is how every control gets `.rx` in RxCocoa.
extension NSObject: ReactiveCompatible {}
