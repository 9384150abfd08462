import Foundation

// A program of the scenario model as Swift a participant can paste into their step's
// `main.swift`, written with the step's own API (from step 07, RxSwift's: it compiles against
// RxSwift 6 unchanged). Times run on a small clock of the program's own (from step 10 the
// step's `HistoricalScheduler`), so it prints what the trace shows, in the same order.
extension Scenario {
    public func swiftCode(for step: Step) -> [String] {
        var writer = ProgramWriter(scenario: self, step: step)
        return writer.lines()
    }
}

private struct ProgramWriter {
    let scenario: Scenario
    let step: Step
    var code: [String] = []
    // Top-level names already used, so that each gets its number: source2, inner3.
    var errors: Set<String> = []
    // Whether a source counts its runs (`retryCounting`): the program then has a counter.
    var countsRuns = false
    // Errors whose case name is not what the trace calls them ("source2" is "source 2").
    var spokenErrors: [String: String] = [:]

    init(scenario: Scenario, step: Step) {
        self.scenario = scenario
        self.step = step
    }

    var rxSwift: Bool { step.isSecondAct }
    var signal: Bool { step.isSideStep }
    var usesScheduler: Bool { scenario.needs.contains(.schedulers) }
    var labels: [String?] { scenario.labels }

    mutating func lines() -> [String] {
        var body: [String] = []
        let sourceName = "source"
        body += source(named: sourceName)
        if scenario.isApp { return wrap(body) }
        // Freed on the clock before anything a subscriber sets going, as the harness schedules it.
        if let time = scenario.bagFreedAt { body.append("at(\(time)) { bag = nil }") }
        var chain = sourceName
        for (index, op) in scenario.operators.enumerated() {
            chain = apply(op, to: chain, index: index, into: &body)
        }
        // Several subscribers subscribe to one observable, as in the harness: written out for
        // each, a `share()` or an `asDriver` would be a new one per subscriber.
        if scenario.subscribers.count > 1 && chain != sourceName {
            body.append("let observable = \(chain)")
            chain = "observable"
        }
        body += subscriptions(of: chain)
        if scenario.bagFreedAt != nil || scenario.subscribers.contains(where: \.inBag) {
            body.insert("var bag: DisposeBag? = DisposeBag()", at: 0)
        }
        return wrap(body)
    }

    // The program's body with what it needs around it: its errors, its clock, its log.
    func wrap(_ body: [String]) -> [String] {
        var head: [String] = []
        if !errors.isEmpty && spokenErrors.isEmpty {
            head.append("enum Failure: Error { case \(errors.sorted().joined(separator: ", ")) }")
        } else if !errors.isEmpty {
            // Named as the trace names them: "source 2", not the case's "source2".
            let cases = errors.sorted().map { name in
                name.hasSuffix("(Int)")
                    ? "case .\(name.dropLast(5))(let n): \"\(name.dropLast(5))(\\(n))\""
                    : "case .\(name): \"\(spokenErrors[name] ?? name)\""
            }
            head.append("enum Failure: Error, CustomStringConvertible {")
            head.append("    case \(errors.sorted().joined(separator: ", "))")
            head.append("    var description: String { switch self { \(cases.joined(separator: "; ")) } }")
            head.append("}")
        }
        if countsRuns { head.append("nonisolated(unsafe) var runs = 0") }
        head += errorNaming
        if scenario.tracesUnhandledErrors {
            head.append("Hooks.defaultErrorHandler = { _, error in log(\"unhandled error(\(named("error")))\") }")
        }
        // The clock's state is the program's own and only its thread touches it: `at` and `log`
        // are plain functions that a source's closure, or a type of the program's own, can call.
        if usesScheduler {
            head += [
                "nonisolated(unsafe) let scheduler = HistoricalScheduler()",
                "nonisolated var now: Int { Int(scheduler.now.timeIntervalSince1970) }",
                "func at(_ time: Int, _ run: @escaping () -> Void) { _ = scheduler.scheduleRelative((), dueTime: .seconds(time - now)) { _ in run(); return Disposables.create() } }",
            ]
        } else if scenario.hasClock {
            head += [
                "nonisolated(unsafe) var now = 0, plan: [(time: Int, run: () -> Void)] = []",
                "func at(_ time: Int, _ run: @escaping () -> Void) { plan.append((time, run)) }",
            ]
        }
        head.append(
            scenario.hasClock
                ? "func log(_ line: String) { print(\"t\\(now) \\(line)\") }"
                : "func log(_ line: String) { print(line) }")
        var tail: [String] = []
        if usesScheduler {
            tail.append("scheduler.start()")
        } else if scenario.hasClock {
            tail.append(
                "while let next = plan.indices.min(by: { plan[$0].time < plan[$1].time }) { now = plan[next].time; plan.remove(at: next).run() }"
            )
        }
        if scenario.needs.contains(.bindings) {
            return head + ["SharingScheduler.mock(scheduler: scheduler) {"] + (body + tail).map { "    " + $0 } + ["}"]
        }
        return head + body + tail
    }

