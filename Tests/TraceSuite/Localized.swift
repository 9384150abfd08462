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
