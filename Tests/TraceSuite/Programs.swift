import Foundation

// Programs nobody wrote by hand: sources, operators and subscribers drawn from a fixed seed,
// using only what a step has, on the scenarios' own model and clock. The hand-written
// scenarios are the lessons; these are the net under them. Each program's expected trace is
// recorded from RxSwift and from the reference step (Tests/Generated), never from the code
// under check, and a check reports the smallest program whose trace differs.
public struct GeneratedProgram: Sendable {
    // Its place in the step's list, smallest first: "program 12".
    public let number: Int
    public let scenario: Scenario
    // Operators, subscribers, events and actions, counted: what "smallest" means.
    public let size: Int
    // Names the program independently of how it is printed, so that recorded traces are
    // never judged against a different program.
    public let fingerprint: String
}

extension Step {
    // How many programs a step gets: at least 1,000 where RxSwift's traces are recorded for
    // the references (07 on), fewer where the step's API is small and repeats itself sooner.
    public var generatedProgramCount: Int { !isSecondAct ? 500 : rawValue >= 11 ? 1500 : 1000 }

    // The step's programs, smallest first; the same on every machine and in every run, so
    // drawn once per process.
    // None for the demand act, whose programs are DemandPrograms.swift's.
    public var generatedPrograms: [GeneratedProgram] {
        if isDemandAct { return [] }
        if let drawn = DrawnPrograms.lock.withLock({ DrawnPrograms.byStep[self] }) { return drawn }
        let programs = drawPrograms()
        DrawnPrograms.lock.withLock { DrawnPrograms.byStep[self] = programs }
        return programs
    }

    private func drawPrograms() -> [GeneratedProgram] {
        let replayed = drawPrograms(DrawnDecisions(draw: "\(self)"))
        return replayed ?? drawPrograms(DrawnDecisions(draw: "\(self)", replay: false))!
    }

    // nil when `decisions` replayed a file that is not this draw's.
    private func drawPrograms(_ decisions: DrawnDecisions) -> [GeneratedProgram]? {
        var generator = ProgramGenerator(
            capabilities: capabilities, disposalRecurses: defects.contains { $0.symptom == .crashes },
            seed: 0x5EED_0000 &+ UInt64(rawValue))
        var seen: Set<String> = []
        var drawn: [(scenario: Scenario, size: Int, fingerprint: String)] = []
        // In a replay the key was never made: the fingerprint is the file's, or, for the
        // programs a replay checks, made from a description.
        func fingerprint(_ scenario: Scenario, _ key: String) -> String {
            decisions.fingerprint { fnv1a(key.isEmpty ? scenario.canonicalDescription : key) }
        }
        var attempts = 0
        var drawnBase = 0
        while drawnBase < generatedProgramCount && attempts < generatedProgramCount * 20 {
            attempts += 1
            // Sizes climb from a source and one subscriber to several operators and subscribers.
            let budget = 1 + (drawnBase * 9) / generatedProgramCount
            let drawnScenario = generator.program(budget: budget)
            guard decisions.decide({ drawnScenario?.needs.isSubset(of: capabilities) == true }),
                let scenario = drawnScenario
            else { continue }
            // Each program comes with a simpler sibling (one subscriber, nothing asked of a
            // subject, no bag): where both fail, the check shows the sibling, the shorter one.
            // (A description is costly, reflection all the way down: each is made once.)
            var scenarioKey = ""
            guard
                decisions.decide({
                    scenarioKey = scenario.canonicalDescription
                    return seen.insert(scenarioKey).inserted
                })
            else { continue }
            drawnBase += 1
            let size = scenario.programSize
            drawn.append((scenario, size, fingerprint(scenario, scenarioKey)))
            let sibling = scenario.simplified
            var siblingKey = ""
            guard
                decisions.decide({
                    guard sibling.needs.isSubset(of: capabilities), sibling.programSize <= size else { return false }
                    siblingKey = sibling.canonicalDescription
                    return siblingKey == scenarioKey || seen.insert(siblingKey).inserted
                })
            else { continue }
            drawn.append((sibling, sibling.programSize, fingerprint(sibling, siblingKey)))
        }
        guard decisions.finish() else { return nil }
        let ordered = drawn.enumerated().sorted { ($0.element.size, $0.offset) < ($1.element.size, $1.offset) }
        return ordered.enumerated().map { number, entry in
            GeneratedProgram(
                number: number + 1, scenario: entry.element.scenario, size: entry.element.size,
                fingerprint: entry.element.fingerprint)
        }
    }
}

