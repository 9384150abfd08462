import Foundation

// What a draw of generated programs decided (which programs a step can run, which are new)
// and the fingerprints of those it kept, in the order it decided them. Describing a program
// is reflection all the way down, most of a draw's cost; a check of the same course draws
// the same programs, so a workshop check (`make check`, the self-test) keeps the decisions
// in a file named after the course's fingerprint and the next process replays them: the
// generator still draws every program, and nothing is described again. `make test` never
// replays: it draws as it always did and holds the fingerprints to the recorded ones.
final class DrawnDecisions {
    private var decisions: [Bool] = []
    private var fingerprints: [String] = []
    private var nextDecision = 0
    private var nextFingerprint = 0
    private let file: String?
    private let replaying: Bool
    // Whether the replay ran past its file, or a program's fingerprint differs from it.
    private var ranPast = false

    // RXDEMO_DRAWN_DECISIONS: a folder for the files, one per draw; the workshop tool names it
    // after the course's fingerprint (Tools/Workshop/Check.swift), so that a changed suite
    // never replays another suite's decisions.
    init(draw name: String, replay: Bool = true) {
        let folder = startingEnvironment["RXDEMO_DRAWN_DECISIONS"].flatMap { $0.isEmpty ? nil : $0 }
        file = folder.map { "\($0)/\(name).txt" }
        guard replay, let file, let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            replaying = false
            return
        }
        // "D 0110…" then a fingerprint a line.
        let lines = text.split(separator: "\n")
        guard let first = lines.first, first.hasPrefix("D ") else {
            replaying = false
            return
        }
        decisions = first.dropFirst(2).map { $0 == "1" }
        fingerprints = lines.dropFirst().map(String.init)
        replaying = true
    }

    // A decision: replayed, or made by `make` and kept.
    func decide(_ make: () -> Bool) -> Bool { next(in: &decisions, at: &nextDecision, make, missing: false) }

    func fingerprint(_ make: () -> String) -> String {
        let fingerprint = next(in: &fingerprints, at: &nextFingerprint, make, missing: "")
        // One program in 64 described again: a file that is not this draw's is not replayed.
        if replaying && nextFingerprint % 64 == 1 && make() != fingerprint { ranPast = true }
        return fingerprint
    }

    private func next<Value>(in kept: inout [Value], at index: inout Int, _ make: () -> Value, missing: Value)
        -> Value
    {
        guard replaying else {
            let value = make()
            kept.append(value)
            return value
        }
        // A file that ends early is not this draw's: the caller draws again without it.
        guard index < kept.count else {
            ranPast = true
            return missing
        }
        index += 1
        return kept[index - 1]
    }

    // Whether the draw replayed every decision and fingerprint of the file, no more, and the
    // programs described again matched theirs; a
    // fresh draw writes its file (atomically: another check may read it at the same time).
    func finish() -> Bool {
        if replaying {
            return !ranPast && nextDecision == decisions.count && nextFingerprint == fingerprints.count
        }
        guard let file else { return true }
        let text = (["D " + String(decisions.map { $0 ? "1" : "0" })] + fingerprints).joined(separator: "\n")
        try? FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? text.write(toFile: file, atomically: true, encoding: .utf8)
        return true
    }
}
