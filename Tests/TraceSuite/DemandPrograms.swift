import Foundation

// The demand act's programs: a publisher, operators and subscribers whose requests are part of
// the program, drawn from a fixed seed like the scenarios' programs (Programs.swift). Nothing
// here is asynchronous: a program is a list of moments, and what happens at each moment happens
// in order on one thread, so it prints the same trace on every run. Each program's trace is
// recorded from OpenCombine and from the reference step (Tests/Generated), never from the code
// under check.
public struct DemandProgram: Sendable, Hashable {
    // How much a subscriber asks for, in Combine's words.
    public enum Ask: Sendable, Hashable, CustomStringConvertible {
        case none
        case max(Int)
        case unlimited

        public var description: String {
            switch self {
            case .none: "max(0)"
            case .max(let count): "max(\(count))"
            case .unlimited: "unlimited"
            }
        }
        // As a program writes it.
        public var code: String {
            switch self {
            case .none: ".none"
            case .max(let count): ".max(\(count))"
            case .unlimited: ".unlimited"
            }
        }
    }

    public indirect enum Source: Sendable, Hashable {
        case just(Int)
        case sequence([Int])
        case empty(completeImmediately: Bool)
        case fail
        // A promise kept inside `Future`'s closure, or at a moment of the program (`at`).
        case future(value: Int?, at: Int?)
        case deferred(Source)
        // A publisher of the program's own that sends only what it was asked for, at moments
        // of the program, and says what it is asked and what each send leaves outstanding:
        // the eyes on what the operators ask upstream.
        case scripted(sends: [Int], end: End?)
        // A subject the program sends into at its moments (step 17 on): a PassthroughSubject,
        // or a CurrentValueSubject that holds `current` first.
        case subject(current: Int?, sends: [Int], end: End?)

        // `Just`, a sequence, `Empty`: a publisher that never fails.
        public var neverFails: Bool {
            switch self {
            case .just, .sequence, .empty: true
            case .fail, .future, .scripted, .subject: false
            case .deferred(let inner): inner.neverFails
            }
        }
        var size: Int {
            switch self {
            case .just, .empty, .fail: 1
            case .sequence(let elements): 1 + elements.count
            case .future(_, let at): at == nil ? 1 : 2
            case .deferred(let inner): 1 + inner.size
            case .scripted(let sends, let end), .subject(_, let sends, let end): 2 + sends.count + (end == nil ? 0 : 1)
            }
        }
    }

    public enum End: Sendable, Hashable {
        case finished
        case failure
    }

    public enum Operator: Sendable, Hashable {
        case map(times: Int)
        case filter(keepsEven: Bool)
        // Throws `ProgramError.map` for this element.
        case tryMap(throwsOn: Int)
        // Step 17 on, last in the chain: one subscription upstream for every subscriber.
        case share
        // `multicast(subject: PassthroughSubject())`, connected at a moment of the program
        // (`Action.connect`), or by the first subscriber with `autoconnect()`.
        case multicast(autoconnect: Bool)
        // Step 18 on: `flatMap(maxPublishers:)`, each element becoming a child publisher of
        // the program's own (`ChildScript`).
        case flatMap(maxPublishers: Ask, child: ChildScript)
        // Step 19 on: `map` each element to a child publisher of the program's own, then
        // `switchToLatest()`: each child replaces the one before.
        case switchToLatest(child: ChildScript)
        // Step 20 on: `buffer(size:prefetch:whenFull:)`, `.keepFull` or `.byRequest`;
        // `.customError` fails with `ProgramError.full`.
        case buffer(size: Int, keepFull: Bool, whenFull: WhenFull)
        // Step 21 on: `merge(with:)` a publisher of the program's own, child 0, which sends
        // 51, 52, … as it is asked (`other.count` of them), then ends with `other.end`.
        case merge(other: ChildScript)

        public var shares: Bool {
            switch self {
            case .share, .multicast: true
            case .map, .filter, .tryMap, .flatMap, .switchToLatest, .buffer, .merge: false
            }
        }
    }

