import Foundation
import TraceSuite

// The workshop tool. Participants write each step themselves in Workshop/RxDemoNN (git ignores
// it) and the trace suite tells them how far they are; instructors and maintainers run the
// course's own checks with it. The Makefile calls it from the repository root, one target per
// command. Each command lives in a file of its own; this is the one list of them.
let commands: [Command] = [
    // A participant's loop.
    .ready, .start, .exercise, .check, .hint, .reset, .restore, .progress, .compare, .watch, .run,
    // The suite.
    .test, .scenarios, .threads, .summary,
    // What CI runs: the course checks itself.
    .doctor, .selftest, .audit, .checkTranslation, .checkDemos, .checkDocs, .lint,
    // Writing the course.
    .golden, .generated, .samples, .format, .diff, .diffs, .tutorial, .bench, .benchInstructions, .benchLoop,
]

func usage() -> String {
    let lines = commands.map { command -> String in
        let left = "  \(command.name) \(command.takes)"
        return left.padding(toLength: max(left.count + 1, 26), withPad: " ", startingAt: 0) + command.help
    }
    return (["usage: Workshop COMMAND [ARGUMENTS]   (from the repository root; `make` wraps each command)"] + lines)
        .joined(separator: "\n")
}

func main() throws -> Int32 {
    endWithEverythingStarted()
    if case .failure(let invalid) = CourseLanguage.fromEnvironment() {
        throw WorkshopError(description: invalid.description)
    }
    onInterrupt.words = tr(
        "\nInterrupted: everything this command started has been stopped.", "\n已中断：这条命令启动的一切都已停止。")
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let name = arguments.first, let command = commands.first(where: { $0.name == name }) else {
        print(usage())
        return 2
    }
    let environment = ProcessInfo.processInfo.environment
    // The self-test checks its own workspaces through this tool too (the interrupt test).
    let root = environment["RXDEMO_WORKSHOP_ROOT"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultRoot
    return try command.run(Invocation(arguments: Array(arguments.dropFirst()), environment: environment, root: root))
}

do {
    exit(try main())
} catch let error as WorkshopError {
    FileHandle.standardError.write(Data((tr("error: ", "错误：") + "\(error)\n").utf8))
    exit(error.status)
} catch {
    FileHandle.standardError.write(Data((tr("error: ", "错误：") + "\(error)\n").utf8))
    exit(1)
}
