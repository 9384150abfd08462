import Foundation
import TraceSuite

// `make check-docs` (CI): regenerates a copy of Docs/ and of the tutorial catalog with
// `make docs` and fails if either differs from what is committed. Docs/ itself is never
// rewritten here, pass or fail.
func checkDocs() throws -> Int32 {
    // The catalogs keep their sibling folders: the Chinese one links the English one's code.
    let copies = [
        ("Docs", ".build/docs-check"), (tutorialCatalogs[0].catalog, ".build/docs-check-tests/Tutorial/RxDemo.docc"),
        (tutorialCatalogs[1].catalog, ".build/docs-check-tests/TutorialZhHans/RxDemo.docc"),
    ]
    for (original, copy) in copies {
        try? files.removeItem(atPath: copy)
        try files.createDirectory(
            atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try files.copyItem(atPath: original, toPath: copy)
    }
    let make = [
        "make", "--no-print-directory", "docs", "DOCS=\(copies[0].1)", "TUTORIAL=\(copies[1].1)",
        "TUTORIAL_ZH=\(copies[2].1)",
    ]
    guard try run(make, passThrough: true).status == 0 else {
        throw WorkshopError(description: "make docs failed (above)", status: 1)
    }
    guard try run(["swift", "run", "DocsGenerator", "check"], passThrough: true).status == 0 else { return 1 }
    for (original, copy) in copies
    where try run(["git", "diff", "--no-index", "--stat", original, copy], passThrough: true).status != 0 {
        printError("error: \(original) is stale (files above): run 'make docs' and commit the result")
        return 1
    }
    print("Docs/ and the tutorial are up to date with the code")
    return 0
}

extension Command {
    static let checkDocs = Command(
        name: "check-docs", takes: "", help: "Docs/ and the tutorial are what `make docs` writes; excerpts verbatim"
    ) { _ in try Workshop.checkDocs() }
}