    // What an element that finds a buffer full does, in Combine's words.
    public enum WhenFull: String, Sendable, Hashable {
        case dropNewest
        case dropOldest
        case customError
    }

    // The children a `flatMap` (or `switchToLatest`) makes: child n of element v sends v * 10 + 1, v * 10 + 2, …
    // (`count` of them) as soon as it is asked, then ends with `end`, or stays open (nil); the
    // child of an even element ends with `evenEnd`, so that one child can fail or finish while
    // another is still open.
    public struct ChildScript: Sendable, Hashable {
        public var count: Int
        public var end: End?
        public var evenEnd: End?

        public init(count: Int, end: End?, evenEnd: End?? = nil) {
            self.count = count
            self.end = end
            self.evenEnd = evenEnd ?? end
        }

        // What the child of `value` sends, and how it ends.
        public func elements(of value: Int) -> [Int] { (0..<count).map { value * 10 + $0 + 1 } }
        public func end(of value: Int) -> End? { value % 2 == 0 ? evenEnd : end }
    }

    public enum SubscriberKind: Sendable, Hashable {
        case sink
        case assign
        case demanding(DemandScript)
    }

    // A subscriber of the program's own, which decides every request.
    public struct DemandScript: Sendable, Hashable {
        // Asked in `receive(subscription:)`; nil asks nothing there.
        public var initial: Ask?
        // What `receive(_:)` returns, for the first, second, … element; the last one repeats.
        public var returns: [Ask]
        // `request` from inside `receive(_:)` of the k-th element.
        public var requestsInReceive: [Int: Ask]
        // `cancel()` from inside `receive(_:)` of the k-th element.
        public var cancelsInReceive: Int?

        public func returned(forElement number: Int) -> Ask {
            returns.isEmpty ? .none : returns[min(number, returns.count) - 1]
        }
    }

    public struct SubscriberScript: Sendable, Hashable {
        public var kind: SubscriberKind
        // The moment it subscribes; 0 is before anything else happens.
        public var subscribeAt: Int
    }

    // What happens at a moment after the subscriptions: a subscriber asks or cancels, the
    // scripted source sends or ends, the future's promise is kept.
    public enum Action: Sendable, Hashable {
        case request(subscriber: Int, Ask)
        case cancel(subscriber: Int)
        case send
        case end
        case keepPromise
        // A publisher that breaks the rules, to try the subscribers' and operators' defences
        // (programs numbered after the others): the promise called a second time, with 9; the
        // program's own publisher sending 9 to every subscription, asked or not, ended or not;
        // and giving each of its subscribers a second subscription.
        case keepPromiseAgain
        case sendRegardless
        case subscribeAgain
        // Step 17 on: the multicast's `connect()`, and cancelling what it returned.
        case connect
        case disconnect
    }

    public struct Moment: Sendable, Hashable {
        public var time: Int
        public var action: Action
    }

    public var source: Source
    public var operators: [Operator]
    public var subscribers: [SubscriberScript]
    public var moments: [Moment]

    // The subscriber's name in the trace: "sink 1", "assign 2", "sub 1".
    public func name(of index: Int) -> String {
        switch subscribers[index].kind {
        case .sink: "sink \(index + 1)"
        case .assign: "assign \(index + 1)"
        case .demanding: "sub \(index + 1)"
        }
    }

    // What a step must have to run it: step 16's core, from step 17 subjects and sharing, from
    // step 18 `flatMap`, from step 19 `switchToLatest`, from step 20 `buffer`, and from step 21
    // `merge`.
    public var needs: Set<Capability> {
        var needs: Set<Capability> = [.demand]
        if case .subject = source { needs.insert(.demandSubjects) }
        if operators.contains(where: \.shares) { needs.insert(.demandSubjects) }
        if operators.contains(where: \.isFlatMap) { needs.insert(.demandFlatMap) }
        if operators.contains(where: \.isSwitchToLatest) { needs.insert(.demandSwitchToLatest) }
        if operators.contains(where: \.isBuffer) { needs.insert(.demandBuffer) }
        if operators.contains(where: \.isMerge) { needs.insert(.demandMerge) }
        return needs
    }