private enum DrawnPrograms {
    static let lock = NSLock()
    nonisolated(unsafe) static var byStep: [Step: [GeneratedProgram]] = [:]
}

// 64-bit FNV-1a, as hex: short names for long descriptions.
public func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
}

// SplitMix64: small, fast, and the same numbers on every platform.
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    // True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

    // One of the values, in sorted order so that a set's hashing never changes the draw.
    mutating func pickValue(_ values: Set<Int>) -> Int? { values.isEmpty ? nil : pick(values.sorted()) }
}

// Draws one program within a budget of features, from what the step can do.
struct ProgramGenerator {
    let capabilities: Set<Capability>
    let disposalRecurses: Bool
    private var numbers: SeededNumbers

    init(capabilities: Set<Capability>, disposalRecurses: Bool, seed: UInt64) {
        self.capabilities = capabilities
        self.disposalRecurses = disposalRecurses
        numbers = SeededNumbers(seed: seed)
    }

    private func has(_ capability: Capability) -> Bool { capabilities.contains(capability) }

    mutating func program(budget: Int) -> Scenario? {
        // Step 14: the search screen's view model, fed by a user and a server.
        if has(.bindings) && numbers.chance(12) { return searchScreen(budget: budget) }
        let kind = sourceKind()
        let traitKind: TraitKind? = if case .trait(let trait) = kind { trait } else { nil }
        let isReplaySubject = if case .replaySubject = kind { true } else { false }
        let isSubject =
            if case .publishSubject = kind {
                true
            } else if case .behaviorSubject = kind { true } else { isReplaySubject }
        let scripted: Bool =
            switch kind {
            case .create, .plainSubscribedOnScheduler, .deferred, .trait, .publishSubject, .behaviorSubject,
                .replaySubject:
                true
            default: false
            }
        var source =
            scripted
            ? script(
                elements: 0...min(3, budget), values: 1...9, origin: "source", trait: traitKind,
                maxTime: 1 + min(budget, 4), cold: !isSubject)
            : SourceScript(hasDisposeClosure: false)
        var values = Set(source.actions.compactMap { if case .next(let value) = $0.signal { value } else { nil } })
        if case .just(let element) = kind { values = [element] }
        if case .behaviorSubject(let first) = kind { values.insert(first) }
        var operators: [Operator] = []
        var chainTrait = traitKind
        // Most programs hold one operator, so that the smallest one that fails is short.
        let operatorCount =
            budget < 2 || numbers.chance(25) ? numbers.int(0...1) : 1 + numbers.int(0...min(2, budget / 4))
        for _ in 0..<operatorCount {
            guard let op = nextOperator(after: operators, trait: chainTrait, values: &values, budget: budget),
                // One operator of each family with sources of its own: their labels ("source 2",
                // "inner 3", "fallback") name one source each.
                !operators.contains(where: { $0.family != nil && $0.family == op.family })
            else { continue }
            if case .asTrait(let kind) = op { chainTrait = kind }
            operators.append(op)
        }
        // A retry over attempts that fail differently has an error to retry: the source ends in one.
        if operators.contains(where: { if case .retryCounting = $0 { true } else { false } }) {
            source = source.endingInError()
        }
        let isShared = operators.contains(where: \.isSharing) || chainTrait?.isShared == true
        let subscriberCount = numbers.int(1...min(3, 1 + budget / 2 + (isShared || isSubject ? 1 : 0)))
        var subscribers: [SubscriberScript] = []
        var unhandled = false
        for index in 0..<subscriberCount {
            var subscriber = SubscriberScript()
            subscriber.style = subscribeStyle(trait: chainTrait, unhandled: &unhandled)
            // Subscribers of a hot source are mostly there before it sends.
            if (index > 0 && !(isSubject && numbers.chance(60))) || numbers.chance(15) {
                subscriber.subscribeTime = numbers.int(0...3)
            }
            if has(.dispose) {
                // Scheduled when it subscribes, so never before then.
                let start = subscriber.subscribeTime
                if numbers.chance(30) { subscriber.disposeTimes = [start + numbers.int(0...4)] }
                if numbers.chance(8) { subscriber.disposeTimes.append(start + numbers.int(0...5)) }
                if numbers.chance(20), let value = numbers.pickValue(values) {
                    subscriber.disposeOnReceiving = value
                }
                if subscriberCount > 1, numbers.chance(25), let value = numbers.pickValue(values) {
                    let other = numbers.int(0...(subscriberCount - 2))
                    subscriber.disposesOther = (value, other < index ? other : other + 1)
                }
                if has(.disposeBag), numbers.chance(15) { subscriber.inBag = true }
            }
            // One that subscribes when another completes has no clock of its own.
            if index > 0, has(.terminalEvents), numbers.chance(20) {
                subscriber.subscribesOnCompletedOf = numbers.int(0...(index - 1))
                subscriber.disposeTimes = []
                subscriber.subscribeTime = 0
            }
            // What a handler sends into the subject passes the operators too: not into a
            // flatMap, which has an inner source only for the values drawn for it.
            let flattens = operators.contains { if case .flatten = $0 { true } else { false } }
            // Not into a ReplaySubject: a send during its replay is where RxSwift's releases differ.
            if isSubject, !isReplaySubject, chainTrait == nil, !flattens, numbers.chance(8),
                let value = numbers.pickValue(values)
            {
                if case .behaviorSubject = kind, numbers.chance(50) {
                    subscriber.asksValueOnReceiving = value
                } else {
                    subscriber.sends = (value, 40 + index)
                }
            }
            // A buffer's timer runs as long as its subscription does: it needs an end.
            if case .buffer = subscriber.style {
                subscriber.subscribesOnCompletedOf = nil
                subscriber.disposeTimes = [subscriber.subscribeTime + numbers.int(1...5)]
            }
            subscribers.append(subscriber)
        }
        var probes: [Probe] = []
        if isSubject && has(.subjects) {
            for _ in 0..<numbers.int(0...min(2, budget / 3)) {
                let time = numbers.int(0...5)
                switch numbers.int(0...2) {
                case 0: probes.append(.hasObservers(at: time))
                case 1: if case .behaviorSubject = kind { probes.append(.value(at: time)) }
                default: probes.append(.disposeSubject(at: time))
                }
            }
        }
        let bagFreedAt = subscribers.contains(where: \.inBag) ? numbers.int(1...5) : nil
        // Lifetimes are judged where every subscription is ended by the program itself: one
        // left running is alive in RxSwift by design, through objects of its own.
        let sourceEnds: Bool =
            switch kind {
            case .just, .empty, .error: true
            // By its own script: a terminal event from the dispose closure comes only on dispose.
            case .create, .deferred: source.actions.contains { if case .next = $0.signal { false } else { true } }
            default: false
            }
        let chainEnds = sourceEnds && !operators.contains { $0.hasInnerSources || $0.isSharing }
        let watchesLifetimes =
            has(.dispose) && !isSubject && chainTrait == nil && numbers.chance(25)
            && subscribers.allSatisfy { chainEnds || !$0.disposeTimes.isEmpty || ($0.inBag && bagFreedAt != nil) }
        let scenario = Scenario(
            .generated, kind: kind, source: source, operators: operators, subscribers: subscribers,
            lifetimes: watchesLifetimes ? .everything : .none, bagFreedAt: bagFreedAt, probes: probes,
            tracesUnhandledErrors: unhandled, expected: [])
        // A handler that calls back into a subject runs on a thread of its own, where the
        // harness cannot catch unhandled errors; a Driver's handlers run on the main thread.
        if scenario.mayDeadlock && (unhandled || scenario.needs.contains(.bindings)) { return nil }
        return scenario
    }

