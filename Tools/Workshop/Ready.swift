import Foundation
import TraceSuite

// `make ready`: what an instructor sends participants the day before. It checks the tools the
// course needs, warms the build every first `make check` uses (the shared suite in
// .build-workshop), and ends in one line: ready, or what to install and how.
func ready() throws -> Int32 {
    var missing: [String] = []
    func have(_ tool: String) -> Bool { (try? run(["which", tool]))?.status == 0 }
    for (tool, install) in [
        (
            "make",
            tr(
                "make (macOS: xcode-select --install; Debian: apt-get install make)",
                "make（macOS：xcode-select --install；Debian：apt-get install make）")
        ),
        (
            "git",
            tr(
                "git (macOS: xcode-select --install; Debian: apt-get install git)",
                "git（macOS：xcode-select --install；Debian：apt-get install git）")
        ),
        (
            "python3",
            tr(
                "python3, for the tutorial's preview (python.org, or apt-get install python3)",
                "python3，教程预览要用（python.org，或 apt-get install python3）")
        ),
    ] where !have(tool) {
        missing.append(install)
    }
    let version = (try? run(["swift", "--version"]))?.output ?? ""
    let major = version.range(of: #"Swift version (\d+)"#, options: .regularExpression).map {  // both languages
        Int(version[$0].split(separator: " ").last ?? "") ?? 0
    }
    guard let major, major >= 6 else {
        print(
            tr(
                "Not ready: the course needs a Swift 6 toolchain (swift --version says: \(version.split(separator: "\n").first ?? "nothing")). Install Xcode 16.2 or later on macOS, or a Swift 6 toolchain from swift.org on Linux.",
                "还没准备好：课程需要 Swift 6 工具链（swift --version 显示：\(version.split(separator: "\n").first ?? "无")）。macOS 上请安装 Xcode 16.2 或更新版本，Linux 上请安装 swift.org 的 Swift 6 工具链。"
            ))
        return 1
    }
    print(
        tr(
            "Swift \(major): yes. Building what the first check of every step needs (a few minutes, once)…",
            "Swift \(major)：有。正在构建每一步第一次检查要用的东西（只需一次，几分钟）…"))
    missing += try warmChecksBuilds(root: defaultRoot)
    guard missing.isEmpty else {
        print(tr("Not ready. Install: ", "还没准备好。请安装：") + missing.joined(separator: tr("; ", "；")))
        return 1
    }
    print(tr("Ready: make start STEP=01, then make check STEP=01.", "准备好了：make start STEP=01，然后 make check STEP=01。"))
    return 0
}

// The builds every first check in `root` uses, warmed: the reference step 01 as a workspace in
// the folder every check builds in (the shared suite and Swift Testing compiled once, so that a
// first check compiles only its step), then the same under ThreadSanitizer, and the explorer,
// which every check from step 09 on builds. Returns what is missing for them, in words (nothing
// when all three built).
func warmChecksBuilds(root: String) throws -> [String] {
    let build = try run(
        ["swift", "build", "--build-tests", "--scratch-path", Workspace(step: .rxDemo01, root: root).scratch],
        environment: ["RXDEMO_STEP": Step.rxDemo01.number, "RXDEMO_WORKSPACE": "Steps/RxDemo01"])
    if build.output.contains("no such module 'Testing'") {  // both languages
        return [
            tr(
                "Swift Testing: the Command Line Tools alone may lack it; install Xcode 16.2 or later and select it with sudo xcode-select -s /Applications/Xcode.app/Contents/Developer",
                "Swift Testing：只装 Command Line Tools 可能没有它；请安装 Xcode 16.2 或更新版本，并用 sudo xcode-select -s /Applications/Xcode.app/Contents/Developer 选中它"
            )
        ]
    }
    guard build.status == 0 else {
        print(build.output.split(separator: "\n").suffix(15).joined(separator: "\n"))
        return [tr("a build that works: the one above failed", "一次能成功的构建：上面的构建失败了")]
    }
    do {
        try sanitizerBuild(
            .rxDemo09, environment: ["RXDEMO_WORKSPACE": "Steps/RxDemo09"], scratch: sanitizerScratch(root: root))
        _ = try buildExplorer(.rxDemo09, folder: "Steps/RxDemo09", scratch: buildFolder("explore-", root: root))
    } catch {
        return [
            tr(
                "a build with ThreadSanitizer (swift build --sanitize=thread) and the explorer's, which the checks from step 09 on need: \(error)",
                "一次带 ThreadSanitizer 的构建（swift build --sanitize=thread）和探索器的构建，第 09 步起的检查都需要它们：\(error)")
        ]
    }
    return []
}

extension Command {
    static let ready = Command(
        name: "ready", takes: "",
        help: "before the class: check make, git, python3, Swift 6 and Swift Testing, and warm the checks' build"
    ) { _ in try Workshop.ready() }
}