    // The failure type before the operator at `position`: "Never", "ProgramError", or "Error"
    // after a `tryMap`.
    public func failureTypeName(before position: Int) -> String {
        if operators[..<position].contains(where: { if case .tryMap = $0 { true } else { false } }) { return "Error" }
        return source.neverFails ? "Never" : "ProgramError"
    }

    // Whether its subscribers may be told in any order: several of them on one subject (a
    // subject, `share`, `multicast`) or one Future, which OpenCombine keeps in a set.
    public var ordersSubscribersFreely: Bool {
        guard subscribers.count > 1 else { return false }
        if case .future = source { return true }
        return needs.contains(.demandSubjects)
    }

    // Whether `assign`, which needs a publisher that never fails, can subscribe.
    public var neverFails: Bool {
        source.neverFails && !operators.contains { if case .tryMap = $0 { true } else { false } }
    }

    var size: Int {
        source.size + 2 * operators.count
            + operators.reduce(0) { total, op in
                guard let child = op.child else { return total }
                return total + child.count + (child.end == nil ? 0 : 1)
            } + 3 * subscribers.count + moments.count
            + subscribers.reduce(0) { total, script in
                guard case .demanding(let demand) = script.kind else { return total }
                return total + demand.returns.count + demand.requestsInReceive.count
                    + (demand.cancelsInReceive == nil ? 0 : 1)
            }
    }

    // Names the program independently of how it is printed.
    public var canonicalDescription: String { String(reflecting: self) }

    // The trace's word for a completion.
    public static func completionText(failed error: (any Error)?) -> String {
        guard let error else { return "finished" }
        return "failure(\(error))"
    }
}

// The errors a program's publishers fail with; their names are what a trace shows.
public enum ProgramError: Error, Sendable {
    case source
    case map
    // A full buffer's `customError` (step 20 on).
    case full
}

// What a demand step's test target provides: its programs run on the step (Tests/DemandAdapter).
public protocol DemandStepAdapter {
    static var step: Step { get }
    // Runs the program, handing each trace entry to `emit` as it happens.
    static func run(_ program: DemandProgram, emit: @escaping (String) -> Void)
    // What OpenCombine's shape asks that no trace shows, the rules checked directly among it.
    static func shape() -> [ShapeCheck]
    // Misuses Combine refuses with a trap (its preconditions): what each tries, and doing it,
    // which the checks do each in a process of its own.
    static var refusals: [String] { get }
    static func misuse(_ number: Int)
    // One round of one of the act's thread scenarios (ThreadScenarios.swift): what went wrong, or nil.
    static func threadRound(_ id: ThreadScenarioID) -> String?
}

extension Step {
    // A generated program of the step as Swift, whichever kind it is.
    public func generatedCode(_ number: Int) -> [String]? {
        if isDemandAct {
            let programs = generatedDemandPrograms
            guard number >= 1 && number <= programs.count else { return nil }
            return programs[number - 1].program.swiftCode.components(separatedBy: "\n")
        }
        if let bridge = bridgePrograms.first(where: { $0.number == number }) { return bridge.swiftCode }
        let programs = generatedPrograms
        guard number >= 1 && number <= programs.count else { return nil }
        return programs[number - 1].scenario.swiftCode(for: self)
    }

    // Whose traces the generated programs are held to.
    public var library: String { isDemandAct ? "OpenCombine" : "RxSwift" }
}

extension DemandProgram.Operator {
    public var isFlatMap: Bool { if case .flatMap = self { true } else { false } }
    public var isSwitchToLatest: Bool { if case .switchToLatest = self { true } else { false } }
    public var isBuffer: Bool { if case .buffer = self { true } else { false } }
    public var isMerge: Bool { if case .merge = self { true } else { false } }
    // The script of the children it makes, if it makes any.
    public var child: DemandProgram.ChildScript? {
        switch self {
        case .flatMap(_, let child), .switchToLatest(let child): child
        default: nil
        }
    }
}

