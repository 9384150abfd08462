import Foundation

// How a step's generated programs went, as the test process hands it to `make check`:
// RXDEMO_REPORT_DIR/RxDemoNN/generated.txt, with the smallest program that failed.
public struct GeneratedReport: Equatable, Sendable {
    public struct Failure: Equatable, Sendable {
        public let number: Int
        // The recorded trace closest to the step's (RxSwift's or the reference step's).
        public let expected: [String]
        public let trace: [String]
        // False when the step crashed or hung in it; `message` is what it printed then.
        public let finished: Bool
        public let message: String

        public init(number: Int, expected: [String], trace: [String], finished: Bool, message: String) {
            self.number = number
            self.expected = expected
            self.trace = trace
            self.finished = finished
            self.message = message
        }
    }

    public let ran: Int
    public let of: Int
    public let failing: Int
    public let first: Failure?

    public init(ran: Int, of: Int, failing: Int, first: Failure?) {
        self.ran = ran
        self.of = of
        self.failing = failing
        self.first = first
    }

    static func file(of step: Step, in root: String) -> String {
        "\(ReportFolder.folder(of: step, in: root))/generated.txt"
    }

    public func write(for step: Step) {
        guard let root = ReportFolder.path else { return }
        try? FileManager.default.createDirectory(
            atPath: ReportFolder.folder(of: step, in: root), withIntermediateDirectories: true)
        var lines = ["ran \(ran)", "of \(of)", "failing \(failing)"]
        if let first {
            lines += ["program \(first.number)", "finished \(first.finished)"]
            lines += first.expected.map { "expected \($0)" } + first.trace.map { "trace \($0)" }
            lines += first.message.split(separator: "\n").map { "message \($0)" }
        }
        try? (lines.joined(separator: "\n") + "\n").write(
            toFile: Self.file(of: step, in: root), atomically: true, encoding: .utf8)
    }

    public static func read(of step: Step, in root: String) -> GeneratedReport? {
        guard let text = try? String(contentsOfFile: file(of: step, in: root), encoding: .utf8) else { return nil }
        var values: [String: String] = [:]
        var (expected, trace, message) = ([String](), [String](), [String]())
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            let (key, value) = (parts[0], parts.count > 1 ? parts[1] : "")
            switch key {
            case "expected": expected.append(value)
            case "trace": trace.append(value)
            case "message": message.append(value)
            default: values[key] = value
            }
        }
        let first = values["program"].flatMap(Int.init).map {
            Failure(
                number: $0, expected: expected, trace: trace, finished: values["finished"] == "true",
                message: message.joined(separator: "\n"))
        }
        return GeneratedReport(
            ran: Int(values["ran"] ?? "") ?? 0, of: Int(values["of"] ?? "") ?? 0,
            failing: Int(values["failing"] ?? "") ?? 0, first: first)
    }
}
