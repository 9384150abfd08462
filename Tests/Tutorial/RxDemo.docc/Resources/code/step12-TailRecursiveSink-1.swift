// MARK: - TailRecursiveSink

enum TailRecursiveSinkCommand {
    case moveNext
    case dispose
}