    // `log("inner 3: send 10")`: an entry as the trace spells it.
    func log(_ entry: String, by label: String? = nil) -> String {
        "log(\"\(label.map { "\($0): " } ?? "")\(entry)\")"
    }

    mutating func failure(_ origin: String) -> String {
        let name = origin.replacingOccurrences(of: " ", with: "")
        errors.insert(name)
        if name != origin { spokenErrors[name] = origin }
        return "Failure.\(name)"
    }

    // What sends a signal into `observer`, as the step spells it.
    mutating func send(_ signal: Signal, into observer: String, trait: TraitKind?, label: String?) -> String {
        let event: String
        switch (signal, trait) {
        case (.next(let value), _?): event = "\(observer)(.success(\(value)))"
        case (.error(let origin), .single?): event = "\(observer)(.failure(\(failure(origin))))"
        case (.error(let origin), _?): event = "\(observer)(.error(\(failure(origin))))"
        case (.completed, _?): event = "\(observer)(.completed)"
        case (.next(let value), nil):
            event =
                signal.isNext && self.signal
                ? "\(observer)(.success(\(value)))"
                : rxSwift ? "\(observer).onNext(\(value))" : "\(observer).on(event: .next(\(value)))"
        case (.error(let origin), nil):
            event =
                rxSwift
                ? "\(observer).onError(\(failure(origin)))" : "\(observer).on(event: .error(\(failure(origin))))"
        case (.completed, nil): event = rxSwift ? "\(observer).onCompleted()" : "\(observer).on(event: .completed)"
        }
        return "\(log("send \(signal.traceName)", by: label)); \(event)"
    }

    // A run's error that names the run, as the harness sends it under `retryCounting`.
    mutating func attemptFailure(into observer: String, label: String?) -> String {
        errors.insert("attempt(Int)")
        return "\(log("send error(attempt(\\(run)))", by: label)); "
            + (rxSwift
                ? "\(observer).onError(Failure.attempt(run))" : "\(observer).on(event: .error(Failure.attempt(run)))")
    }

