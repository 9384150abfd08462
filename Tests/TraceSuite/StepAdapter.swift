// The only code that knows a step's API lives in that step's test target, as a type
// conforming to `StepAdapter`; everything else here is shared by all six steps.
public protocol StepAdapter {
    // The step's observable type.
    associatedtype Stream: AnyObject

    static var step: Step { get }

    // The step's observable whose event generator calls `source.start` with its observer
    // and, where the step has `Disposable`, returns one that calls the run's `dispose`.
    static func create(_ source: ScriptedSource) -> Stream

    // `stream.map(transform)`, for steps that have `map`.
    static func map(_ stream: Stream, _ transform: @escaping (Int) throws -> Int) -> Stream

    // Subscribes an observer whose handler is `subscriber.receive`.
    static func subscribe(_ stream: Stream, _ subscriber: RecordingSubscriber) -> Subscription

    // What the article says the step looks like, beyond its behaviour: the types that
    // `subscribe`, `create` and `map` hand back. Only what the article names, never private
    // names or files, so that a different but correct implementation passes.
    static func shape() -> [ShapeCheck]
}

// One requirement on a step's shape, and whether the step meets it.
public struct ShapeCheck: Sendable {
    public let requirement: String
    public let holds: Bool

    public init(_ requirement: String, _ holds: Bool) {
        self.requirement = requirement
        self.holds = holds
    }
}

extension StepAdapter {
    public static func map(_ stream: Stream, _ transform: @escaping (Int) throws -> Int) -> Stream {
        preconditionFailure("\(step) has no map; scenarios that need it are not applicable")
    }
}

public enum Step: Int, Sendable, CaseIterable, CustomStringConvertible {
    case rxDemo01 = 1
    case rxDemo02
    case rxDemo03
    case rxDemo04
    case rxDemo05
    case rxDemo06

    public var description: String { "RxDemo0\(rawValue)" }

    public var capabilities: Set<Capability> {
        switch self {
        case .rxDemo01: []
        case .rxDemo02, .rxDemo03: [.dispose]
        case .rxDemo04, .rxDemo05, .rxDemo06: [.dispose, .map]
        }
    }
}

// Every step declares its own `Event`; its three cases satisfy these requirements as they
// are, so a step's test target conforms with one empty extension.
public protocol StepEvent {
    static func next(_ element: Int) -> Self
    static func error(_ error: any Error) -> Self
    static var completed: Self { get }
}

extension StepEvent {
    // Reads the case by reflection, so that one decoder serves all six `Event` types.
    var signal: Signal {
        guard let payload = Mirror(reflecting: self).children.first else { return .completed }
        switch (payload.label, payload.value) {
        case ("next", let value as Int): return .next(value)
        case ("error", let error): return .error((error as? ScriptedError)?.origin ?? "\(error)")
        default: preconditionFailure("not an Event<Int>: \(self)")
        }
    }
}

extension Signal {
    func event<E: StepEvent>() -> E {
        switch self {
        case .next(let value): .next(value)
        case .error(let origin): .error(ScriptedError(origin))
        case .completed: .completed
        }
    }
}

// What `subscribe` handed back: the subscriber's observer and, from step 02 on, the
// disposable, both watched for being freed.
public struct Subscription {
    let observer: AnyObject
    let disposable: AnyObject?
    let dispose: (() -> Void)?

    // Step 01: `subscribe` returns nothing.
    public init(observer: AnyObject) {
        self.observer = observer
        self.disposable = nil
        self.dispose = nil
    }

    public init(observer: AnyObject, disposable: Any, dispose: @escaping () -> Void) {
        self.observer = observer
        self.disposable = disposable as AnyObject
        self.dispose = dispose
    }
}

// The names of an object's class and of its superclasses, without generic arguments:
// ["MapObserver", "Sink"]. Shape checks go by these names, so that they never fix a generic
// arity or argument that the article leaves to the participant.
public func classNames(of object: Any) -> [String] {
    var names: [String] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror, current.displayStyle == .class {
        names.append(baseTypeName(current.subjectType))
        mirror = current.superclassMirror
    }
    return names
}

// Whether `object` is an instance of the class named `name`, or of a subclass of it.
public func isInstance(_ object: Any?, of name: String) -> Bool {
    object.map { classNames(of: $0).contains(name) } ?? false
}

// "MapObserver" for MapObserver<Int, Int, Observer<Int>>.
func baseTypeName(_ type: Any.Type) -> String {
    String(String(describing: type).prefix { $0 != "<" })
}
