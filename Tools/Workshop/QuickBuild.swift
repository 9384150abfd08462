import Foundation
import TraceSuite

// SwiftPM plans every build afresh: on these 2 cores it spends about 1.5 s loading the manifest
// and planning, even when one file's body is all that changed. Its plan (`debug.yaml` in the
// scratch folder) stays right for as long as the package's structure does: the same manifest
// and environment, the same files in the same folders, the same course. Then llbuild, which
// SwiftPM itself drives, runs that plan alone (`swift-build-tool`): it recompiles what changed
// and relinks, about a second for one file. Any doubt, a failure or a tool that is missing
// goes to SwiftPM, whose output is the one a participant reads. `changing` is the folder whose
// files change from build to build: a workspace, the explorer's copy of one.
func quickBuild(_ arguments: [String], scratch: String, changing: String, environment: [String: String]) throws
    -> (status: Int32, output: String)
{
    let plan = QuickPlan(arguments: arguments, scratch: scratch, changing: changing, environment: environment)
    if let quick = try plan.runIfStillRight(), quick.status == 0 { return quick }
    let build = try run(arguments, environment: environment)
    if build.status == 0 { plan.keep() }
    return build
}

private struct QuickPlan {
    let arguments: [String]
    let environment: [String: String]
    let swiftpmPlan: String
    let folder: String
    let changing: String

    init(arguments: [String], scratch: String, changing: String, environment: [String: String]) {
        self.arguments = arguments
        self.environment = environment
        // As the plan names it: absolute, ending in a slash.
        let absolute = changing.hasPrefix("/") ? changing : files.currentDirectoryPath + "/" + changing
        self.changing = absolute.hasSuffix("/") ? absolute : absolute + "/"
        swiftpmPlan = "\(scratch)/debug.yaml"
        // Absolute: llbuild opens its database relative to somewhere else.
        folder = (scratch.hasPrefix("/") ? "" : files.currentDirectoryPath + "/") + "\(scratch)/quick"
    }

