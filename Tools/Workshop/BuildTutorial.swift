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
        if edition.site.hasSuffix("zh-Hans") { try putDocCWordsInChinese(site: edition.site) }
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

// DocC-Render, the site's frame, comes in Chinese too ("预计时间", "提交"), but starts in its
// default language, English, fixed when it was built: the Chinese site's copy starts in zh-CN
// instead, and its pages say lang="zh-CN". DocC also writes a few words of its own into the
// pages' data in English whatever the catalog's language; each, in the words the frame uses.
let docCFrameDefault = (
    english: #"VUE_APP_DEFAULT_LOCALE??"en-US""#,  // both languages
    chinese: #"VUE_APP_DEFAULT_LOCALE??"zh-CN""#  // both languages
)
// DocC-Render's zh-CN words for the preview pane's title have two plural forms where its
// English has three ("No Preview | Preview | Previews"), so one preview is titled 无预览,
// "no preview": the Chinese frame gets the English three forms.
let docCPreviewTitle = (wrong: #""title":"无预览 | 预览""#, right: #""title":"无预览 | 预览 | 预览""#)
let docCWordsInChinese: [(english: String, chinese: String)] = [
    (#""Get started""#, #""开始学习""#),  // both languages
    (#""Check Your Understanding""#, #""检查你的理解程度""#),  // both languages
    (#""featuredEyebrow":"Tutorial""#, #""featuredEyebrow":"教程""#),  // both languages
]

func putDocCWordsInChinese(site: String) throws {
    var frameInChinese = false
    for case let file as String in files.enumerator(atPath: site)?.allObjects ?? []
    where file.hasSuffix(".html") || file.hasPrefix("js/index.") {
        let path = "\(site)/\(file)"
        guard let text = read(path) else { continue }
        let changed = text.replacingOccurrences(of: docCFrameDefault.english, with: docCFrameDefault.chinese)
            .replacingOccurrences(of: #"<html lang="en-US""#, with: #"<html lang="zh-CN""#)  // both languages
            .replacingOccurrences(of: docCPreviewTitle.wrong, with: docCPreviewTitle.right)
        frameInChinese = frameInChinese || changed.contains(docCFrameDefault.chinese)
        if changed != text { try write(changed, to: path) }
    }
    if !frameInChinese {
        print(
            tr(
                "note: this DocC's frame has no default language to set; its buttons stay English in \(site)",
                "注意：这个版本的 DocC 网站框架没有可以设置的默认语言；\(site) 里它的按钮仍是英文"))
    }
    let data = "\(site)/data"
    guard let walker = files.enumerator(atPath: data) else { return }
    for case let file as String in walker where file.hasSuffix(".json") {
        let path = "\(data)/\(file)"
        guard var text = read(path) else { continue }
        let original = text
        for (english, chinese) in docCWordsInChinese {
            text = text.replacingOccurrences(of: english, with: chinese)
        }
        // "9hr 46min", "23min": the estimated time, as 9 小时 46 分钟.
        text = text.replacingOccurrences(
            of: #""estimatedTime":"(\d+)hr (\d+)min""#, with: #""estimatedTime":"$1 小时 $2 分钟""#,
            options: .regularExpression)
        text = text.replacingOccurrences(
            of: #""estimatedTime":"(\d+)min""#, with: #""estimatedTime":"$1 分钟""#, options: .regularExpression)
        text = text.replacingOccurrences(
            of: #""estimatedTime":"(\d+)hr""#, with: #""estimatedTime":"$1 小时""#, options: .regularExpression)
        if text != original { try write(text, to: path) }
    }
}
