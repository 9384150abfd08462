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
    // In both languages: the course's language is what is unknown here.
    public var description: String {
        let choices = CourseLanguage.allCases.map { "\(CourseLanguage.variable)=\($0.rawValue)" }
        return "\(CourseLanguage.variable)=\(value) is not a language of the course; say "
            + choices.joined(separator: " or ") + "\n\(CourseLanguage.variable)=\(value) 不是课程的语言；请用 "
            + choices.joined(separator: " 或 ")
    }
}

// A message in the course's language: English, and its Chinese.
public func tr(_ english: String, _ chinese: String) -> String {
    CourseLanguage.current == .simplifiedChinese ? chinese : english
}

// Columns a terminal gives the text: two for a Chinese character or a full-width sign, one for
// the rest. What lines up or wraps Chinese output counts these, never characters.
public func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { count, scalar in count + (isWide(scalar) ? 2 : 1) }
}

// The text padded with spaces to `width` columns.
public func padded(_ text: String, toColumns width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - displayWidth(text)))
}

func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(scalar.value) }
}

// Two pieces of a Chinese sentence: a space between Chinese and Latin text, none between two
// Chinese characters (释放闭包在线程 1 上, dispose() 在线程 1 上).
public func spaced(_ left: String, _ right: String) -> String {
    guard let last = left.unicodeScalars.last, let first = right.unicodeScalars.first else { return left + right }
    return isWide(last) && isWide(first) ? left + right : left + " " + right
}
