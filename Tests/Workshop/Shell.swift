import Foundation

// Files, folders and child processes: the little the workshop needs, on macOS and Linux.

struct WorkshopError: Error, CustomStringConvertible {
    let description: String
    // 2: the command was wrong (bad step, no workspace); 1: the work is not done yet.
    var status: Int32 = 2
}

let files = FileManager.default

func exists(_ path: String) -> Bool { files.fileExists(atPath: path) }

func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return files.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
}

// The visible files below `folder`, as paths relative to it, sorted.
func listFiles(in folder: String) -> [String] {
    guard let enumerator = files.enumerator(atPath: folder) else { return [] }
    var found: [String] = []
    while let path = enumerator.nextObject() as? String {
        let name = (path as NSString).lastPathComponent
        if name.hasPrefix(".") {
            if isDirectory("\(folder)/\(path)") { enumerator.skipDescendants() }
            continue
        }
        if !isDirectory("\(folder)/\(path)") { found.append(path) }
    }
    return found.sorted()
}

func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

// Runs a command; its output is captured (standard error too), or passed straight to the
// terminal with `passThrough`.
@discardableResult
func run(_ arguments: [String], environment: [String: String] = [:], passThrough: Bool = false) throws -> (
    status: Int32, output: String
) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    if !passThrough {
        process.standardOutput = pipe
        process.standardError = pipe
    }
    do {
        try process.run()
    } catch {
        throw WorkshopError(description: "cannot run \(arguments.joined(separator: " ")): \(error)")
    }
    let data = passThrough ? Data() : pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

func timestamp(_ date: Date = Date(), format: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = format
    return formatter.string(from: date)
}