    // A user who types, clears and taps refresh; a server that answers or fails some of the
    // requests made so far (an answer to a request already cancelled is ignored), and maybe
    // a screen closed at the end.
    private mutating func searchScreen(budget: Int) -> Scenario {
        var actions: [AppAction] = []
        var time = 1
        var requests = 0
        for _ in 0..<numbers.int(1...min(4, 1 + budget / 2)) {
            switch numbers.int(0...5) {
            case 0, 1, 2:
                let text = numbers.pick(["s", "sw", "swift", ""])
                actions.append(.type(text, at: time))
                if !text.isEmpty { requests += 1 }
            case 3:
                actions.append(.refresh(at: time))
                requests += 1
            case 4 where requests > 0:
                let titles = numbers.pick([["RxSwift"], ["RxSwift", "SwiftUI"], []])
                actions.append(.reply(request: numbers.int(1...requests), titles: titles, at: time))
            default:
                if requests > 0 { actions.append(.fail(request: numbers.int(1...requests), at: time)) }
            }
            time += numbers.int(0...2)
        }
        for request in stride(from: 1, through: requests, by: 1) where numbers.chance(60) {
            time += numbers.int(0...1)
            actions.append(
                numbers.chance(75)
                    ? .reply(request: request, titles: numbers.pick([["RxSwift"], ["SwiftUI"]]), at: time)
                    : .fail(request: request, at: time))
        }
        if numbers.chance(30) { actions.append(.close(at: time + 1)) }
        return Scenario(
            .generated, kind: .app(actions), source: SourceScript(hasDisposeClosure: false), subscribers: [],
            expected: [])
    }

