import Foundation
import TraceSuite

// A build failure: what the step's checks call, in words, then the first compiler error.
func explainBuildFailure(_ output: String, _ workspace: Workspace) throws {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // What the compiler's lines say, as it says them.
    let (errorMark, warningMark) = (": error: ", ": warning: ")  // both languages
    guard let first = lines.firstIndex(where: { $0.contains(errorMark) && $0.hasPrefix("/") }) else {
        print(
            tr(
                "\(workspace.name) does not build, and the compiler gave no error line. The log:",
                "\(workspace.name) 构建失败，但编译器没有给出错误行。日志："))
        print(output)
        return
    }
    let root = files.currentDirectoryPath + "/"
    let location = lines[first].replacingOccurrences(of: root, with: "")
    let errors = lines.filter { $0.contains(errorMark) && $0.hasPrefix("/") }
    if output.contains("no such module 'Testing'") {  // both languages
        print(
            tr(
                """
                The checks need Swift Testing, and this toolchain has none. On macOS it comes with \
                Xcode 16.2 or later: install Xcode and select it with
                  sudo xcode-select -s /Applications/Xcode.app/Contents/Developer
                (the Command Line Tools alone may lack it). On Linux, use a Swift 6 toolchain from swift.org.

                """,
                """
                检查需要 Swift Testing，而这个工具链没有。在 macOS 上，Xcode 16.2 及以上版本自带它：\
                安装 Xcode，再用下面的命令选中它
                  sudo xcode-select -s /Applications/Xcode.app/Contents/Developer
                （只装 Command Line Tools 可能没有它）。在 Linux 上，请使用 swift.org 提供的 Swift 6 工具链。

                """))
    }
    if output.contains("because it has overridable members that could not be loaded") {  // both languages
        print(
            tr(
                """
                Swift on Linux can subclass a Foundation class such as NSLock only in a file that \
                imports CoreFoundation too: add `import CoreFoundation` above `import Foundation` \
                (RxSwift's AtomicInt.swift does the same).

                """,
                """
                在 Linux 上，只有同时导入了 CoreFoundation 的文件才能继承 NSLock 这样的 Foundation 类：\
                在 `import Foundation` 上面加一行 `import CoreFoundation`（RxSwift 的 AtomicInt.swift 也是这样做的）。

                """))
    }
    print(
        tr(
            "\(workspace.name) does not compile yet. The checks of \(workspace.step.spokenName) call:",
            "\(workspace.name) 还编译不通过。\(workspace.step.spokenName)的检查会调用："))
    try BuildItYourself.forParticipant(workspace.step).checksCall.forEach { print("  " + $0) }
    print()
    print(tr("The first error:", "第一个错误："))
    print(location)
    // The compiler's own picture of the line, as far as it goes.
    for line in lines[(first + 1)...].prefix(8) {
        if line.contains(errorMark) || line.contains(warningMark) || line.hasPrefix("[") || line.isEmpty
            || line.hasPrefix("error: ")
        {
            break
        }
        print(line)
    }
    let count = Set(errors).count
    if count > 1 {
        print(
            tr(
                "(\(count) errors in all; the whole log: \(workspace.scratch)/last-build.log)",
                "（共 \(count) 个错误；完整日志：\(workspace.scratch)/last-build.log）"))
    }
}
