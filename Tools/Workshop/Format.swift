import Foundation
import TraceSuite

// `make format`: what `make lint` checks, rewritten in place.
extension Command {
    static let format = Command(name: "format", takes: "", help: "swift format the sources in place") { _ in
        let arguments = ["swift", "format", "format", "--in-place", "--recursive"] + formattedSources()
        print(arguments.joined(separator: " "))
        return try Workshop.run(arguments, passThrough: true).status
    }
}