    private mutating func sourceKind() -> SourceKind {
        var kinds: [SourceKind] = []
        if has(.coldSources) { kinds += [.create, .create, .create] }
        if has(.just) { kinds.append(.just(numbers.int(1...9))) }
        if has(.hotSource) { kinds += [.publishSubject, .publishSubject] }
        if has(.subjects) { kinds.append(.behaviorSubject(numbers.int(1...9))) }
        // A subject that replays, to late subscribers and to one after its dispose() too.
        if has(.sharing) { kinds.append(.replaySubject(bufferSize: numbers.int(1...2))) }
        if has(.innerSources) { kinds += [.empty, .never, .error, .deferred] }
        if has(.schedulers) { kinds.append(.plainSubscribedOnScheduler) }
        if has(.traits) { kinds += [.trait(.single), .trait(.maybe), .trait(.completable)] }
        return numbers.pick(kinds)
    }

    // A script of distinct elements, at most one terminal event, at whole-second times; a
    // trait's has what the trait can send.
    private mutating func script(
        elements: ClosedRange<Int>, values: ClosedRange<Int>, origin: String, trait: TraitKind?,
        maxTime: Int, cold: Bool = true
    ) -> SourceScript {
        var pool = Array(values)
        var actions: [SourceScript.Action] = []
        // A hot source's script starts after its subscribers are there; a cold one may send
        // during its subscription (time 0).
        var time = cold ? (numbers.chance(50) ? 0 : numbers.int(0...1)) : 1
        let count: Int
        switch trait {
        case .single: count = numbers.chance(80) ? 1 : 0
        case .maybe: count = numbers.int(0...1)
        case .completable: count = 0
        default: count = numbers.int(elements)
        }
        for _ in 0..<count {
            let value = pool.remove(at: numbers.int(0...(pool.count - 1)))
            actions.append(.init(time: time, signal: .next(value)))
            if numbers.chance(45) { time += numbers.int(1...2) }
        }
        let ends: Bool =
            switch trait {
            case .single: count == 0
            case .maybe, .completable: numbers.chance(85)
            default: has(.terminalEvents) && numbers.chance(70)
            }
        if ends {
            if numbers.chance(50) { time += numbers.int(0...2) }
            let failure = trait == .single || numbers.chance(40)
            if failure || trait != .single {
                actions.append(.init(time: time, signal: failure ? .error(origin) : .completed))
            }
        }
        if trait != nil, actions.isEmpty { actions.append(.init(time: time, signal: .completed)) }
        // A second event after a trait's first: the trait's create must ignore it.
        if trait == .single, numbers.chance(10), let first = actions.first {
            actions.append(.init(time: first.time + 1, signal: numbers.chance(50) ? .next(8) : .error(origin)))
        }
        let disposes = has(.dispose) && cold && numbers.chance(70)
        var sendsWhenDisposed: Signal? = nil
        // What the dispose closure sends can dispose again (a terminal event, or an element
        // whose handler disposes): the steps whose known defect is a dispose that never ends
        // (02-04) cannot run that to its end.
        if disposes, trait == nil, !disposalRecurses, numbers.chance(8) {
            sendsWhenDisposed = numbers.pick([.next(7), .completed, .error(origin)])
        }
        return SourceScript(
            hasDisposeClosure: disposes, sendsWhenDisposed: sendsWhenDisposed,
            disposeClosureCapturesObserver: disposes && numbers.chance(8), tracesRuns: cold && numbers.chance(30),
            actions: actions.filter { $0.time <= maxTime + 2 })
    }

