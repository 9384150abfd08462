import Foundation
import TraceSuite

// What every demo prints, next to Tests/Golden: `make check-demos` compares, `make golden`
// accepts. Both build every demo and keep what each prints in .build/demo-output.
let goldenFolder = "Tests/Golden"
let demoOutputFolder = ".build/demo-output"

func recordDemoOutput() throws {
    print("swift build")
    guard try run(["swift", "build"], passThrough: true).status == 0 else {
        throw WorkshopError(description: "the build failed (above)", status: 1)
    }
    let binaries = try run(["swift", "build", "--show-bin-path"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    try files.createDirectory(atPath: demoOutputFolder, withIntermediateDirectories: true)
    for step in Step.allCases {
        let demo = try run(["\(binaries)/RxDemo\(step.number)"], timeout: 60)
        guard demo.status == 0 else {
            throw WorkshopError(
                description: "RxDemo\(step.number) failed (status \(demo.status)):\n\(demo.output)", status: 1)
        }
        try write(demo.output, to: "\(demoOutputFolder)/RxDemo\(step.number).txt")
    }
}

func acceptDemoOutput() throws -> Int32 {
    try recordDemoOutput()
    try files.createDirectory(atPath: goldenFolder, withIntermediateDirectories: true)
    for step in Step.allCases {
        let name = "RxDemo\(step.number).txt"
        try? files.removeItem(atPath: "\(goldenFolder)/\(name)")
        try files.copyItem(atPath: "\(demoOutputFolder)/\(name)", toPath: "\(goldenFolder)/\(name)")
    }
    print("wrote \(goldenFolder)/RxDemo\(Step.allCases.first!.number).txt ... RxDemo\(Step.allCases.last!.number).txt")
    return 0
}

extension Command {
    static let golden = Command(name: "golden", takes: "", help: "write what every demo prints into Tests/Golden") {
        _ in
        try acceptDemoOutput()
    }
}
