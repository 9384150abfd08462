import TraceSuite

// Subtly wrong versions of the reference steps: the exercises' mistakes, and the ones a
// participant makes most. The self-test checks that the suite calls none of them done.
struct Mutant {
    let step: Step
    let mistake: String
    let file: String
    // Each original text, which must be in the file, and what replaces it.
    let changes: KeyValuePairs<String, String>
}

let mutants: [Mutant] = [
    Mutant(
        step: .rxDemo02, mistake: "the intermediate observer never checks the flag", file: "Observable.swift",
        changes: ["guard !composite.isDisposed else { return }": ""]),
    Mutant(
        step: .rxDemo02, mistake: "a member added after dispose is kept, not disposed", file: "Disposable.swift",
        changes: ["if isDisposed {\n            disposable.dispose()\n            return\n        }": ""]),
    Mutant(
        step: .rxDemo03, mistake: "the sink disposes before it forwards the terminal event", file: "Sink.swift",
        changes: [
            "_forward.on(event: event)\n        // A terminal event ends the subscription by itself.":
                "// A terminal event ends the subscription by itself.\n        defer { _forward.on(event: event) }"
        ]),
    Mutant(
        step: .rxDemo03, mistake: "the composite disposes its members again on every call", file: "Disposable.swift",
        changes: ["guard !isDisposed else { return }": ""]),
    Mutant(
        step: .rxDemo04, mistake: "map drops the upstream subscription", file: "Map.swift",
        changes: [
            "return self.subscribe(": "_ = self.subscribe(",
            "                })\n        }": "                })\n            return AnonymousDisposable {}\n        }",
        ]),
    Mutant(
        step: .rxDemo05, mistake: "the sink forwards events after it is disposed", file: "Sink.swift",
        changes: ["guard !_disposed else { return }": ""]),
    Mutant(
        step: .rxDemo06, mistake: "a dispose during subscribe is forgotten (the author's version)",
        file: "SinkDisposer.swift", changes: ["if _state.contains(.disposed) {": "if false {"]),
    Mutant(
        step: .rxDemo06, mistake: "the disposer keeps the sink after dispose", file: "SinkDisposer.swift",
        changes: [
            "subscription.dispose()\n        _sink = nil\n        _subscription = nil\n    }\n}":
                "subscription.dispose()\n    }\n}"
        ]),
    Mutant(
        step: .rxDemo06, mistake: "the disposer has no guard: endless recursion", file: "SinkDisposer.swift",
        changes: ["guard !_state.contains(.disposed) else { return }": ""]),
]