    private mutating func nextOperator(
        after earlier: [Operator], trait: TraitKind?, values: inout Set<Int>, budget: Int
    ) -> Operator? {
        // After asSingle() or asMaybe(), a trait's own map and flatMap; after asDriver(), map.
        if let trait {
            if trait.isShared || trait == .completable || !numbers.chance(40) {
                // A Driver's map cannot throw.
                return trait == .completable ? nil : mapOperator(values: &values, canThrow: !trait.isShared)
            }
            return flatten(.flatMap, values: &values, trait: trait, budget: budget)
        }
        var choices: [Int] = [0, 0]
        if has(.schedulers) { choices.append(1) }
        if has(.sharing) { choices += [2, 2] }
        if has(.flatMap) { choices += [3, 3] }
        if has(.innerSources) { choices += [4, 4, 5, 9] }
        if has(.traits) { choices.append(6) }
        if has(.bindings) { choices.append(7) }
        if has(.latestFrom) { choices.append(8) }
        if !has(.map) { choices.removeAll { $0 == 0 } }
        guard !choices.isEmpty else { return nil }
        switch numbers.pick(choices) {
        case 0: return mapOperator(values: &values)
        case 1: return .observeOnScheduler
        case 2:
            switch numbers.int(0...4) {
            case 0: return .share(replay: 0, scope: .whileConnected)
            case 1: return .share(replay: numbers.int(1...2), scope: .whileConnected)
            case 2: return .share(replay: numbers.int(0...1), scope: .forever)
            case 3: return .refCounted(numbers.chance(50) ? .publish : .multicastOneSubject)
            default:
                let connect = numbers.int(0...2)
                // connect() again while connected: RxSwift returns the same connection, which
                // the disconnect then disposes.
                let connects = numbers.chance(35) ? [connect, connect + numbers.int(0...2)] : [connect]
                return .connectable(
                    numbers.chance(50) ? .publish : .multicastOneSubject, connectAt: connects,
                    disconnectAt: numbers.chance(50) ? [connects.last! + numbers.int(1...3)] : [])
            }
        case 3:
            guard has(.innerSources) else { return flatten(.flatMap, values: &values, trait: nil, budget: budget) }
            return flatten(
                numbers.pick([.flatMap, .flatMapLatest, .concatMap]), values: &values, trait: nil, budget: budget)
        case 4:
            let others = (0..<numbers.int(1...2)).map { index in
                script(
                    elements: 0...2, values: (20 + 10 * index)...(25 + 10 * index), origin: "source \(index + 2)",
                    trait: nil, maxTime: 4, cold: has(.coldSources))
            }
            for other in others { values.formUnion(other.elements) }
            if numbers.chance(50) { return .merge(with: others) }
            return .amb(with: others, form: others.count == 1 && numbers.chance(50) ? .instance : .list)
        case 5:
            switch numbers.int(0...3) {
            case 0:
                let fallback = script(
                    elements: 0...2, values: 50...55, origin: "fallback", trait: nil, maxTime: 3,
                    cold: has(.coldSources))
                values.formUnion(fallback.elements)
                return .catchWith(fallback: fallback)
            case 1:
                values.insert(99)
                return .catchAndReturn(99)
            case 2: return .catchThrowing
            default: return .retry(numbers.int(1...3))
            }
        case 6:
            return .asTrait(numbers.chance(50) ? .single : .maybe)
        case 9:
            // A retry whose attempts fail differently: the last error is the one that goes on.
            return .retryCounting(numbers.int(2...3))
        case 8:
            // Each element becomes the second source's latest; either may end first.
            let second = script(
                elements: 0...2, values: 60...65, origin: "source 2", trait: nil, maxTime: 4, cold: has(.coldSources))
            values = second.elements
            return .withLatestFrom(second)
        default:
            return .asTrait(numbers.chance(60) ? .driver : .signal)
        }
    }

