import Foundation
import TraceSuite

// The course's acts in course order, for `make progress`: each run of steps of one act, so a
// new step joins its act by its case in `enum Step` alone.
let acts: [(name: String, chineseName: String, steps: [Step])] = Step.allCases.reduce(into: []) { acts, step in
    if let last = acts.last?.steps.last, last.act == step.act {
        acts[acts.count - 1].steps.append(step)
    } else {
        let (name, chineseName) = actName(step.act)
        acts.append((name, chineseName, [step]))
    }
}

func actName(_ act: Int) -> (String, String) {
    switch act {
    case 0: ("The side step", "旁支步骤")  // both languages
    case 1: ("The core", "核心")  // both languages
    case 2: ("The second act", "第二幕")  // both languages
    default: ("The third act", "第三幕")  // both languages
    }
}

func progress(root: String) {
    print(tr("Workshop progress (\(root)/):", "工作坊进度（\(root)/）："))
    var done: Set<Step> = []
    var started: Set<Step> = []
    for step in Step.allCases {
        let workspace = Workspace(step: step, root: root)
        var state = tr("not started", "未开始")
        if isDirectory(workspace.path) {
            started.insert(step)
            state = tr("started, not checked yet", "已开始，还没检查过")
            if let last = LastCheck(of: workspace) {
                state = spoken(summary: last.summary)
                if last.done && last.isCurrent(for: workspace) { done.insert(step) }
                if !last.isCurrent(for: workspace) { state += tr(" (changed since the last check)", "（上次检查之后改过）") }
            }
            if let origin = workspace.origin {
                state += tr("; started from \(origin)", "；起点：\(spoken(origin: origin))")
            }
        }
        let aside = ((try? files.contentsOfDirectory(atPath: root)) ?? []).filter {
            $0.hasPrefix("\(workspace.name).reset-")
        }
        if !aside.isEmpty {
            state +=
                tr("; moved aside by make reset: ", "；被 make reset 移走的：")
                + aside.sorted().map { "\(root)/\($0)" }.joined(separator: ", ")
        }
        print("  \(step)  \(state)")
    }
    guard done.count < Step.allCases.count else {
        print(
            tr(
                "All \(Step.allCases.count) steps are done. What real RxSwift adds beyond them: Docs/beyond-06.md",
                "全部 \(Step.allCases.count) 步都完成了。真正的 RxSwift 在它们之外还有什么：Docs/zh-Hans/beyond-06.md"))
        return
    }
    // Each act on its own: a participant may take the second act first, from the reference.
    var next: String? = nil
    for act in acts {
        let steps = act.steps
        let range = steps.count == 1 ? steps[0].number : "\(steps.first!.number)-\(steps.last!.number)"
        // Chinese names a range of steps as the pages do: 第 01–06 步 (the side step by its name).
        let chineseRange =
            steps.count == 1 && Int(steps[0].number) == nil
            ? steps[0].number : "第 \(range.replacingOccurrences(of: "-", with: "–")) 步"
        let doneHere = steps.filter(done.contains)
        let underWay = steps.first { started.contains($0) && !done.contains($0) }
        let notStarted = steps.first { !started.contains($0) }
        if doneHere.count == steps.count {
            print(tr("\(act.name) (\(range)): done.", "\(act.chineseName)（\(chineseRange)）：已完成。"))
        } else if let underWay {
            print(
                tr(
                    "\(act.name) (\(range)): \(doneHere.count) of \(steps.count) done, \(underWay) under way.",
                    "\(act.chineseName)（\(chineseRange)）：完成 \(doneHere.count)/\(steps.count)，\(underWay) 进行中。"))
            next = next ?? "make check STEP=\(underWay.number)"  // both languages
        } else if let notStarted {
            let what =
                doneHere.isEmpty
                ? tr("not started", "未开始")
                : tr("\(doneHere.count) of \(steps.count) done", "完成 \(doneHere.count)/\(steps.count)")
            print(tr("\(act.name) (\(range)): \(what).", "\(act.chineseName)（\(chineseRange)）：\(what)。"))
            next = next ?? "make start STEP=\(notStarted.number)"  // both languages
        }
    }
    if let next { print(tr("Next: \(next)", "下一步：\(next)")) }
}

extension Command {
    static let progress = Command(name: "progress", takes: "", help: "every step: not started, k of m, done") {
        Workshop.progress(root: $0.root)
        return 0
    }
}