public struct GeneratedDemandProgram: Sendable {
    public let number: Int
    public let program: DemandProgram
    public let size: Int
    public let fingerprint: String
}

extension Step {
    // The act's steps draw demand programs instead of the scenarios' programs.
    public var generatedDemandPrograms: [GeneratedDemandProgram] {
        if let drawn = DrawnDemandPrograms.lock.withLock({ DrawnDemandPrograms.byStep[self] }) { return drawn }
        let programs = GeneratedDemandProgram.drawn(
            seed: 0xDE3A_0000 &+ UInt64(rawValue), subjects: capabilities.contains(.demandSubjects),
            flatMaps: capabilities.contains(.demandFlatMap), latest: capabilities.contains(.demandSwitchToLatest),
            buffers: capabilities.contains(.demandBuffer), merges: capabilities.contains(.demandMerge))
        DrawnDemandPrograms.lock.withLock { DrawnDemandPrograms.byStep[self] = programs }
        return programs
    }
}

extension GeneratedDemandProgram {
    public static let count = 1200
    // After them, programs in which a subscriber of the program's own asks again after it
    // cancelled, and may cancel a second time (rules 3.6 and 3.7): numbered after the others,
    // so that adding them changed none of those.
    public static let askingAfterCancelCount = 100
    // Then programs whose publisher breaks the rules (`Action.keepPromiseAgain`,
    // `.sendRegardless`, `.subscribeAgain`): what the subscribers and operators do with it.
    public static let brokenUpstreamCount = 100

    // The same programs on every machine and in every run, smallest first; with `subjects`,
    // subjects and sharing too (step 17 on), with `flatMaps` `flatMap` (step 18 on), with
    // `latest` `switchToLatest` (step 19 on), with `buffers` `buffer` (step 20 on), with
    // `merges` `merge` (step 21 on), drawn so that a step without them gets the same programs
    // as before they came.
    public static func drawn(
        seed: UInt64, subjects: Bool = false, flatMaps: Bool = false, latest: Bool = false, buffers: Bool = false,
        merges: Bool = false
    ) -> [GeneratedDemandProgram] {
        let name =
            "demand-\(String(seed, radix: 16))\(subjects ? "-subjects" : "")\(flatMaps ? "-flatMaps" : "")\(latest ? "-latest" : "")\(buffers ? "-buffers" : "")\(merges ? "-merges" : "")"
        return drawn(
            seed: seed, subjects: subjects, flatMaps: flatMaps, latest: latest, buffers: buffers, merges: merges,
            DrawnDecisions(draw: name))
            ?? drawn(
                seed: seed, subjects: subjects, flatMaps: flatMaps, latest: latest, buffers: buffers, merges: merges,
                DrawnDecisions(draw: name, replay: false))!
    }

