import Foundation
import TraceSuite

enum DefectStatus {
    // Every scenario of the defect passes (or fails only by another defect).
    case fixed
    // At least one scenario fails exactly the way this defect makes it fail.
    case shown
    // Its scenarios fail, but not the way the defect does: neither fixed nor allowed.
    case failsDifferently([Scenario])
}

// What became of each of the reference step's defects in a participant's code, judged first
// by the scenarios that it alone breaks. A scenario that two defects share fails while
// either is left, so it blames only those not proven fixed: a defect is proven fixed when
// every scenario that it alone breaks passes.
func defectStatuses(of step: Step, _ results: [(Scenario, ScenarioResult)]) -> [(Defect, DefectStatus)] {
    func passes(_ result: ScenarioResult) -> Bool { if case .passes = result { true } else { false } }
    func shows(_ result: ScenarioResult) -> Bool { if case .showsDefects = result { true } else { false } }
    func defects(_ scenario: Scenario) -> [Defect] { step.defects.filter { $0.scenarios.contains(scenario.id) } }
    let alone = { (defect: Defect) in results.filter { defects($0.0) == [defect] } }
    let provenFixed = Set(step.defects).filter { !alone($0).isEmpty && alone($0).allSatisfy { passes($0.1) } }
    var blamed: Set<Defect> = []
    for (_, result) in results {
        guard case .showsDefects(let defects) = result else { continue }
        let open = Set(defects).subtracting(provenFixed)
        blamed.formUnion(open.isEmpty ? Set(defects) : open)
    }
    return step.defects.map { defect in
        let own = alone(defect)
        let isShown = own.isEmpty ? blamed.contains(defect) : own.contains { shows($0.1) }
        if isShown { return (defect, .shown) }
        let differently = results.filter { defect.scenarios.contains($0.0.id) && $0.1.isFailure }.map(\.0)
        return (defect, differently.isEmpty ? .fixed : .failsDifferently(differently))
    }
}