    private mutating func mapOperator(values: inout Set<Int>, canThrow: Bool = true) -> Operator? {
        guard has(.map) else { return nil }
        let op: Operator =
            switch numbers.int(0...(canThrow ? 5 : 3)) {
            case 0, 1: .times(numbers.int(2...3))
            case 2: .plus(numbers.int(1...5))
            case 3: .tracedTimes(2)
            default: .failing(on: numbers.pickValue(values) ?? 1)
            }
        values = Set(
            values.map { value in
                switch op {
                case .times(let factor), .tracedTimes(let factor): value * factor
                case .plus(let addend): value + addend
                default: value
                }
            })
        return op
    }

    // An inner source for every element that can arrive, each with a script of its own.
    private mutating func flatten(_ kind: FlattenKind, values: inout Set<Int>, trait: TraitKind?, budget: Int)
        -> Operator?
    {
        // No inner at all when nothing arrives: the source's own end still counts.
        guard values.count <= 4 else { return nil }
        var inners: [Int: SourceScript] = [:]
        var produced: Set<Int> = []
        for (index, value) in values.sorted().enumerated() {
            let base = 100 + 10 * index
            let inner = script(
                elements: 0...2, values: base...(base + 5), origin: "inner \(value)", trait: trait,
                maxTime: 3, cold: has(.coldSources))
            inners[value] = inner
            produced.formUnion(inner.elements)
        }
        values = produced
        return .flatten(kind, inners: inners)
    }

    private mutating func subscribeStyle(trait: TraitKind?, unhandled: inout Bool) -> SubscriberScript.SubscribeStyle {
        switch trait {
        case .driver?, .signal?:
            return .trait(numbers.chance(75) ? .handlers : .optionalObserver)
        case let trait?:
            let forms: [TraitSubscribeForm] = [.handlers, .handlers, .events, .handlersWithoutErrorHandler]
            let form = numbers.pick(trait == .completable ? forms : forms)
            if form == .handlersWithoutErrorHandler { unhandled = true }
            return .trait(form)
        case nil:
            var styles: [SubscriberScript.SubscribeStyle] = [.observer]
            if has(.handlers) { styles += [.handlers, .handlers] }
            if has(.handlers) { styles.append(.handlersWithoutOnError) }
            if has(.schedulers), numbers.chance(20) { styles.append(.buffer(timeSpan: numbers.int(2...3), count: 2)) }
            let style = numbers.pick(styles)
            // From step 13 the harness catches what reaches `Hooks.defaultErrorHandler`.
            if style == .handlersWithoutOnError && has(.traits) { unhandled = true }
            return style
        }
    }
}

extension SourceScript {
    // The same script with its end an error: its completed becomes one, or one follows.
    func endingInError(_ origin: String = "source") -> SourceScript {
        guard !actions.contains(where: { if case .error = $0.signal { true } else { false } }) else { return self }
        let end = actions.first { if case .completed = $0.signal { true } else { false } }?.time
        let kept = actions.filter { if case .completed = $0.signal { false } else { true } }
        return SourceScript(
            hasDisposeClosure: hasDisposeClosure, sendsWhenDisposed: sendsWhenDisposed,
            disposesAgainWhenDisposed: disposesAgainWhenDisposed,
            disposeClosureCapturesObserver: disposeClosureCapturesObserver, tracesRuns: tracesRuns,
            actions: kept + [.init(time: end ?? ((kept.last?.time ?? 0) + 1), signal: .error(origin))])
    }

    var elements: Set<Int> {
        Set(actions.compactMap { if case .next(let value) = $0.signal { value } else { nil } })
    }
}