    // nil when `decisions` replayed a file that is not this draw's.
    static func drawn(
        seed: UInt64, subjects: Bool, flatMaps: Bool, latest: Bool, buffers: Bool, merges: Bool,
        _ decisions: DrawnDecisions
    ) -> [GeneratedDemandProgram]? {
        var generator = DemandProgramGenerator(
            seed: seed, subjects: subjects, flatMaps: flatMaps, latest: latest, buffers: buffers, merges: merges)
        var seen: Set<String> = []
        // A program's key is its description; only new ones are kept, each with its fingerprint.
        func isNew(_ program: DemandProgram) -> String? {
            var key = ""
            guard
                decisions.decide({
                    key = program.canonicalDescription
                    return seen.insert(key).inserted
                })
            else { return nil }
            return decisions.fingerprint { fnv1a(key.isEmpty ? program.canonicalDescription : key) }
        }
        var drawn: [(program: DemandProgram, size: Int, fingerprint: String)] = []
        var attempts = 0
        while drawn.count < count && attempts < count * 20 {
            attempts += 1
            // Sizes climb from a source and one subscriber to several operators and subscribers.
            let program = generator.program(budget: 1 + (drawn.count * 6) / count)
            guard let fingerprint = isNew(program) else { continue }
            drawn.append((program, program.size, fingerprint))
        }
        // A later batch: programs of one kind, from a generator of its own, none seen before.
        func batch(_ count: Int, seed: UInt64, _ draw: (inout DemandProgramGenerator) -> DemandProgram?)
            -> [(program: DemandProgram, size: Int, fingerprint: String)]
        {
            var generator = DemandProgramGenerator(
                seed: seed, subjects: subjects, flatMaps: flatMaps, latest: latest, buffers: buffers, merges: merges)
            var programs: [(program: DemandProgram, size: Int, fingerprint: String)] = []
            var attempts = 0
            while programs.count < count && attempts < count * 50 {
                attempts += 1
                guard let program = draw(&generator), let fingerprint = isNew(program) else { continue }
                programs.append((program, program.size, fingerprint))
            }
            return programs
        }
        let afterCancel = batch(askingAfterCancelCount, seed: seed ^ 0xCA9C_E100) { $0.programAskingAfterCancel() }
        let brokenUpstream = batch(brokenUpstreamCount, seed: seed ^ 0xB40C_E400) { $0.programWithBrokenUpstream() }
        guard decisions.finish() else { return nil }
        let ordered = [drawn, afterCancel, brokenUpstream].flatMap { batch in
            batch.enumerated().sorted { ($0.element.size, $0.offset) < ($1.element.size, $1.offset) }.map(\.element)
        }
        return ordered.enumerated().map { number, entry in
            GeneratedDemandProgram(
                number: number + 1, program: entry.program, size: entry.size, fingerprint: entry.fingerprint)
        }
    }
}

private enum DrawnDemandPrograms {
    static let lock = NSLock()
    nonisolated(unsafe) static var byStep: [Step: [GeneratedDemandProgram]] = [:]
}

struct DemandProgramGenerator {
    private var numbers: SeededNumbers
    // Step 17 on. Every draw of theirs is behind this flag: without it, not one number is drawn
    // that step 16's programs did not draw.
    private let subjects: Bool
    // Step 18 on, behind a flag of its own as `subjects` is.
    private let flatMaps: Bool
    // Step 19 on, likewise.
    private let latest: Bool
    // Step 20 on, likewise.
    private let buffers: Bool
    // Step 21 on, likewise.
    private let merges: Bool

    init(
        seed: UInt64, subjects: Bool = false, flatMaps: Bool = false, latest: Bool = false, buffers: Bool = false,
        merges: Bool = false
    ) {
        numbers = SeededNumbers(seed: seed)
        self.subjects = subjects
        self.flatMaps = flatMaps
        self.latest = latest
        self.buffers = buffers
        self.merges = merges
    }

