import Foundation

// Where a generated program's traces part, in words: which entry, of which kind, from which
// of the program's sources, and which operators the program has. For the check's report and
// `make hint`, in the course's language.
public struct Parting: Sendable {
    public let index: Int
    public let expected: String?
    public let actual: String?
    public let operators: [String]

    public init?(_ program: Scenario, expected: [String], actual: [String]) {
        guard let index = firstDifference(expected, actual) else { return nil }
        self.index = index
        self.expected = index < expected.count ? expected[index] : nil
        self.actual = index < actual.count ? actual[index] : nil
        operators = program.operators.map { $0.code }
    }

    // "the source's dispose closure", "an element reaching subscriber a", …
    static func kind(of entry: String) -> String {
        let parsed = TraceEntry(entry)
        let event = parsed.event
        // An unlabelled entry is the source's, or the one subscriber's.
        let bySubscriber = event.hasPrefix("receive") || event == "onDisposed"
        let whose: String =
            switch parsed.label {
            case nil: bySubscriber ? tr("the subscriber", "订阅者") : tr("the source", "源")
            case "fallback"?: tr("catch's fallback", "catch 的备用序列")
            case let label? where label.hasPrefix("inner "):
                tr("the inner source for \(label.dropFirst(6))", "\(label.dropFirst(6)) 对应的内部序列")
            case let label? where label.hasPrefix("source "):
                tr("source \(label.dropFirst(7)) of merge or amb", "merge 或 amb 的第 \(label.dropFirst(7)) 个源")
            case let label?: tr("subscriber \(label)", "订阅者 \(label)")
            }
        // Before a Chinese character, a name that ends in Latin letters takes a space: 订阅者 a 的.
        let whoseZh = whose.last.map { $0.isASCII } == true ? whose + " " : whose
        if parsed.isStillAlive {
            return tr("an object that outlives the program", "程序结束后仍然存活的对象")
        }
        switch event {
        case "dispose": return tr("\(whose)'s dispose closure", "\(whoseZh)的释放闭包")
        case "subscribe": return tr("a new run of \(whose)'s generator", "\(whoseZh)的事件生成器又运行了一次")
        case "onDisposed": return tr("onDisposed of \(whose)", "\(whoseZh)的 onDisposed")
        case "receive completed": return tr("completed reaching \(whose)", "completed 到达\(whose)")
        case "connect", "disconnect", "deferred", "dispose subject": return "`\(event)`"  // both languages
        default: break
        }
        if event.hasPrefix("receive error") || event.hasPrefix("receive failure") {  // both languages
            return tr("an error reaching \(whose)", "错误到达\(whose)")
        }
        if event.hasPrefix("receive") { return tr("an element reaching \(whose)", "元素到达\(whose)") }
        if event.hasPrefix("send") { return tr("\(whose) sending", "\(whoseZh)发出事件") }
        if event.hasPrefix("map") { return tr("a call of map's transform", "map 的变换被调用") }
        if event.hasPrefix("unhandled") { return tr("an error nobody handled", "没人处理的错误") }
        return "«\(event)»"
    }

    // One sentence: "The traces part at entry 4: RxSwift prints «t1 dispose» (the source's
    // dispose closure), yours «t1 receive completed» (…). The program's operators: map, share()."
    public var sentence: String {
        let theirs =
            expected.map { "«\($0)»" + tr(" (\(Parting.kind(of: $0)))", "（\(Parting.kind(of: $0))）") }
            ?? tr("nothing more", "没有更多")
        let mine =
            actual.map { "«\($0)»" + tr(" (\(Parting.kind(of: $0)))", "（\(Parting.kind(of: $0))）") }
            ?? tr("nothing more", "没有更多")
        let ops =
            operators.isEmpty
            ? tr(" The program has no operator: look at the source and subscribe.", "程序里没有操作符：看看源和 subscribe。")
            : tr(" The program's operators: ", "程序用到的操作符：")
                + operators.map { "`\($0)`" }.joined(separator: tr(", ", "、"))
                + tr(".", "。")
        return tr(
            "The traces part at entry \(index + 1): expected \(theirs), yours \(mine).",
            "两条事件轨迹在第 \(index + 1) 条分开：期望 \(theirs)，你的是 \(mine)。") + ops
    }
}
