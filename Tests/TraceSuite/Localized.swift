import Foundation

// What a participant reads, in the course's language: the Chinese of each name and defect is
// written beside the English (ScenarioNames.zh-Hans.swift, ThreadNames.zh-Hans.swift,
// Expectations.swift); the English stays the key that hints, traces and the tests use.
extension Scenario {
    public var localizedName: String { tr(name, id.chineseName) }
}

extension ThreadScenario {
    public var localizedName: String { tr(name, id.chineseName) }
}

extension InterleavingScenario {
    public var localizedName: String { tr(name, id.chineseName) }
}

extension Defect {
    public var localizedTitle: String { tr(title, chineseTitle) }
    public var localizedCause: String { tr(cause, chineseCause) }
}

extension KnownCallOut {
    public var localizedTitle: String { tr(title, chineseTitle) }
    public var localizedRxSwift: String { tr(rxSwift, chineseRxSwift) }
}

extension Step {
    public var localizedThreadDefect: String? {
        CourseLanguage.current == .simplifiedChinese ? chineseThreadDefect : threadDefect
    }
}

// A scenario's name as a report prints it, from its English key: in Chinese, the Chinese name.
public func localizedScenarioName(_ english: String) -> String {
    Scenario.all.first { $0.name == english }?.localizedName
        ?? ThreadScenario.all.first { $0.name == english }?.localizedName
        ?? InterleavingScenario.all.first { $0.name == english }?.localizedName ?? english
}

// «name», and in Chinese the English once after it, for searching the suite.
public func quotedWithKey(_ english: String) -> String {
    let shown = localizedScenarioName(english)
    return shown == english ? "«\(english)»" : "«\(shown)»（«\(english)»）"
}

// A line of `make check`'s report on the reference step's known defects, in `language`: the
// workshop prints it, and the pages' exercises quote it through `make docs`.
public enum DefectVerdict: Sendable {
    case fixed, scenariosPass, shown, notSeen
}

public func defectReportLine(
    _ defect: Defect, _ verdict: DefectVerdict, in language: CourseLanguage = .current
) -> String {
    let chinese = language == .simplifiedChinese
    let status =
        switch verdict {
        case .fixed: chinese ? "你的代码已修复" : "fixed in your code"
        case .scenariosPass: chinese ? "相关场景现在通过了" : "its scenarios pass now"
        case .shown: chinese ? "你的代码仍有这个缺陷" : "your code still shows it"
        case .notSeen: chinese ? "这次没有出现（只在部分运行中出现）" : "not seen in this run (it shows in some runs only)"
        }
    return chinese ? "  - \(defect.chineseTitle)：\(status)" : "  - \(defect.title): \(status)"
}