    mutating func program(budget: Int, source forced: DemandProgram.Source? = nil) -> DemandProgram {
        let source = forced ?? (subjects && numbers.chance(35) ? subject() : self.source(deferrable: true))
        var operators: [DemandProgram.Operator] = []
        for _ in 0..<numbers.int(0...min(3, budget)) {
            // `Just` answers `filter` and `tryMap` with publishers of other kinds (Optional's,
            // Result's): its programs map first.
            let plainJust = operators.allSatisfy { if case .map = $0 { true } else { false } }
            if case .just = source, plainJust {
                operators.append(.map(times: numbers.int(2...3)))
                continue
            }
            operators.append(
                numbers.pick([
                    .map(times: numbers.int(2...3)), .filter(keepsEven: numbers.chance(50)),
                    .tryMap(throwsOn: numbers.int(1...4)),
                ]))
        }
        // The failure type a child inserted at `position` has: the upstream's there.
        func failure(before position: Int) -> String {
            DemandProgram(source: source, operators: operators, subscribers: [], moments: [])
                .failureTypeName(before: position)
        }
        if flatMaps && numbers.chance(55) {
            let position = numbers.int(0...operators.count)
            let child = self.child(failing: failure(before: position) != "Never")
            let most: DemandProgram.Ask = numbers.pick([.max(1), .max(1), .max(2), .unlimited])
            operators.insert(.flatMap(maxPublishers: most, child: child), at: position)
        }
        if latest && numbers.chance(50) {
            let position = numbers.int(0...operators.count)
            operators.insert(.switchToLatest(child: child(failing: failure(before: position) != "Never")), at: position)
        }
        // Small buffers, so that a subject or a publisher of the program's own fills them.
        if buffers && numbers.chance(55) {
            let position = numbers.int(0...operators.count)
            var strategies: [DemandProgram.WhenFull] = [.dropNewest, .dropOldest]
            if failure(before: position) != "Never" { strategies.append(.customError) }
            operators.insert(
                .buffer(size: numbers.int(1...3), keepFull: numbers.chance(50), whenFull: numbers.pick(strategies)),
                at: position)
        }
        // The other publisher sends at once what it is asked for: 0 to 3 elements, then it
        // finishes, fails (only where the upstream may), or stays open.
        if merges && numbers.chance(55) {
            let position = numbers.int(0...operators.count)
            var ends: [DemandProgram.End?] = [.finished, .finished, nil]
            if failure(before: position) != "Never" { ends.append(.failure) }
            operators.insert(
                .merge(other: DemandProgram.ChildScript(count: numbers.int(0...3), end: numbers.pick(ends))),
                at: position)
        }
        if subjects && numbers.chance(45) {
            operators.append(numbers.pick([.share, .multicast(autoconnect: true), .multicast(autoconnect: false)]))
        }
        var program = DemandProgram(source: source, operators: operators, subscribers: [], moments: [])
        var subscriberCount = budget < 2 ? 1 : numbers.chance(35) ? 2 : 1
        // What several subscribers share is what these steps teach.
        let shared = program.needs.contains(.demandSubjects)
        if subjects && shared { subscriberCount = numbers.int(1...3) }
        for index in 0..<subscriberCount {
            program.subscribers.append(subscriber(index: index, assignable: program.neverFails, budget: budget))
        }
        // Several subscribers of one subject or future, each through a flatMap (or
        // switchToLatest) of its own, would
        // number the children in the order the subject tells them, which OpenCombine's set
        // changes from run to run: such a program keeps one subscriber.
        if let owner = operators.firstIndex(where: { $0.child != nil }),
            !operators[owner...].contains(where: \.shares)
        {
            switch source {
            case .subject, .future: program.subscribers = [program.subscribers[0]]
            default: break
            }
        }
        // `Just` and a sequence map at once, with a `map` of their own: each child is made once
        // and subscribed by every subscriber, the second subscription taking the child from the
        // first, which then sends to a subscriber that did not ask (OpenCombine traps: "Demand
        // cannot be negative"). From step 20, such a program keeps one subscriber; step 19's
        // programs keep their second, whose recorded traces show the taking.
        if buffers, source.hasOperatorsOfItsOwn,
            let owner = operators.firstIndex(where: \.isSwitchToLatest),
            operators[..<owner].allSatisfy({ if case .map = $0 { true } else { false } })
        {
            program.subscribers = [program.subscribers[0]]
        }
        // The merged publisher is made once, with the chain: a second subscriber not behind a
        // `share` or `multicast` would subscribe it again and take it from the first. From step
        // 21, such a program keeps one subscriber.
        if merges, let merge = operators.firstIndex(where: \.isMerge), !operators[merge...].contains(where: \.shares) {
            program.subscribers = [program.subscribers[0]]
        }
        // Sometimes nobody has subscribed yet when the subject is first sent to.
        if subjects && shared && numbers.chance(25) { program.subscribers[0].subscribeAt = numbers.int(1...2) }
        program.moments = moments(for: program)
        return program
    }

