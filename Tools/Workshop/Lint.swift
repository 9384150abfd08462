import Foundation
import TraceSuite

// What `swift format` covers: everything but the tutorial's code states, which are generated
// and, halfway through a step, not meant to parse.
func formattedSources() -> [String] {
    let catalogs = ["Tutorial", "TutorialZhHans"]
    let tests = ((try? files.contentsOfDirectory(atPath: "Tests")) ?? []).filter { !catalogs.contains($0) }.sorted()
    return ["Package.swift", "Steps"] + tests.map { "Tests/\($0)" } + catalogs.map { "Tests/\($0)/Tutorial.swift" } + [
        "Tools"
    ]
}

// The swift format that .swift-format is written for (CI's); older ones ignore the options they
// do not know, so their verdict can differ.
let swiftFormatVersion = "6.3"

func lint() throws -> Int32 {
    let installed = (try? run(["swift", "format", "--version"]).output) ?? ""
    let version = installed.trimmingCharacters(in: .whitespacesAndNewlines)
    if version.compare(swiftFormatVersion, options: .numeric) == .orderedAscending {
        printError(
            """
            note: swift format \(version) is older than \(swiftFormatVersion), which .swift-format is written for;
                  it ignores the options it does not know, so CI's verdict may differ from this one.
            """)
    }
    let arguments = ["swift", "format", "lint", "--strict", "--recursive"] + formattedSources()
    print(arguments.joined(separator: " "))
    return try run(arguments, passThrough: true).status
}

extension Command {
    static let lint = Command(
        name: "lint", takes: "", help: "swift format lint --strict (configuration: .swift-format)"
    ) {
        _ in try Workshop.lint()
    }
}
