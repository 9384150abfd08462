import Foundation
import TraceSuite

// `make check-demos` (CI): every demo prints what its golden file says.
func checkDemos() throws -> Int32 {
    try recordDemoOutput()
    var status: Int32 = 0
    for step in Step.allCases {
        let name = "RxDemo\(step.number).txt"
        let golden = "\(goldenFolder)/\(name)"
        let same = try run(
            ["git", "diff", "--no-index", "--exit-code", golden, "\(demoOutputFolder)/\(name)"], passThrough: true)
        if same.status == 0 {
            print("RxDemo\(step.number): output matches \(golden)")
        } else {
            printError("RxDemo\(step.number): output differs from \(golden) (diff above; 'make golden' accepts it)")
            status = 1
        }
    }
    return status
}

extension Command {
    static let checkDemos = Command(name: "check-demos", takes: "", help: "every demo prints its Tests/Golden file") {
        _ in
        try Workshop.checkDemos()
    }
}
