import Foundation
import TraceSuite

// The DocC tutorial catalogs that `make docs` writes, one per edition, and the static sites
// `make tutorial` builds from them with the toolchain's docc (git-ignored); any warning is an error.
let tutorialCatalogs = [
    (catalog: "Tests/Tutorial/RxDemo.docc", site: ".build/tutorial", identifier: "org.rxdemo.tutorial"),
    (
        catalog: "Tests/TutorialZhHans/RxDemo.docc", site: ".build/tutorial-zh-Hans",
        identifier: "org.rxdemo.tutorial.zh-Hans"
    ),
]

// `edition`: "current" builds only the course language's site (what `make tutorial-preview`
// serves), so that two previews in two languages never rebuild each other's; empty builds both.
func buildTutorial(_ edition: String = "") throws -> Int32 {
    let chinese = CourseLanguage.current == .simplifiedChinese
    let wanted = tutorialCatalogs.filter { edition != "current" || $0.site.hasSuffix("zh-Hans") == chinese }
    for edition in wanted {
        try? files.removeItem(atPath: edition.site)
        let started = Date()
        let arguments = [
            "docc", "convert", edition.catalog, "--fallback-display-name", "RxDemo",
            "--fallback-bundle-identifier", edition.identifier, "--transform-for-static-hosting",
            "--output-path", edition.site, "--warnings-as-errors",
        ]
        print(arguments.joined(separator: " "))
        guard try run(arguments, passThrough: true).status == 0 else { return 1 }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        print(tr("built \(edition.site) in \(seconds) s", "\(seconds) 秒内构建好了 \(edition.site)"))
    }
    if wanted.count > 1 {
        print(
            tr(
                "'make tutorial-preview' serves the English site, 'make tutorial-preview COURSE_LANG=zh-Hans' the Chinese one",
                "make tutorial-preview 提供英文版网站，make tutorial-preview COURSE_LANG=zh-Hans 提供中文版"))
    }
    return 0
}

extension Command {
    static let tutorial = Command(
        name: "tutorial", takes: "[current]",
        help:
            "build both DocC tutorials into .build/tutorial and .build/tutorial-zh-Hans (current: the course language's)"
    ) { try Workshop.buildTutorial($0.arguments.first ?? "") }
}
