import TraceSuite

// Correct solutions that differ from the reference: the suite must call each of them done.
// Each is a reference step with one change; `carriedFrom` first builds the step before
// with its own change, checks it done, and starts this step from it (`make start`), then
// writes only the files this step's reference adds or changes.
final class Alternative: Sendable {
    let step: Step
    let design: String
    let file: String
    let changes: KeyValuePairs<String, String>
    let carriedFrom: Alternative?

    init(
        step: Step, design: String, file: String, changes: KeyValuePairs<String, String>,
        carriedFrom: Alternative? = nil
    ) {
        self.step = step
        self.design = design
        self.file = file
        self.changes = changes
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
]