    // The llbuild target to build: with --build-tests, the test product alone (a check never
    // runs the step's own executable, which SwiftPM would link too); with --product, that
    // product's executable.
    func target(in plan: String) -> String? {
        let (prefix, suffix) =
            arguments.contains("--build-tests")
            ? ("  \"", "-debug.test\":")
            : arguments.firstIndex(of: "--product").flatMap { index in
                index + 1 < arguments.count ? ("  \"\(arguments[index + 1])-", ".exe\":") : nil
            } ?? ("", "")
        guard !suffix.isEmpty else { return nil }
        return plan.split(separator: "\n").lazy.first { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
            .flatMap { $0.dropFirst(3).split(separator: "\"").first.map(String.init) }
    }

    // What decides SwiftPM's plan, besides the file contents llbuild itself tracks.
    func structure(of plan: String) -> String? {
        guard let course = courseFingerprint() else { return nil }
        let manifestInputs = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .filter { $0.key.hasPrefix("RXDEMO_") }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // The folders SwiftPM watches for added or removed files (its package-structure check).
        let lines = plan.split(separator: "\n", omittingEmptySubsequences: false)
        let watched = zip(lines, lines.dropFirst()).compactMap { line, next -> String? in
            guard next.contains("is-directory-structure: true"), line.hasPrefix("  \"") else { return nil }
            return String(line.dropFirst(3).prefix { $0 != "\"" })
        }
        let listings = watched.map { "\($0): " + listFiles(in: $0).joined(separator: " ") }
        let manifest = read("Package.swift") ?? ""
        // A toolchain replaced in place: the compiler the plan names, and when it was written.
        let compiler = plan.range(of: "args: [\"").map { plan[$0.upperBound...].prefix { $0 != "\"" } }.map(String.init)
        let compilerDate = compiler.flatMap { try? files.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        return fnv1a(
            ([arguments.joined(separator: " "), course, fnv1a(manifest), fnv1a(plan), "\(compilerDate as Any)"]
                + manifestInputs + listings)
                .joined(separator: "\n"))
    }

    func runIfStillRight() throws -> (status: Int32, output: String)? {
        guard let plan = read(swiftpmPlan), let kept = read("\(folder)/structure"),
            let target = target(in: plan), exists("\(folder)/build.yaml"),
            structure(of: plan) == kept
        else { return nil }
        return try? run(
            ["swift-build-tool", "-f", "\(folder)/build.yaml", "--db", "\(folder)/build.db", target],
            environment: environment)
    }

    // After SwiftPM built: the part of its plan that the changing folder reaches, and the
    // fingerprint of the structure it was made for.
    func keep() {
        guard let plan = read(swiftpmPlan), target(in: plan) != nil,
            let quick = llbuildOnly(plan, changing: changing), let structure = structure(of: plan)
        else {
            try? files.removeItem(atPath: "\(folder)/structure")
            return
        }
        try? files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? write(quick, to: "\(folder)/build.yaml")
        try? write(structure, to: "\(folder)/structure")
    }
}

// The commands that `changing` can reach: those with an input in it, then those with an input
// that one of them writes. The rest (the suite's modules) were built by SwiftPM from what the
// structure's fingerprint holds still. None of SwiftPM's own tools may be among them: they
// write what only the structure decides (file lists, the test runner), and a tool of a later
// release that is not llbuild's sends every build to SwiftPM.
private func llbuildOnly(_ plan: String, changing folder: String) -> String? {
    guard plan.hasPrefix("client:\n  name: basic\n"),
        let commandsStart = plan.range(of: "\ncommands:\n")
    else { return nil }
    struct Command {
        var lines: [Substring] = []
        func list(_ key: String) -> [String] {
            guard let line = lines.first(where: { $0.hasPrefix("    \(key): [") }) else { return [] }
            let json = Data(line.dropFirst("    \(key): ".count).utf8)
            return (try? JSONDecoder().decode([String].self, from: json)) ?? []
        }
        var tool: Substring? {
            lines.first { $0.hasPrefix("    tool: ") }.map { $0.dropFirst("    tool: ".count) }
        }
    }
    var commands: [Command] = []
    for line in plan[commandsStart.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("  \"") && line.hasSuffix("\":") { commands.append(Command()) }
        if !commands.isEmpty { commands[commands.count - 1].lines.append(line) }
    }
    var reached: Set<Int> = []
    var written: Set<String> = []
    var grew = true
    while grew {
        grew = false
        for (index, command) in commands.enumerated() where !reached.contains(index) {
            guard command.list("inputs").contains(where: { $0.hasPrefix(folder) || written.contains($0) }) else {
                continue
            }
            if let tool = command.tool, structureTools.contains(String(tool)) { continue }
            guard command.tool == "shell" || command.tool == "phony" else { return nil }
            reached.insert(index)
            written.formUnion(command.list("outputs"))
            grew = true
        }
    }
    let head = String(plan[..<commandsStart.lowerBound])
        .replacingOccurrences(of: "client:\n  name: basic\n", with: "client:\n  name: swift-build\n")
    let kept = commands.indices.filter(reached.contains).flatMap { commands[$0].lines }
    // The package-structure command is gone: what waited for it waits for nothing.
    return (head + "\ncommands:\n" + kept.joined(separator: "\n") + "\n")
        .replacingOccurrences(of: "\"<PackageStructure>\",", with: "")
        .replacingOccurrences(of: ",\"<PackageStructure>\"", with: "")
        .replacingOccurrences(of: "[\"<PackageStructure>\"]", with: "[]")
}

// SwiftPM's tools that only write what the structure decides.
private let structureTools: Set<String> = [
    "package-structure-tool", "write-auxiliary-file", "test-discovery-tool", "test-entry-point-tool",
]
