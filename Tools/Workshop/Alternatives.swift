import TraceSuite

// Correct solutions that differ from the reference: the suite must call each of them done.
// Each is a reference step with one change (in `file`, and in `alsoIn` when the design
// reaches other files); `carriedFrom` first builds the step before
// with its own change, checks it done, and starts this step from it (`make start`), then
// writes only the files this step's reference adds or changes.
final class Alternative: Sendable {
    let step: Step
    let design: String
    let file: String
    let changes: KeyValuePairs<String, String>
    let alsoIn: [(file: String, changes: KeyValuePairs<String, String>)]
    let carriedFrom: Alternative?

    init(
        step: Step, design: String, file: String, changes: KeyValuePairs<String, String>,
        alsoIn: [(file: String, changes: KeyValuePairs<String, String>)] = [], carriedFrom: Alternative? = nil
    ) {
        self.step = step
        self.design = design
        self.file = file
        self.changes = changes
        self.alsoIn = alsoIn
        self.carriedFrom = carriedFrom
    }
}

// A participant's step 02 that sets the composite's flag before disposing its members,
// which fixes both of the reference's dispose defects.
private let flagFirst02 = Alternative(
    step: .rxDemo02, design: "the composite sets its flag before disposing its members", file: "Disposable.swift",
    changes: [
        "guard !isDisposed else { return }\n        disposables.forEach {\n            $0.dispose()\n        }\n        isDisposed = true":
            "guard !isDisposed else { return }\n        isDisposed = true\n        disposables.forEach {\n            $0.dispose()\n        }"
    ])

let alternatives: [Alternative] = [
    flagFirst02,
    Alternative(
        step: .rxDemo03, design: "step 02 with its flag set first, carried on by make start (FROM=mine)",
        file: "Disposable.swift", changes: [:], carriedFrom: flagFirst02),
    Alternative(
        step: .rxDemo05, design: "MapObserver<Source, O> with two generic parameters and no as!, as RxSwift's MapSink",
        file: "Map.swift",
        changes: [
            "class MapObserver<Source, Result, O: ObserverType>": "class MapObserver<Source, O: ObserverType>",
            "mappedElement as! O.Element": "mappedElement",
        ]),
    // The instrumented builds (the explorer's, ThreadSanitizer's) must take any correct form of
    // the primitives the step adds: another integer width, a helper that rethrows.
    Alternative(
        step: .rxDemo09, design: "AtomicInt on Int, not Int32, and a performLocked that rethrows",
        file: "AtomicInt.swift", changes: ["Int32": "Int"],
        alsoIn: [
            (file: "SinkDisposer.swift", changes: ["enum DisposeState: Int32": "enum DisposeState: Int"]),
            (
                file: "Lock.swift",
                changes: [
                    "func performLocked<T>(_ action: () -> T) -> T":
                        "func performLocked<T>(_ action: () throws -> T) rethrows -> T",
                    "return action()": "return try action()",
                ]
            ),
        ]),
    // A helper of the participant's own beside RxSwift's AtomicInt API, used by two files.
    Alternative(
        step: .rxDemo12, design: "an AtomicInt helper of its own, setFlag, which the disposables call",
        file: "AtomicInt.swift",
        changes: [
            "func isFlagSet(": """
            // True for the one caller that sets the flag first.
            func setFlag(_ this: AtomicInt, _ mask: Int32) -> Bool {
                (fetchOr(this, mask) & mask) == 0
            }

            func isFlagSet(
            """
        ],
        alsoIn: [
            (
                file: "Disposable.swift",
                changes: [
                    "if fetchOr(self.disposed, 1) == 0 {": "if setFlag(self.disposed, 1) {",
                    "guard fetchOr(self.disposed, 1) == 0 else { return }":
                        "guard setFlag(self.disposed, 1) else { return }",
                ]
            )
        ]),
    // Another lock type: a class of its own around Foundation's recursive lock.
    Alternative(
        step: .rxDemo15, design: "RecursiveLock a class of its own around NSRecursiveLock",
        file: "Lock.swift",
        changes: [
            "typealias RecursiveLock = NSRecursiveLock\n\nextension RecursiveLock {": """
            final class RecursiveLock: @unchecked Sendable {
                private let base = NSRecursiveLock()

                func lock() { base.lock() }

                func unlock() { base.unlock() }

            """
        ]),
    // OpenCombine's own way: a Future's waiting subscribers by identity, in no fixed order.
    Alternative(
        step: .rxDemo16, design: "a Future that keeps its waiting subscribers in a dictionary, as OpenCombine's set",
        file: "Future.swift",
        changes: [
            "    private var downstreams: [(conduit: ObjectIdentifier, fulfill: (Result<Output, Failure>) -> Void)] = []":
                "    private var downstreams: [ObjectIdentifier: (Result<Output, Failure>) -> Void] = [:]",
            "        self.downstreams = []\n        for downstream in downstreams {\n            downstream.fulfill(result)\n        }":
                "        self.downstreams = [:]\n        for fulfill in downstreams.values {\n            fulfill(result)\n        }",
            "        downstreams.append((ObjectIdentifier(conduit), conduit.fulfill))":
                "        downstreams[ObjectIdentifier(conduit)] = conduit.fulfill",
            "        downstreams.removeAll { $0.conduit == ObjectIdentifier(conduit) }":
                "        downstreams[ObjectIdentifier(conduit)] = nil",
        ]),
    // OpenCombine's own way again: a subject's subscribers in no fixed order.
    Alternative(
        step: .rxDemo17, design: "subjects that keep their subscribers in a dictionary, as OpenCombine's set",
        file: "ConduitBase.swift",
        changes: [
            "    private var conduits: [ConduitBase<Output, Failure>] = []":
                "    private var conduits: [ObjectIdentifier: ConduitBase<Output, Failure>] = [:]",
            "        guard !conduits.contains(where: { $0 === conduit }) else { return }\n        conduits.append(conduit)":
                "        conduits[ObjectIdentifier(conduit)] = conduit",
            "        if let index = conduits.firstIndex(where: { $0 === conduit }) {\n            conduits.remove(at: index)\n        }":
                "        conduits[ObjectIdentifier(conduit)] = nil",
            "        defer { conduits = [] }": "        defer { conduits = [:] }",
            "        conduits.forEach(body)": "        conduits.values.forEach(body)",
        ]),
    Alternative(
        step: .rxDemo17, design: "every lock a recursive one", file: "Lock.swift",
        changes: ["typealias UnfairLock = NSLock": "typealias UnfairLock = NSRecursiveLock"]),
    // OpenCombine's own way: flatMap's children in a dictionary, asked and cancelled in no fixed order.
    Alternative(
        step: .rxDemo18, design: "flatMap keeps its children in a dictionary, as OpenCombine does",
        file: "FlatMap.swift",
        changes: [
            "        private var children: [(index: Int, subscription: Subscription)] = []":
                "        private var children: [Int: Subscription] = [:]",
            "self.children = []": "self.children = [:]",
            "for child in children { child.subscription.cancel() }":
                "for (_, subscription) in children { subscription.cancel() }",
            "for child in children { child.subscription.request(.unlimited) }":
                "for (_, subscription) in children { subscription.request(.unlimited) }",
            "let child = children.first { $0.index == index }?.subscription": "let child = children[index]",
            "children.append((index, subscription))": "children[index] = subscription",
            "children.removeAll { $0.index == index }": "children[index] = nil",
            "for child in children where child.index != index { child.subscription.cancel() }":
                "for (other, subscription) in children where other != index { subscription.cancel() }",
        ]),
]