    // The children's script: up to three elements each, an end (a failure only where the
    // upstream may fail), and sometimes another end for even elements' children.
    private mutating func child(failing: Bool) -> DemandProgram.ChildScript {
        var ends: [DemandProgram.End?] = [.finished, .finished, .finished, nil]
        if failing { ends.append(.failure) }
        let end = numbers.pick(ends)
        let count = numbers.int(0...3)
        return DemandProgram.ChildScript(count: count, end: end, evenEnd: numbers.chance(50) ? end : numbers.pick(ends))
    }

    private mutating func source(deferrable: Bool) -> DemandProgram.Source {
        let element = { (numbers: inout SeededNumbers) in numbers.int(1...4) }
        switch numbers.int(0...9) {
        case 0: return .just(element(&numbers))
        case 1, 2: return .sequence((0..<numbers.int(0...4)).map { _ in element(&numbers) })
        case 3: return .empty(completeImmediately: numbers.chance(70))
        case 4: return .fail
        case 5:
            let value: Int? = numbers.chance(80) ? element(&numbers) : nil
            return .future(value: value, at: numbers.chance(50) ? nil : numbers.int(1...3))
        case 6 where deferrable:
            // A fresh publisher per subscription; nothing a moment of the program drives.
            var inner = source(deferrable: false)
            if case .future(let value, _?) = inner { inner = .future(value: value, at: nil) }
            if case .scripted = inner { inner = .just(element(&numbers)) }
            return .deferred(inner)
        default:
            let sends = (0..<numbers.int(0...4)).map { _ in element(&numbers) }
            let end: DemandProgram.End? = numbers.pick([.finished, .finished, .failure, nil])
            return .scripted(sends: sends, end: end)
        }
    }

    private mutating func subject() -> DemandProgram.Source {
        let current: Int? = numbers.chance(40) ? numbers.int(1...4) : nil
        let sends = (0..<numbers.int(0...4)).map { _ in numbers.int(1...4) }
        let end: DemandProgram.End? = numbers.pick([.finished, .finished, .failure, nil])
        return .subject(current: current, sends: sends, end: end)
    }

    private mutating func ask(allowNone: Bool = true) -> DemandProgram.Ask {
        switch numbers.int((allowNone ? 0 : 1)...6) {
        case 0: .none
        case 1, 2, 3: .max(1)
        case 4: .max(numbers.int(2...3))
        default: .unlimited
        }
    }

    private mutating func subscriber(index: Int, assignable: Bool, budget: Int) -> DemandProgram.SubscriberScript {
        let subscribeAt = index > 0 && numbers.chance(40) ? numbers.int(1...3) : 0
        switch numbers.int(0...9) {
        case 0, 1: return .init(kind: .sink, subscribeAt: subscribeAt)
        case 2 where assignable: return .init(kind: .assign, subscribeAt: subscribeAt)
        default:
            var script = DemandProgram.DemandScript(
                initial: numbers.chance(85) ? ask(allowNone: false) : nil, returns: [], requestsInReceive: [:],
                cancelsInReceive: nil)
            for _ in 0..<numbers.int(0...min(2, budget)) { script.returns.append(ask()) }
            if budget > 1 && numbers.chance(40) { script.requestsInReceive[numbers.int(1...3)] = ask(allowNone: false) }
            if budget > 2 && numbers.chance(20) { script.cancelsInReceive = numbers.int(1...3) }
            return .init(kind: .demanding(script), subscribeAt: subscribeAt)
        }
    }