extension Scenario {
    // Every part of the program, in a fixed order (an operator's inner sources sorted).
    var canonicalDescription: String {
        let ops = operators.map { op -> String in
            if case .flatten(let kind, let inners) = op {
                return "flatten(\(kind), \(inners.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }))"
            }
            return "\(op)"
        }
        return
            "\(kind) | \(source) | \(ops) | \(subscribers) | \(lifetimes) | \(bagFreedAt as Any) | \(probes) | \(tracesUnhandledErrors)"
    }

    // How much there is to read: each operator and subscriber, each event, each action.
    var programSize: Int {
        let actions = subscribers.reduce(0) { count, script in
            count + script.disposeTimes.count + (script.disposeOnReceiving == nil ? 0 : 1)
                + (script.disposesOther == nil ? 0 : 1) + (script.sends == nil ? 0 : 1)
                + (script.asksValueOnReceiving == nil ? 0 : 1) + (script.subscribesOnCompletedOf == nil ? 0 : 1)
                + (script.inBag ? 1 : 0) + (script.subscribeTime > 0 ? 1 : 0)
        }
        let inner = operators.reduce(0) { $0 + 3 + $1.innerScripts.reduce(0) { $0 + 1 + $1.script.actions.count } }
        return 2 * inner + 3 * subscribers.count + source.actions.count + actions + probes.count
            + (source.hasDisposeClosure ? 1 : 0) + (lifetimes == .none ? 0 : 1)
    }
}

extension GeneratedProgram {
    // What a program's trace says of lifetimes: which of the objects the program itself holds
    // (a subscriber's observer and disposable, the observables) outlive it, once each. What the
    // walk found inside them, and their class names, are each implementation's own.
    public static func comparable(_ trace: [String]) -> [String] {
        var kept: [String] = []
        for entry in trace {
            guard TraceEntry.isStillAlive(entry) else {
                kept.append(entry)
                continue
            }
            let rest = entry.dropFirst(Trace.stillAlivePrefix.count)
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { continue }
            let path = rest[rest.index(after: open)..<close]
            let root = Trace.stillAlivePrefix + path
            if !path.contains("→") && !kept.contains(root) { kept.append(root) }
        }
        return kept
    }
}

extension Scenario {
    // The same program with its first subscriber alone, subscribed at once, and without what
    // only adds lines: the subject's probes, the bag, the counting of generator runs.
    var simplified: Scenario {
        guard !isApp, var first = subscribers.first else { return self }
        first.disposesOther = nil
        first.sends = nil
        first.asksValueOnReceiving = nil
        first.subscribesOnCompletedOf = nil
        first.inBag = false
        if first.subscribeTime > 0 {
            first.disposeTimes = first.disposeTimes.map { $0 - first.subscribeTime }
            first.subscribeTime = 0
        }
        let plain = { (script: SourceScript) in
            SourceScript(
                hasDisposeClosure: script.hasDisposeClosure, sendsWhenDisposed: script.sendsWhenDisposed,
                disposeClosureCapturesObserver: script.disposeClosureCapturesObserver, actions: script.actions)
        }
        let operators = self.operators.map { op -> Operator in
            switch op {
            case .flatten(let kind, let inners): .flatten(kind, inners: inners.mapValues(plain))
            case .merge(let others): .merge(with: others.map(plain))
            case .amb(let others, let form): .amb(with: others.map(plain), form: form)
            case .catchWith(let fallback): .catchWith(fallback: plain(fallback))
            case .withLatestFrom(let second): .withLatestFrom(plain(second))
            default: op
            }
        }
        return Scenario(
            .generated, kind: kind, source: plain(source), operators: operators, subscribers: [first],
            lifetimes: lifetimes, bagFreedAt: nil, probes: [], tracesUnhandledErrors: tracesUnhandledErrors,
            expected: [])
    }
}

extension Operator {
    // The operators whose own sources share labels: merge and amb ("source 2"), flatten
    // ("inner 3"), catch ("fallback").
    var family: String? {
        switch self {
        case .merge, .amb, .withLatestFrom: "sources"
        case .flatten: "inners"
        case .catchWith, .catchThrowing: "fallback"
        default: nil
        }
    }
}
