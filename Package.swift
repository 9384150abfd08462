// swift-tools-version: 6.0
import PackageDescription

// Six steps, each an executable target with its own copy of the mini RxSwift, each with
// a thin test target that runs the shared trace suite against it.
//
// `make test STEP=03` sets RXDEMO_STEP=03 so that only step 03's targets exist: the other
// steps are not even parsed, and a half-edited step never blocks another one's tests.
let allSteps = ["01", "02", "03", "04", "05", "06"]
let steps = Context.environment["RXDEMO_STEP"].map { [$0] } ?? allSteps

let traceSuite = "TraceSuite"

let package = Package(
    name: "RxDemo",
    targets: [
        .target(name: traceSuite, path: "Tests/\(traceSuite)")
    ]
        + steps.flatMap { step -> [Target] in
            [
                .executableTarget(name: "RxDemo\(step)", path: "Steps/RxDemo\(step)"),
                .testTarget(
                    name: "RxDemo\(step)Tests",
                    dependencies: [.target(name: "RxDemo\(step)"), .target(name: traceSuite)],
                    path: "Tests/RxDemo\(step)Tests"
                ),
            ]
        },
    swiftLanguageModes: [.v6]
)
