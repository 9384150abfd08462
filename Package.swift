// swift-tools-version: 6.0
import PackageDescription

// The steps (01-06 the core, 07 on the second act), each an executable target with its own copy of the mini RxSwift, each with
// a thin test target that runs the shared trace suite against it.
//
// `make test STEP=03` sets RXDEMO_STEP=03 so that only step 03's targets exist: the other
// steps are not even parsed, and a half-edited step never blocks another one's tests.
//
// `make check STEP=04` also sets RXDEMO_WORKSPACE=Workshop/RxDemo04: the participant's own
// code is then compiled as target RxDemo04, so step 04's tests apply to it unchanged.
let allSteps = ["01", "02", "03", "04", "05", "06", "07", "08", "09"]
let onlyStep = Context.environment["RXDEMO_STEP"]
let steps = onlyStep.map { [$0] } ?? allSteps
let workspace = onlyStep == nil ? nil : Context.environment["RXDEMO_WORKSPACE"]

// Shared by every step's tests: scenarios, clock and expectations (TraceSuite, free of
// any test framework), and the Swift Testing glue (TraceTesting). TraceTesting imports
// Testing from a plain target, which SwiftPM allows for code that only test targets use:
// no executable may depend on it (.ci/run checks).
let sharedTargets: [Target] = [
    .target(name: "TraceSuite", path: "Tests/TraceSuite"),
    .target(name: "TraceTesting", dependencies: ["TraceSuite"], path: "Tests/TraceTesting"),
]

// Tools that need no step: DocsGenerator writes Docs/matrix.md and the generated parts
// of the step pages (`make docs`); Workshop runs the workshop loop (`make start`, `make
// check`, ...).
let toolTargets: [Target] = [
    .executableTarget(name: "DocsGenerator", dependencies: ["TraceSuite"], path: "Tests/DocsGenerator"),
    .executableTarget(name: "Workshop", dependencies: ["TraceSuite"], path: "Tests/Workshop"),
]

let stepTargets: [Target] = steps.flatMap { step -> [Target] in
    [
        .executableTarget(name: "RxDemo\(step)", path: workspace ?? "Steps/RxDemo\(step)"),
        .testTarget(
            name: "RxDemo\(step)Tests",
            dependencies: [.target(name: "RxDemo\(step)"), "TraceSuite", "TraceTesting"],
            path: "Tests/RxDemo\(step)Tests"
        ),
    ]
}

// `make bench STEP=05` copies step 05's files (all but its demo) into Tests/Bench/Step
// (git-ignored) and sets RXDEMO_BENCH=05: the manifest then declares only RxDemoBench, which
// compiles them with the harness in Tests/Bench as one release module, so the step is
// measured the way the optimiser sees it, with not a line of it changed.
let benchStep = Context.environment["RXDEMO_BENCH"]
let benchTargets: [Target] = [
    .target(name: "BenchAllocations", path: "Tests/BenchAllocations"),
    .executableTarget(
        name: "RxDemoBench", dependencies: ["BenchAllocations"], path: "Tests/Bench",
        swiftSettings: [.define("RXDEMO\(benchStep ?? "")")]),
]

// macOS: the tests need at least 10.15.4 (Swift concurrency, FileHandle.write(contentsOf:));
// one fixed floor of 13 lets a Mac build check availability the same way for everyone, and
// every Mac that runs Xcode 16.2 (the oldest with a Swift Testing that works here) is above it.
let package = Package(
    name: "RxDemo",
    platforms: [.macOS(.v13)],
    targets: benchStep == nil ? sharedTargets + (onlyStep == nil ? toolTargets : []) + stepTargets : benchTargets,
    swiftLanguageModes: [.v6]
)