    // A cold source playing `script`: its events at once and on the clock, its dispose closure.
    // `countsAttempts`: each run counts itself, and its error names the run ("attempt(2)").
    mutating func create(
        _ script: SourceScript, trait: TraitKind? = nil, label: String? = nil, inline: Bool = true,
        countsAttempts: Bool = false, runsLabelled: Bool = false
    ) -> [String] {
        let observer = trait.map { $0.rawValue.lowercased() } ?? "observer"
        let type = trait.map { $0 == .completable ? "Completable" : "\($0.rawValue)<Int>" } ?? "Observable<Int>"
        let opening =
            signal
            ? "{ () -> Signal<Int> in let (observer, signal) = Signal<Int>.empty()"
            : step.rawValue <= 4 && !rxSwift ? "Observable<Int> { observer in" : "\(type).create { \(observer) in"
        var lines = [opening]
        // The harness labels the source's runs in turn with the subscribers' labels ("a: send 1").
        let runLabels = runsLabelled && labels.contains { $0 != nil } ? labels : []
        if countsAttempts || !runLabels.isEmpty {
            countsRuns = true
            lines.append("    runs += 1; let run = runs")
        }
        if !runLabels.isEmpty {
            let names = runLabels.map { "\"\($0.map { "\($0): " } ?? "")\"" }.joined(separator: ", ")
            lines.append("    let who = run <= \(runLabels.count) ? [\(names)][run - 1] : \"\"")
        }
        if script.tracesRuns { lines.append("    " + log("subscribe", by: label)) }
        // Elements sent one after another at one time go in one loop.
        var index = 0
        let actions = script.actions
        while index < actions.count {
            let action = actions[index]
            var run = [action]
            while trait == nil, case .next = action.signal, index + run.count < actions.count,
                actions[index + run.count].time == action.time, case .next = actions[index + run.count].signal
            {
                run.append(actions[index + run.count])
            }
            index += run.count
            let sent: String
            if run.count > 1 {
                let values = run.compactMap { if case .next(let value) = $0.signal { value } else { nil } }
                let one = send(.next(98_765), into: observer, trait: trait, label: label)
                    .replacingOccurrences(of: "send 98765", with: "send \\(value)")
                    .replacingOccurrences(of: "98765", with: "value")
                sent = "for value in \(values) { \(one) }"
            } else if countsAttempts, case .error = action.signal, trait == nil {
                sent = attemptFailure(into: observer, label: label)
            } else {
                sent = send(action.signal, into: observer, trait: trait, label: label)
            }
            lines.append("    " + (action.time == 0 ? sent : "at(now + \(action.time)) { \(sent) }"))
        }
        if signal {
            lines.append("    return signal }()")
            return lines
        }
        if step.capabilities.contains(.dispose) {
            var closure = [log("dispose", by: label)]
            if let sent = script.sendsWhenDisposed {
                if countsAttempts, case .error = sent, trait == nil {
                    closure.append(attemptFailure(into: observer, label: label))
                } else {
                    closure.append(send(sent, into: observer, trait: trait, label: label))
                }
            }
            if script.disposeClosureCapturesObserver { closure.append("_ = \(observer)") }
            let make = rxSwift ? "Disposables.create" : "AnonymousDisposable"
            lines.append(
                "    return "
                    + (script.hasDisposeClosure
                        ? "\(make) { \(closure.joined(separator: "; ")) }" : rxSwift ? "\(make)()" : "\(make) {}"))
        }
        lines.append("}")
        if !runLabels.isEmpty {
            lines = [lines[0]] + lines.dropFirst().map { $0.replacingOccurrences(of: "log(\"", with: "log(\"\\(who)") }
        }
        // A short one on one line: the smallest failing program stays a few lines long.
        let joined =
            lines[0] + " "
            + lines.dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "; ") + " }"
        return inline && lines.count <= 6 && joined.count <= 180 ? [joined] : lines
    }

    mutating func source(named name: String) -> [String] {
        switch scenario.kind {
        case .create:
            return assign(
                name,
                create(
                    scenario.source, countsAttempts: scenario.errorsCountAttempts, runsLabelled: !scenario.isShared))
        case .app(let actions):
            return searchScreen(actions)
        case .plainSubscribedOnScheduler:
            // A type of the program's own, not an Observable, subscribed on the scheduler.
            let body = create(scenario.source, inline: false, runsLabelled: !scenario.isShared)
            return [
                "struct Plain: ObservableType {",
                "    typealias Element = Int",
                "    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {",
            ] + body.dropFirst().dropLast().map { "    " + $0 } + [
                "    }", "}", "let \(name) = Plain().subscribe(on: scheduler)",
            ]
        case .deferred:
            return assign(
                "made",
                create(
                    scenario.source, countsAttempts: scenario.errorsCountAttempts, runsLabelled: !scenario.isShared))
                + ["let \(name) = Observable.deferred { \(log("deferred")); return made }"]
        case .trait(let trait):
            return assign(name, create(scenario.source, trait: trait, runsLabelled: !scenario.isShared))
        case .just(let element): return ["let \(name) = Observable.just(\(element))"]
        case .empty: return ["let \(name) = Observable<Int>.empty()"]
        case .never: return ["let \(name) = Observable<Int>.never()"]
        case .error: return ["let \(name) = Observable<Int>.error(\(failure("source")))"]
        case .publishSubject, .behaviorSubject, .replaySubject:
            var lines =
                if case .behaviorSubject(let value) = scenario.kind {
                    ["let subject = BehaviorSubject(value: \(value))"]
                } else if case .replaySubject(let size) = scenario.kind {
                    ["let subject = ReplaySubject<Int>.create(bufferSize: \(size))"]
                } else if signal {
                    ["let (sink, subject) = Signal<Int>.empty()"]
                } else {
                    ["let subject = PublishSubject<Int>()"]
                }
            lines.append("let \(name) = subject" + (signal ? "" : ".asObservable()"))
            // What is pushed at one time goes on one line.
            var pushed: [(time: Int, text: String)] = []
            for action in scenario.source.actions {
                let text = send(action.signal, into: signal ? "sink" : "subject", trait: nil, label: nil)
                if let last = pushed.last, last.time == action.time {
                    pushed[pushed.count - 1].text += "; " + text
                } else {
                    pushed.append((action.time, text))
                }
            }
            for (time, text) in pushed {
                lines.append("at(\(time)) { \(text) }")
            }
            for probe in scenario.probes {
                switch probe.question {
                case .hasObservers: lines.append("at(\(probe.time)) { log(\"hasObservers \\(subject.hasObservers)\") }")
                case .value:
                    lines.append(
                        "at(\(probe.time)) { do { log(\"value \\(try subject.value())\") } catch { log(\"value error(\(named("error")))\") } }"
                    )
                case .dispose: lines.append("at(\(probe.time)) { \(log("dispose subject")); subject.dispose() }")
                }
            }
            return lines
        }
    }

    // Step 14's search screen: the view model on a query and refresh taps, its three outputs
    // driven as the screen's labels would be, the network agent's events logged.
    mutating func searchScreen(_ actions: [AppAction]) -> [String] {
        var lines = [
            "let agent = NetworkAgent(); agent.onEvent = { log($0) }",
            "let query = PublishSubject<String>(), refresh = PublishSubject<Void>()",
            "var viewModel: SearchViewModel? = SearchViewModel(agent: agent)",
            "let output = viewModel!.transform(input: SearchViewModel.Input(query: query.asDriver(onErrorJustReturn: \"\"), refresh: refresh.asSignal(onErrorJustReturn: ())))",
            "var screen: DisposeBag? = DisposeBag()",
            "output.results.drive(onNext: { log(\"results [\\($0.joined(separator: \", \"))]\") }).disposed(by: screen!)",
            "output.isLoading.drive(onNext: { log(\"loading \\($0)\") }).disposed(by: screen!)",
            "output.errorMessage.drive(onNext: { log(\"error \\($0 ?? \"none\")\") }).disposed(by: screen!)",
        ]
        for action in actions {
            switch action {
            case .type(let text, let time):
                lines.append("at(\(time)) { log(\"type \(text)\"); query.onNext(\"\(text)\") }")
            case .refresh(let time): lines.append("at(\(time)) { log(\"tap refresh\"); refresh.onNext(()) }")
            case .reply(let request, let titles, let time):
                let list = titles.joined(separator: ", ")
                lines.append(
                    "at(\(time)) { log(\"request \(request) answers [\(list)]\"); agent.reply(to: \(request), with: [\"titles\": \(titles)]) }"
                )
            case .fail(let request, let time):
                lines.append(
                    "at(\(time)) { log(\"request \(request) fails\"); agent.fail(\(request), with: \(failure("server"))) }"
                )
            case .close(let time):
                lines.append("at(\(time)) { log(\"close the screen\"); screen = nil; viewModel = nil }")
            }
        }
        return lines
    }

    func assign(_ name: String, _ lines: [String]) -> [String] {
        ["let \(name) = " + lines[0]] + lines.dropFirst()
    }

    // The chain after one more operator; sources it needs go into `body` first.
    mutating func apply(_ op: Operator, to chain: String, index: Int, into body: inout [String]) -> String {
        switch op {
        case .times(let factor): return "\(chain).map { $0 * \(factor) }"
        case .plus(let addend): return "\(chain).map { $0 + \(addend) }"
        case .tracedTimes(let factor): return "\(chain).map { \(log("map \\($0)")); return $0 * \(factor) }"
        case .failing(let value): return "\(chain).map { if $0 == \(value) { throw \(failure("map")) }; return $0 }"
        case .observeOnScheduler: return "\(chain).observe(on: scheduler)"
        case .share, .refCounted, .catchAndReturn, .retry, .retryCounting: return "\(chain).\(op.code)"
        case .asTrait(let kind) where kind.isShared: return "\(chain).\(op.code)"
        case .asTrait: return "\(chain).\(op.code)"
        case .connectable(_, let connects, let disconnects):
            let name = "connectable\(index + 1)"
            body.append("let \(name) = \(chain).\(op.code)")
            let connections = "connections\(index + 1)"
            body.append("var \(connections): [Disposable] = []")
            for time in connects {
                body.append("at(\(time)) { \(log("connect")); \(connections).append(\(name).connect()) }")
            }
            for time in disconnects {
                body.append(
                    "at(\(time)) { \(log("disconnect")); if !\(connections).isEmpty { \(connections).removeLast().dispose() } }"
                )
            }
            return name
        case .flatten(let kind, let inners):
            let trait = traitKind(before: index)
            let type = trait.map { "\($0.rawValue)<Int>" } ?? (signal ? "Signal<Int>" : "Observable<Int>")
            // Cold inners in a dictionary, each subscribed when its element comes; a signal
            // starts when it is made, so the side step's are made by a function when asked.
            if !signal && inners.isEmpty {
                body.append("let inners\(index + 1): [Int: \(type)] = [:]")
                return "\(chain).\(kind) { inners\(index + 1)[$0] ?? \(trait == nil ? ".empty()" : ".never()") }"
            }
            if !signal {
                body.append("let inners\(index + 1): [Int: \(type)] = [")
                for (element, script) in inners.sorted(by: { $0.key < $1.key }) {
                    let made = create(script, trait: trait, label: "inner \(element)")
                    body.append("    \(element): " + made[0])
                    body += made.dropFirst().dropLast().map { "    " + $0 } + ["    " + made.last! + ","]
                    if made.count == 1 {
                        body[body.count - 2] += ","
                        body.removeLast()
                    }
                }
                body.append("]")
                return "\(chain).\(kind) { inners\(index + 1)[$0] ?? \(trait == nil ? ".empty()" : ".never()") }"
            }
            body.append("@MainActor func inner\(index + 1)(_ element: Int) -> \(type) {")
            body.append("    switch element {")
            for (element, script) in inners.sorted(by: { $0.key < $1.key }) {
                let made = create(script, trait: trait, label: "inner \(element)")
                body.append("    case \(element): return " + made[0])
                body += made.dropFirst().map { "    " + $0 }
            }
            body.append(
                "    default: return " + (trait == nil ? (signal ? "Signal<Int>.empty().1" : ".empty()") : ".never()"))
            body.append("    }")
            body.append("}")
            return "\(chain).\(kind) { inner\(index + 1)($0) }"
        case .merge(let others), .amb(let others, _):
            for (offset, script) in others.enumerated() {
                body += assign("source\(offset + 2)", create(script, label: "source \(offset + 2)"))
            }
            if case .amb(_, .instance) = op { return "\(chain).amb(source2)" }
            let all = ([chain] + others.indices.map { "source\($0 + 2)" }).joined(separator: ", ")
            return if case .merge = op { "Observable.merge(\(all))" } else { "Observable.amb([\(all)])" }
        case .catchWith(let fallback):
            body += assign("fallback", create(fallback, label: "fallback"))
            return "\(chain).catch { _ in fallback }"
        case .catchThrowing:
            return "\(chain).catch { _ in throw \(failure("handler")) }"
        case .withLatestFrom(let second):
            body += assign("source2", create(second, label: "source 2"))
            return "\(chain).withLatestFrom(source2)"
        }
    }

    func traitKind(before index: Int) -> TraitKind? {
        var kind = scenario.kind.traitKind
        for op in scenario.operators.prefix(index) { if case .asTrait(let trait) = op { kind = trait } }
        return kind
    }

    mutating func subscriptions(of chain: String) -> [String] {
        var lines: [String] = []
        let needsName = Set(scenario.subscribers.compactMap { $0.disposesOther?.subscriber })
        for (index, (script, label)) in zip(scenario.subscribers, labels).enumerated() {
            let name = label ?? "subscription"
            func on(_ value: Int?) -> String? {
                var actions: [String] = []
                if let (at, other) = script.disposesOther, value == at {
                    actions.append(disposing(labels[other] ?? "subscription", optional: true))
                }
                if let (at, sent) = script.sends, value == at {
                    actions.append(
                        "\(log("send \(sent)", by: label)); \(signal ? "sink(.success(\(sent)))" : "subject.onNext(\(sent))")"
                    )
                }
                if let at = script.asksValueOnReceiving, value == at {
                    actions.append(
                        "do { \(log("value \\(try subject.value())", by: label)) } catch { \(log("value error(\(self.named("error")))", by: label)) }"
                    )
                }
                if let at = script.disposeOnReceiving, value == at { actions.append(disposing(name, optional: true)) }
                return actions.isEmpty ? nil : actions.joined(separator: "; ")
            }
            let reactions = Set(
                [
                    script.disposeOnReceiving, script.disposesOther?.onReceiving, script.sends?.onReceiving,
                    script.asksValueOnReceiving,
                ].compactMap { $0 })
            let onNext =
                reactions.isEmpty
                ? "\(log("receive \\($0)", by: label))"
                : "\(log("receive \\($0)", by: label)); "
                    + reactions.sorted().map { "if $0 == \($0) { \(on($0)!) }" }.joined(separator: "; ")
            let completing = scenario.subscribers.indices.filter {
                scenario.subscribers[$0].subscribesOnCompletedOf == index
            }
            let onCompleted =
                [log("receive completed", by: label)] + completing.map { "subscribe\(labels[$0]!.uppercased())()" }
            let handlers = handlersCode(
                script.style, onNext: onNext, onCompleted: onCompleted.joined(separator: "; "), label: label)
            // The side step ends a subscription by letting go of its Disposable: a variable.
            let named =
                script.disposeOnReceiving != nil || needsName.contains(index)
                || (signal && !script.disposeTimes.isEmpty)
            let subscribe = "\(chain).\(handlers)"
            // Where its disposable goes: a variable when something disposes it (one of its
            // own, "…Later", for a subscriber that comes later), else nowhere, or the bag.
            let later = script.subscribesOnCompletedOf != nil || script.subscribeTime > 0
            let holds = step.capabilities.contains(.dispose) && (named || !script.disposeTimes.isEmpty)
            let variable = named || !later ? name : "\(name)Later"
            // Into the bag while there is one: a subscriber that comes after it was freed stays out.
            let bagged =
                script.inBag
                ? "; if let bag { \(variable)\(holds && (named || later) ? "!" : "").disposed(by: bag) }" : ""
            let statement: String =
                if step == .rxDemo01 {
                    subscribe
                } else if holds {
                    (named || later ? "" : "let ") + "\(variable) = \(subscribe)" + bagged
                } else if script.inBag {
                    "let \(variable) = \(subscribe)" + bagged
                } else {
                    (later ? "_ = " : "let \(name) = ") + subscribe
                }
            if holds && (named || later) { lines.insert("var \(variable): Disposable?", at: 0) }
            let disposes = script.disposeTimes.map {
                "at(\($0)) { \(disposing(variable, optional: named || later)) }"
            }
            if script.subscribesOnCompletedOf != nil {
                lines.append("@MainActor func subscribe\(label!.uppercased())() {")
                lines.append("    " + statement)
                lines.append("}")
            } else if script.subscribeTime > 0 {
                lines.append("at(\(script.subscribeTime)) {")
                lines.append("    " + statement)
                lines += disposes.map { "    " + $0 }
                lines.append("}")
            } else {
                lines.append(statement)
                lines += disposes
            }
        }
        return lines
    }

    // An observer's event as the trace spells it: the element alone, then error(…) and completed.
    func eventSwitch(onNext: String, onCompleted: String, label: String?) -> String {
        "switch event { case .next(let element): \(onNext.replacingOccurrences(of: "$0", with: "element")); "
            + "case .error(let error): \(log("receive error(\(named("error")))", by: label)); case .completed: \(onCompleted) }"
    }

    // RxSwift's own errors named as the trace names them (`tracedName`): "RxError.noElements",
    // and a disposed subject's type without its module. Other errors as they describe themselves.
    var namesRxErrors: Bool { rxSwift && (scenario.probes.contains { $0.question == .dispose } || namesTraitErrors) }
    var namesTraitErrors: Bool {
        scenario.operators.contains {
            if case .asTrait(let kind) = $0 { kind == .single || kind == .maybe } else { false }
        }
    }

    // An interpolation of the error in `variable`, as the trace spells it.
    func named(_ variable: String) -> String {
        namesRxErrors ? "\\(name(\(variable)))" : "\\(\(variable))"
    }

    var errorNaming: [String] {
        guard namesRxErrors else { return [] }
        return ["func name(_ error: Error) -> String {"]
            + (namesTraitErrors
                ? [
                    "    if case RxError.noElements = error { return \"RxError.noElements\" }",
                    "    if case RxError.moreThanOneElement = error { return \"RxError.moreThanOneElement\" }",
                ] : [])
            + [
                "    guard case RxError.disposed(let object) = error else { return \"\\(error)\" }",
                "    var type = String(String(reflecting: Swift.type(of: object)).drop { $0 != \".\" }.dropFirst())",
                "    if type.hasPrefix(\"(unknown context\"), let end = type.firstIndex(of: \")\") { type = String(type[type.index(end, offsetBy: 2)...]) }",
                "    return \"Object `\\(type)` was already disposed.\"",
                "}",
            ]
    }

    // What ends a subscription: `dispose()`, or in the side step letting go of the Disposable.
    func disposing(_ variable: String, optional: Bool) -> String {
        signal ? "\(variable) = nil" : "\(variable)\(optional ? "?" : "").dispose()"
    }

    // How one subscriber subscribes, with handlers that log what they get.
    func handlersCode(_ style: SubscriberScript.SubscribeStyle, onNext: String, onCompleted: String, label: String?)
        -> String
    {
        let error = "\(log("receive error(\(named("$0")))", by: label))"
        let disposed = log("onDisposed", by: label)
        switch style {
        case .observer where signal:
            return
                "subscribe { if case .success(let value) = $0 { \(onNext.replacingOccurrences(of: "$0", with: "value")) } }"
        case .observer where rxSwift:
            return "subscribe { event in \(eventSwitch(onNext: onNext, onCompleted: onCompleted, label: label)) }"
        case .observer:
            return
                "subscribe(observer: Observer<Int> { event in \(eventSwitch(onNext: onNext, onCompleted: onCompleted, label: label)) })"
        case .handlers:
            return
                "subscribe(onNext: { \(onNext) }, onError: { \(error) }, onCompleted: { \(onCompleted) }, onDisposed: { \(disposed) })"
        case .handlersWithoutOnError:
            return "subscribe(onNext: { \(onNext) }, onCompleted: { \(onCompleted) }, onDisposed: { \(disposed) })"
        case .buffer(let timeSpan, let count):
            return
                "buffer(timeSpan: .seconds(\(timeSpan)), count: \(count), scheduler: scheduler).subscribe(onNext: { \(log("receive \\($0)", by: label)) }, onError: { \(error) }, onCompleted: { \(onCompleted) })"
        case .trait(let form):
            let success = log("receive success(\\($0))", by: label)
            let failure = log("receive failure(\(named("$0")))", by: label)
            switch (form, traitKind(before: scenario.operators.count)) {
            case (.optionalObserver, let kind?):
                let optional = eventSwitch(
                    onNext: onNext.replacingOccurrences(of: "$0", with: "element!"), onCompleted: onCompleted,
                    label: label)
                return "\(kind == .driver ? "drive(" : "emit(to: ")AnyObserver<Int?> { event in \(optional) })"
            case (_, .driver?):
                return "drive(onNext: { \(onNext) }, onCompleted: { \(onCompleted) }, onDisposed: { \(disposed) })"
            case (_, .signal?):
                return "emit(onNext: { \(onNext) }, onCompleted: { \(onCompleted) }, onDisposed: { \(disposed) })"
            case (.events, let kind):
                // Each case as the trace spells it: "receive success(1)", "receive failure(source)".
                let cases =
                    switch kind {
                    case .single?:
                        [
                            "case .success(let element): " + success.replacingOccurrences(of: "$0", with: "element"),
                            "case .failure(let error): " + failure.replacingOccurrences(of: "$0", with: "error"),
                        ]
                    case .maybe?:
                        [
                            "case .success(let element): " + success.replacingOccurrences(of: "$0", with: "element"),
                            "case .error(let error): " + error.replacingOccurrences(of: "$0", with: "error"),
                            "case .completed: " + onCompleted,
                        ]
                    default:
                        [
                            "case .error(let error): " + error.replacingOccurrences(of: "$0", with: "error"),
                            "case .completed: " + onCompleted,
                        ]
                    }
                return "subscribe { event in switch event { \(cases.joined(separator: "; ")) } }"
            case (let form, .single?):
                return "subscribe(onSuccess: { \(success) }"
                    + (form == .handlers ? ", onFailure: { \(failure) }" : "") + ", onDisposed: { \(disposed) })"
            case (let form, .maybe?):
                return "subscribe(onSuccess: { \(success) }" + (form == .handlers ? ", onError: { \(error) }" : "")
                    + ", onCompleted: { \(onCompleted) }, onDisposed: { \(disposed) })"
            case (let form, _):
                return "subscribe(onCompleted: { \(onCompleted) }"
                    + (form == .handlers ? ", onError: { \(error) }" : "") + ", onDisposed: { \(disposed) })"
            }
        }
    }
}

extension Signal {
    var isNext: Bool { if case .next = self { true } else { false } }
}
