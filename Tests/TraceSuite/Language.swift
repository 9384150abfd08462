import Foundation

// MARK: - The course's language

// The workshop speaks English or Simplified Chinese: COURSE_LANG (en, zh-Hans) when set, else
// the participant's locale (LC_ALL, LC_MESSAGES, LANG starting with "zh"). Traces, scenario
// names, file names and compiler errors stay as they are in both.
public enum CourseLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    public static let variable = "COURSE_LANG"

    // The language the environment asks for; nil (with the value) when COURSE_LANG names none.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<CourseLanguage, InvalidLanguage>
    {
        if let chosen = environment[variable], !chosen.isEmpty {
            let known =
                allCases.first { $0.rawValue.lowercased() == chosen.lowercased() }
                ?? (chosen.lowercased().hasPrefix("zh") ? .simplifiedChinese : nil)
            return known.map { .success($0) } ?? .failure(InvalidLanguage(value: chosen))
        }
        // POSIX order: LC_ALL overrides LC_MESSAGES, which overrides LANG.
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return .success(locale.lowercased().hasPrefix("zh") ? .simplifiedChinese : .english)
    }

    public static let current: CourseLanguage = (try? fromEnvironment().get()) ?? .english
}

public struct InvalidLanguage: Error, CustomStringConvertible {
    public let value: String
    public var description: String {
        "\(CourseLanguage.variable)=\(value) is not a language of the course; say "
            + CourseLanguage.allCases.map { "\(CourseLanguage.variable)=\($0.rawValue)" }.joined(separator: " or ")
    }
}

// A message in the course's language: English, and its Chinese.
public func tr(_ english: String, _ chinese: String) -> String {
    CourseLanguage.current == .simplifiedChinese ? chinese : english
}