    // A program whose first subscriber of its own cancels at a moment, asks again at the next,
    // and, every other time, cancels again; nil when the draw has no such subscriber.
    mutating func programAskingAfterCancel() -> DemandProgram? {
        var program = self.program(budget: numbers.chance(60) ? 1 : numbers.int(2...4))
        guard
            let index = program.subscribers.firstIndex(where: { if case .demanding = $0.kind { true } else { false } })
        else { return nil }
        let cancelAt = numbers.int(max(1, program.subscribers[index].subscribeAt)...3)
        program.moments.append(.init(time: cancelAt, action: .cancel(subscriber: index)))
        program.moments.append(.init(time: cancelAt + 1, action: .request(subscriber: index, ask(allowNone: false))))
        if numbers.chance(50) { program.moments.append(.init(time: cancelAt + 1, action: .cancel(subscriber: index))) }
        program.moments = program.moments.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
        return program
    }

    // A program whose publisher breaks the rules once or twice: a future's promise kept again,
    // or the program's own publisher sending regardless of demand, or subscribing its
    // subscribers a second time; nil when the draw has neither kind of publisher.
    mutating func programWithBrokenUpstream() -> DemandProgram? {
        // Half of them a future kept at a moment, which the other draws rarely make.
        let future: DemandProgram.Source? =
            numbers.chance(50) ? .future(value: numbers.int(1...4), at: numbers.int(1...2)) : nil
        var program = self.program(budget: numbers.chance(50) ? 1 : numbers.int(2...4), source: future)
        var moves: [DemandProgram.Moment] = []
        switch program.source {
        case .future(_, let at?):
            // Often at the same moment: requests at later moments then come after both.
            moves.append(.init(time: at + numbers.pick([0, 0, 1, 2]), action: .keepPromiseAgain))
        case .scripted:
            for _ in 0..<numbers.int(1...2) {
                let action: DemandProgram.Action = numbers.chance(60) ? .sendRegardless : .subscribeAgain
                moves.append(.init(time: numbers.int(1...5), action: action))
            }
            // Often a sink first: what the library's own subscriber does with a broken publisher.
            if numbers.chance(50) {
                program.subscribers[0].kind = .sink
                program.moments.removeAll {
                    if case .request(subscriber: 0, _) = $0.action { true } else { false }
                }
            }
        default:
            return nil
        }
        program.moments = (program.moments + moves).enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
        return program
    }

    private mutating func moments(for program: DemandProgram) -> [DemandProgram.Moment] {
        var moments: [DemandProgram.Moment] = []
        var source = program.source
        if case .deferred(let inner) = source { source = inner }
        switch source {
        case .future(_, let at?):
            moments.append(.init(time: at, action: .keepPromise))
        case .scripted(let sends, let end):
            var time = 1
            for _ in sends {
                moments.append(.init(time: time, action: .send))
                time += numbers.int(0...1)
            }
            if end != nil { moments.append(.init(time: time + 1, action: .end)) }
        case .subject(_, let sends, let end):
            // From moment 0, after the subscribers of moment 0: a subscriber that comes later
            // has missed what was sent before.
            var time = numbers.int(0...1)
            for _ in sends {
                moments.append(.init(time: time, action: .send))
                time += numbers.int(0...1)
            }
            if end != nil { moments.append(.init(time: time + 1, action: .end)) }
        default: break
        }
        if program.operators.contains(.multicast(autoconnect: false)) {
            let connectAt = numbers.int(0...3)
            moments.append(.init(time: connectAt, action: .connect))
            if numbers.chance(25) { moments.append(.init(time: connectAt + numbers.int(1...2), action: .disconnect)) }
        }
        for (index, subscriber) in program.subscribers.enumerated() {
            if case .demanding = subscriber.kind {
                // A zero request is refused (a precondition); the rules' own checks ask it.
                for _ in 0..<numbers.int(0...2) {
                    moments.append(
                        .init(
                            time: numbers.int(max(1, subscriber.subscribeAt)...4),
                            action: .request(subscriber: index, ask(allowNone: false))))
                }
            }
            if numbers.chance(20) {
                moments.append(
                    .init(time: numbers.int(max(1, subscriber.subscribeAt)...4), action: .cancel(subscriber: index)))
            }
        }
        // A stable order: by moment, then as drawn.
        return moments.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }
}
