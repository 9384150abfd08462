// The demand act's adapter: runs a generated demand program (Tests/TraceSuite/DemandPrograms.swift)
// on the module that provides Combine's API: a step of the act, or OpenCombine when recording.
// It writes what the program's printed form (DemandProgramCode.swift) does, in the same order.
import Foundation

import struct TraceSuite.DemandProgram
import struct TraceSuite.DemandRule
// Only these: the suite's own `Subscription` (the scenarios') would hide Combine's.
import enum TraceSuite.ProgramError
import enum TraceSuite.ThreadScenarioID
import func TraceSuite.race
import func TraceSuite.tr

#if RXDEMO_SINCE_16
    import Testing
    import TraceTesting
    import protocol TraceSuite.DemandStepAdapter
    import enum TraceSuite.Step
    import struct TraceSuite.Scenario
    import struct TraceSuite.ShapeCheck
    import struct TraceSuite.ThreadScenario

    #if RXDEMO_SINCE_21
        @testable import RxDemo21

        private let thisStep = Step.rxDemo21
    #elseif RXDEMO_SINCE_20
        @testable import RxDemo20

        private let thisStep = Step.rxDemo20
    #elseif RXDEMO_SINCE_19
        @testable import RxDemo19

        private let thisStep = Step.rxDemo19
    #elseif RXDEMO_SINCE_18
        @testable import RxDemo18

        private let thisStep = Step.rxDemo18
    #elseif RXDEMO_SINCE_17
        @testable import RxDemo17

        private let thisStep = Step.rxDemo17
    #else
        @testable import RxDemo16

        private let thisStep = Step.rxDemo16
    #endif

    enum DemandStepRunner: DemandStepAdapter {
        static let step = thisStep
        static func run(_ program: DemandProgram, emit: @escaping (String) -> Void) {
            DemandRun.run(program, emit: emit)
        }

        static func shape() -> [ShapeCheck] {
            let unlimited = Subscribers.Demand.unlimited
            var passed: [String] = []
            [1, 2].publisher.filter { $0 > 0 }.subscribe(SubscriptionWatcher { passed.append("\($0)") })
            return flatMapShape() + switchToLatestShape() + [
                ShapeCheck(
                    tr(
                        "`Subscribers.Demand` prints as `max(3)` and `unlimited`, and `.none` is `.max(0)`",
                        "`Subscribers.Demand` 打印为 `max(3)` 和 `unlimited`，`.none` 就是 `.max(0)`"),
                    "\(Subscribers.Demand.max(3))" == "max(3)" && "\(unlimited)" == "unlimited"
                        && Subscribers.Demand.none == .max(0)),
                ShapeCheck(
                    tr(
                        "`Just(1).map { … }` is a `Just`, and `[1].publisher.map { … }` a `Publishers.Sequence`",
                        "`Just(1).map { … }` 是一个 `Just`，`[1].publisher.map { … }` 是一个 `Publishers.Sequence`"),
                    isJust(Just(1).map { $0 * 2 }) && isSequence([1].publisher.map { $0 * 2 })),
                ShapeCheck(
                    tr(
                        "`filter` hands the upstream's own subscription on: a subscriber of `[1, 2].publisher.filter { … }` is given the sequence's",
                        "`filter` 把上游自己的订阅交下去：`[1, 2].publisher.filter { … }` 的订阅者拿到的是序列的订阅"),
                    passed == ["[1, 2]"]),
            ]
                + DemandRuleChecks.held().map { check, holds in
                    // Each in both languages: DemandRuleCheck.requirement says it with tr.
                    let requirement = check.requirement
                    return ShapeCheck(requirement, holds)
                }
        }

        static var refusals: [String] { DemandRuleChecks.refusals().map(\.check.requirement) }

        static func misuse(_ number: Int) { DemandRuleChecks.refusals()[number].misuse() }

        static func threadRound(_ id: ThreadScenarioID) -> String? { DemandThreads.round(id) }
    }

    // Step 18 on: OpenCombine's overloads of flatMap where the child or the upstream never fails.
    private func flatMapShape() -> [ShapeCheck] {
        #if RXDEMO_SINCE_18
            var seen: [String] = []
            let subject = PassthroughSubject<Int, ProgramError>()
            let one = subject.flatMap { Just($0 * 10) }.sink(
                receiveCompletion: { seen.append(text($0)) }, receiveValue: { seen.append("\($0)") })
            subject.send(1)
            subject.send(completion: .finished)
            let two = [1, 2].publisher.flatMap { _ in Fail<Int, ProgramError>(error: .source) }.sink(
                receiveCompletion: { seen.append(text($0)) }, receiveValue: { seen.append("\($0)") })
            withExtendedLifetime((one, two)) {}
            return [
                ShapeCheck(
                    tr(
                        "`flatMap` takes a child that never fails under an upstream that may, and the other way round: `subject.flatMap { Just($0 * 10) }` gets 10, then finished; `[1, 2].publisher.flatMap { _ in Fail(error: e) }` fails with e",
                        "`flatMap` 接受永不失败的子发布者配可能失败的上游，反过来也行：`subject.flatMap { Just($0 * 10) }` 收到 10，然后 finished；`[1, 2].publisher.flatMap { _ in Fail(error: e) }` 以 e 失败"
                    ),
                    seen == ["10", "finished", "failure(source)"])
            ]
        #else
            return []
        #endif
    }

    // Step 19 on: OpenCombine's overloads of switchToLatest where one side never fails.
    private func switchToLatestShape() -> [ShapeCheck] {
        #if RXDEMO_SINCE_19
            var seen: [String] = []
            let subject = PassthroughSubject<Int, ProgramError>()
            let one = subject.map { Just($0 * 10) }.switchToLatest().sink(
                receiveCompletion: { seen.append(text($0)) }, receiveValue: { seen.append("\($0)") })
            subject.send(1)
            subject.send(completion: .finished)
            let two = [1, 2].publisher.map { _ in Fail<Int, ProgramError>(error: .source) }.switchToLatest().sink(
                receiveCompletion: { seen.append(text($0)) }, receiveValue: { seen.append("\($0)") })
            withExtendedLifetime((one, two)) {}
            return [
                ShapeCheck(
                    tr(
                        "`switchToLatest()` takes children that never fail under an upstream that may, and the other way round: `subject.map { Just($0 * 10) }.switchToLatest()` gets 10, then finished; `[1, 2].publisher.map { _ in Fail(error: e) }.switchToLatest()` fails with e",
                        "`switchToLatest()` 接受永不失败的子发布者配可能失败的上游，反过来也行：`subject.map { Just($0 * 10) }.switchToLatest()` 收到 10，然后 finished；`[1, 2].publisher.map { _ in Fail(error: e) }.switchToLatest()` 以 e 失败"
                    ),
                    seen == ["10", "finished", "failure(source)"])
            ]
        #else
            return []
        #endif
    }

    private func isJust<Output>(_ publisher: Just<Output>) -> Bool { true }
    private func isJust<P: Publisher>(_ publisher: P) -> Bool { false }
    private func isSequence<Output>(_ publisher: Publishers.Sequence<[Output], Never>) -> Bool { true }
    private func isSequence<P: Publisher>(_ publisher: P) -> Bool { false }

    // Tells what subscription it is given, and asks for nothing.
    private final class SubscriptionWatcher: Subscriber {
        typealias Input = Int
        typealias Failure = Never
        let given: (Subscription) -> Void
        init(_ given: @escaping (Subscription) -> Void) { self.given = given }
        func receive(subscription: Subscription) { given(subscription) }
        func receive(_ input: Int) -> Subscribers.Demand { .none }
        func receive(completion: Subscribers.Completion<Never>) {}
    }

    @Test("has OpenCombine's shape")
    func shape() async {
        await verifyDemandShape(of: DemandStepRunner.self)
    }

    @Test("traces", arguments: thisStep.selectedScenarios)
    func traces(_ scenario: Scenario) async {
        await verifyDemand(scenario, on: DemandStepRunner.self)
    }

    // Programs nobody wrote by hand, judged by what OpenCombine and the reference step print.
    @Test("generated programs")
    func generated() async {
        await verifyDemandGenerated(on: DemandStepRunner.self)
    }

    // Two threads at once, many rounds; step 16's are its known defect.
    @Test("threads", arguments: thisStep.selectedThreadScenarios)
    func threads(_ scenario: ThreadScenario) async {
        await verifyDemandThreads(scenario, on: DemandStepRunner.self)
    }
#else
    import OpenCombine
#endif

public enum DemandRun {
    // The program's trace on this module.
    public static func trace(of program: DemandProgram) -> [String] {
        var entries: [String] = []
        run(program) { entries.append($0) }
        return entries
    }

    // Runs it, handing each entry on as it happens: a crash or a hang keeps what came before.
    public static func run(_ program: DemandProgram, emit: @escaping (String) -> Void) {
        ProgramRun(program: program, log: TraceLog(emit)).start()
    }
}

final class TraceLog {
    let emit: (String) -> Void
    // Once the program's last line ran: what is freed afterwards (a subject that cancels its
    // upstream in its deinit) is not part of the printed program, which ends there.
    var closed = false
    init(_ emit: @escaping (String) -> Void) { self.emit = emit }
    func callAsFunction(_ entry: String) { if !closed { emit(entry) } }
}

private func text<Failure: Error>(_ completion: Subscribers.Completion<Failure>) -> String {
    switch completion {
    case .finished: DemandProgram.completionText(failed: nil)
    case .failure(let error): DemandProgram.completionText(failed: error)
    }
}

// A subscriber of the program's own: every request is the script's.
final class Demanding<Failure: Error>: Subscriber {
    typealias Input = Int
    let name: String
    let script: DemandProgram.DemandScript
    let log: TraceLog
    var subscription: Subscription?
    var received = 0

    init(name: String, script: DemandProgram.DemandScript, log: TraceLog) {
        self.name = name
        self.script = script
        self.log = log
    }

    func receive(subscription: Subscription) {
        log("\(name) subscription \(subscription)")
        self.subscription = subscription
        if let initial = script.initial { request(initial) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        received += 1
        log("\(name) receive \(input)")
        if let ask = script.requestsInReceive[received] { request(ask) }
        if script.cancelsInReceive == received { cancel() }
        let demand = DemandRun.demand(script.returned(forElement: received))
        log("\(name) returns \(demand)")
        return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        log("\(name) \(text(completion))")
    }

    func request(_ ask: DemandProgram.Ask) {
        log("\(name) requests \(DemandRun.demand(ask))")
        subscription?.request(DemandRun.demand(ask))
    }

    func cancel() {
        log("\(name) cancels")
        subscription?.cancel()
    }
}

extension DemandRun {
    static func demand(_ ask: DemandProgram.Ask) -> Subscribers.Demand {
        switch ask {
        case .none: .none
        case .max(let count): .max(count)
        case .unlimited: .unlimited
        }
    }
}

// The program's own publisher: it sends only what it was asked for, when the program says.
final class ScriptedSource: Publisher {
    typealias Output = Int
    typealias Failure = ProgramError

    final class Conduit: Subscription, CustomStringConvertible {
        let number: Int
        let log: TraceLog
        let deliver: (Int) -> Subscribers.Demand
        let finish: (Subscribers.Completion<ProgramError>) -> Void
        // The subscriber's receive(subscription:), for a second subscription.
        let again: (Subscription) -> Void
        var demand = Subscribers.Demand.none
        var isCancelled = false
        var description: String { "Source" }

        init(
            number: Int, log: TraceLog, deliver: @escaping (Int) -> Subscribers.Demand,
            finish: @escaping (Subscribers.Completion<ProgramError>) -> Void,
            again: @escaping (Subscription) -> Void
        ) {
            self.number = number
            self.log = log
            self.deliver = deliver
            self.finish = finish
            self.again = again
        }

        func request(_ demand: Subscribers.Demand) {
            log("source: subscription \(number) asks \(demand)")
            self.demand += demand
        }

        func cancel() {
            log("source: subscription \(number) cancelled")
            isCancelled = true
        }
    }

    let log: TraceLog
    var sends: [Int]
    let end: DemandProgram.End?
    var conduits: [Conduit] = []

    init(sends: [Int], end: DemandProgram.End?, log: TraceLog) {
        self.sends = sends
        self.end = end
        self.log = log
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == ProgramError {
        let conduit = Conduit(
            number: conduits.count + 1, log: log, deliver: subscriber.receive(_:),
            finish: subscriber.receive(completion:), again: subscriber.receive(subscription:))
        conduits.append(conduit)
        log("source: subscription \(conduit.number) made")
        subscriber.receive(subscription: conduit)
    }

    func send() {
        let element = sends.removeFirst()
        for conduit in conduits where !conduit.isCancelled {
            guard conduit.demand > 0 else {
                log("source: nobody asked subscription \(conduit.number) for \(element)")
                continue
            }
            conduit.demand -= 1
            log("source: sends \(element) to subscription \(conduit.number)")
            conduit.demand += conduit.deliver(element)
        }
    }

    func finish() {
        for conduit in conduits where !conduit.isCancelled {
            conduit.isCancelled = true
            log("source: ends subscription \(conduit.number)")
            conduit.finish(end == .failure ? .failure(.source) : .finished)
        }
    }

    // Breaking the rules (`DemandProgram.Action`), as the printed program's publisher does.
    func sendRegardless(_ element: Int) {
        for conduit in conduits {
            log("source: sends \(element) regardless to subscription \(conduit.number)")
            conduit.demand += conduit.deliver(element)
        }
    }

    func subscribeAgain() {
        for conduit in conduits {
            let again = Conduit(
                number: conduits.count + 1, log: log, deliver: conduit.deliver, finish: conduit.finish,
                again: conduit.again)
            conduits.append(again)
            log("source: subscription \(again.number) made again for subscription \(conduit.number)'s subscriber")
            conduit.again(again)
        }
    }
}

// A child of `flatMap` (step 18 on), as the printed program's `Child`: it sends what it is
// asked for at once, then ends, or stays open when it has no end.
final class ChildSource<Failure: Error>: Publisher, Subscription, CustomStringConvertible {
    typealias Output = Int
    let number: Int
    var elements: [Int]
    let end: Subscribers.Completion<Failure>?
    let log: TraceLog
    var deliver: ((Int) -> Subscribers.Demand)?
    var finish: ((Subscribers.Completion<Failure>) -> Void)?
    var demand = Subscribers.Demand.none
    var sending = false
    var description: String { "Child" }

    init(number: Int, elements: [Int], end: Subscribers.Completion<Failure>?, log: TraceLog) {
        self.number = number
        self.elements = elements
        self.end = end
        self.log = log
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
        log("child \(number) subscribed")
        deliver = subscriber.receive(_:)
        finish = subscriber.receive(completion:)
        subscriber.receive(subscription: self)
    }

    func request(_ demand: Subscribers.Demand) {
        log("child \(number) asked \(demand)")
        self.demand += demand
        guard !sending else { return }
        sending = true
        while self.demand > 0, !elements.isEmpty, let deliver {
            let element = elements.removeFirst()
            self.demand -= 1
            log("child \(number) sends \(element)")
            self.demand += deliver(element)
        }
        sending = false
        if elements.isEmpty, let end, let finish {
            self.deliver = nil
            self.finish = nil
            log("child \(number) \(text(end))")
            finish(end)
        }
    }

    func cancel() {
        log("child \(number) cancelled")
        deliver = nil
        finish = nil
    }
}

// One run of a program, as its printed form runs it.
final class ProgramRun {
    let program: DemandProgram
    let log: TraceLog
    var scripted: ScriptedSource?
    var promise: ((Result<Int, ProgramError>) -> Void)?
    var demanding: [Int: (request: (DemandProgram.Ask) -> Void, cancel: () -> Void)] = [:]
    var cancellables: [Int: AnyCancellable] = [:]
    var subscribeAll: [(index: Int, subscribe: () -> Void)] = []
    // The program's subject (step 17 on): what it sends next, and how it is told.
    var subjectSends: [Int] = []
    var sendToSubject: ((Int) -> Void)?
    var finishSubject: (() -> Void)?
    // The multicast's `connect()`, and what it returned.
    var connect: (() -> Cancellable)?
    var connection: Cancellable?
    // The children `flatMap` made so far (step 18 on).
    var children = 0

    init(program: DemandProgram, log: TraceLog) {
        self.program = program
        self.log = log
    }

    func start() {
        makeSource(program.source)
        let times = Set(program.moments.map(\.time) + program.subscribers.map(\.subscribeAt)).sorted()
        for time in times {
            for entry in subscribeAll where program.subscribers[entry.index].subscribeAt == time { entry.subscribe() }
            for moment in program.moments where moment.time == time { perform(moment.action) }
        }
        log("end")
        for index in program.subscribers.indices { cancellables[index] = nil }
        connection = nil
        log.closed = true
    }

    func perform(_ action: DemandProgram.Action) {
        switch action {
        case .request(let index, let ask): demanding[index]?.request(ask)
        case .cancel(let index):
            if let subscriber = demanding[index] {
                subscriber.cancel()
            } else {
                log("\(program.name(of: index)) cancels")
                cancellables[index]?.cancel()
            }
        case .send: sendNext()
        case .end:
            if let finishSubject { finishSubject() } else { scripted?.finish() }
        case .keepPromise:
            switch program.source {
            case .future(let value?, _):
                log("promise \(value)")
                promise?(.success(value))
            default:
                log("promise fails")
                promise?(.failure(.source))
            }
        case .keepPromiseAgain:
            log("promise again 9")
            promise?(.success(9))
        case .sendRegardless: scripted?.sendRegardless(9)
        case .subscribeAgain: scripted?.subscribeAgain()
        case .connect:
            log("multicast connects")
            connection = connect?()
        case .disconnect:
            log("multicast disconnects")
            connection?.cancel()
        }
    }

    // A `send` or an `end` moment: to the program's own publisher, or to its subject.
    func sendNext() {
        guard let send = sendToSubject else {
            scripted?.send()
            return
        }
        let element = subjectSends.removeFirst()
        log("subject sends \(element)")
        send(element)
    }

    func makeSource(_ source: DemandProgram.Source) {
        // Each kind keeps its own static type, so that what its specialisations do is what runs.
        switch source {
        case .just(let element): chainNever(Just(element))
        case .sequence(let elements): chainNever(elements.publisher)
        case .empty(let completeImmediately): chainNever(Empty<Int, Never>(completeImmediately: completeImmediately))
        case .fail: chain(Fail<Int, ProgramError>(error: .source), program.operators[...])
        case .future: chain(future(source), program.operators[...])
        case .scripted(let sends, let end):
            let scripted = ScriptedSource(sends: sends, end: end, log: log)
            self.scripted = scripted
            chain(scripted, program.operators[...])
        case .subject(let current, let sends, let end):
            #if RXDEMO_SINCE_17 || !RXDEMO_SINCE_16
                subjectSends = sends
                let completion: Subscribers.Completion<ProgramError> = end == .failure ? .failure(.source) : .finished
                let ending =
                    "subject sends \(DemandProgram.completionText(failed: end == .failure ? ProgramError.source : nil))"
                if let current {
                    let subject = CurrentValueSubject<Int, ProgramError>(current)
                    sendToSubject = { subject.send($0) }
                    finishSubject = { [log] in
                        log(ending)
                        subject.send(completion: completion)
                    }
                    chain(subject, program.operators[...])
                } else {
                    let subject = PassthroughSubject<Int, ProgramError>()
                    sendToSubject = { subject.send($0) }
                    finishSubject = { [log] in
                        log(ending)
                        subject.send(completion: completion)
                    }
                    chain(subject, program.operators[...])
                }
            #else
                preconditionFailure("subjects come in step 17")
            #endif
        case .deferred(let inner):
            switch inner {
            case .just(let element):
                chainNever(
                    Deferred {
                        self.log("deferred runs")
                        return Just(element)
                    })
            case .sequence(let elements):
                chainNever(
                    Deferred {
                        self.log("deferred runs")
                        return elements.publisher
                    })
            case .empty(let completeImmediately):
                chainNever(
                    Deferred {
                        self.log("deferred runs")
                        return Empty<Int, Never>(completeImmediately: completeImmediately)
                    })
            case .fail:
                chain(
                    Deferred {
                        self.log("deferred runs")
                        return Fail<Int, ProgramError>(error: .source)
                    },
                    program.operators[...])
            default:
                chain(
                    Deferred {
                        self.log("deferred runs")
                        return self.future(inner)
                    }, program.operators[...])
            }
        }
    }

    func future(_ source: DemandProgram.Source) -> Future<Int, ProgramError> {
        guard case .future(let value, let at) = source else { preconditionFailure("not a future") }
        return Future { promise in
            self.log("future runs")
            if at != nil {
                self.promise = promise
            } else if let value {
                promise(.success(value))
            } else {
                promise(.failure(.source))
            }
        }
    }

    private func chainNever<P: Publisher>(_ publisher: P) where P.Output == Int, P.Failure == Never {
        chain(publisher, program.operators[...])
    }

    // Applies the operators in order; `Just` and a sequence answer `map` and `filter` with a
    // publisher of their own kind, as a program that names them gets.
    func chain<P: Publisher>(_ publisher: P, _ operators: ArraySlice<DemandProgram.Operator>)
    where P.Output == Int {
        guard let op = operators.first else { return subscribe(publisher) }
        let rest = operators.dropFirst()
        switch op {
        case .map(let factor):
            if let just = publisher as? Just<Int> { return chain(just.map { $0 * factor }, rest) }
            if let sequence = publisher as? Publishers.Sequence<[Int], Never> {
                return chain(sequence.map { $0 * factor }, rest)
            }
            chain(publisher.map { $0 * factor }, rest)
        case .filter(let keepsEven):
            if let sequence = publisher as? Publishers.Sequence<[Int], Never> {
                return chain(sequence.filter { ($0 % 2 == 0) == keepsEven }, rest)
            }
            chain(publisher.filter { ($0 % 2 == 0) == keepsEven }, rest)
        case .tryMap(let throwsOn):
            chain(
                publisher.tryMap { element in
                    if element == throwsOn { throw ProgramError.map }
                    return element
                }, rest)
        case .share:
            #if RXDEMO_SINCE_17 || !RXDEMO_SINCE_16
                chain(publisher.share(), rest)
            #else
                preconditionFailure("share comes in step 17")
            #endif
        case .flatMap(let most, let script):
            #if RXDEMO_SINCE_18 || !RXDEMO_SINCE_16
                chain(
                    publisher.flatMap(maxPublishers: DemandRun.demand(most)) { value -> ChildSource<P.Failure> in
                        self.children += 1
                        return ChildSource(
                            number: self.children, elements: script.elements(of: value),
                            end: Self.childEnd(script.end(of: value)), log: self.log)
                    }, rest)
            #else
                preconditionFailure("flatMap comes in step 18")
            #endif
        case .switchToLatest(let script):
            #if RXDEMO_SINCE_19 || !RXDEMO_SINCE_16
                // `Just` and a sequence map with a `map` of their own, at once, as the printed
                // program's does.
                let child = { (value: Int) -> ChildSource<P.Failure> in
                    self.children += 1
                    return ChildSource(
                        number: self.children, elements: script.elements(of: value),
                        end: Self.childEnd(script.end(of: value)), log: self.log)
                }
                if let just = publisher as? Just<Int> { return chain(just.map(child).switchToLatest(), rest) }
                if let sequence = publisher as? Publishers.Sequence<[Int], Never> {
                    return chain(sequence.map(child).switchToLatest(), rest)
                }
                chain(publisher.map(child).switchToLatest(), rest)
            #else
                preconditionFailure("switchToLatest comes in step 19")
            #endif
        case .multicast(let autoconnect):
            #if RXDEMO_SINCE_17 || !RXDEMO_SINCE_16
                let multicast = publisher.multicast(subject: PassthroughSubject<Int, P.Failure>())
                if autoconnect { return chain(multicast.autoconnect(), rest) }
                connect = multicast.connect
                chain(multicast, rest)
            #else
                preconditionFailure("multicast comes in step 17")
            #endif
        case .merge(let other):
            #if RXDEMO_SINCE_21 || !RXDEMO_SINCE_16
                // Made once, as the printed program makes it with the chain.
                let merged = ChildSource<P.Failure>(
                    number: 0, elements: other.elements(of: 5), end: Self.childEnd(other.end), log: log)
                chain(publisher.merge(with: merged), rest)
            #else
                preconditionFailure("merge comes in step 21")
            #endif
        case .buffer(let size, let keepFull, let whenFull):
            #if RXDEMO_SINCE_20 || !RXDEMO_SINCE_16
                let strategy: Publishers.BufferingStrategy<P.Failure> =
                    switch whenFull {
                    case .dropNewest: .dropNewest
                    case .dropOldest: .dropOldest
                    case .customError: .customError { ProgramError.full as! P.Failure }
                    }
                chain(
                    publisher.buffer(size: size, prefetch: keepFull ? .keepFull : .byRequest, whenFull: strategy), rest)
            #else
                preconditionFailure("buffer comes in step 20")
            #endif
        }
    }

    // How a child ends, in its failure type: the program's children fail only where it is
    // `ProgramError`.
    static func childEnd<Failure: Error>(_ end: DemandProgram.End?) -> Subscribers.Completion<Failure>? {
        switch end {
        case .finished: .finished
        case .failure: .failure(ProgramError.source as! Failure)
        case nil: nil
        }
    }

    func subscribe<P: Publisher>(_ publisher: P) where P.Output == Int {
        for (index, script) in program.subscribers.enumerated() {
            let name = program.name(of: index)
            subscribeAll.append(
                (
                    index,
                    {
                        switch script.kind {
                        case .sink:
                            self.cancellables[index] = publisher.sink(
                                receiveCompletion: { self.log("\(name) \(text($0))") },
                                receiveValue: { self.log("\(name) receive \($0)") })
                        case .assign:
                            self.cancellables[index] = assignTarget(publisher, name: name, log: self.log)
                        case .demanding(let demand):
                            let subscriber = Demanding<P.Failure>(name: name, script: demand, log: self.log)
                            self.demanding[index] = (subscriber.request, subscriber.cancel)
                            publisher.subscribe(subscriber)
                        }
                    }
                ))
        }
    }
}

final class AssignTarget {
    let name: String
    let log: TraceLog
    var value = 0 {
        didSet { log("\(name) value \(value)") }
    }

    init(name: String, log: TraceLog) {
        self.name = name
        self.log = log
    }
}

// `assign` needs a publisher that never fails: the generator draws it only for one.
private func assignTarget<P: Publisher>(_ publisher: P, name: String, log: TraceLog) -> AnyCancellable?
where P.Output == Int {
    guard let never = publisher as? any Publisher<Int, Never> else { return nil }
    return assign(never, to: AssignTarget(name: name, log: log))
}

private func assign<P: Publisher<Int, Never>>(_ publisher: P, to target: AssignTarget) -> AnyCancellable {
    publisher.assign(to: \.value, on: target)
}

// The rules no trace shows (Tests/TraceSuite/DemandRules.swift), checked on the module that
// provides Combine's API, as the programs are: each check names its rule, what it tried, and
// where to look when it fails.
public struct DemandRuleCheck {
    public let rule: DemandRule
    public let tried: String
    public let chineseTried: String

    // What a report says when the check fails: the rule, what was tried, where to look.
    public var requirement: String {
        tr(
            "\(rule.localized). Checked: \(tried). Where to look: \(rule.hint)",
            "\(rule.localized)。检查的是：\(chineseTried)。该看哪里：\(rule.chineseHint)")
    }
}

public enum DemandRuleChecks {
    // Those that hold or not in this process.
    public static func held() -> [(check: DemandRuleCheck, holds: Bool)] {
        let unlimited = Subscribers.Demand.unlimited
        return [
            (
                DemandRuleCheck(
                    rule: .demandSaturates,
                    tried: "`.max(Int.max) + .max(1)` and `.max(1) + .unlimited` are `.unlimited`",
                    chineseTried: "`.max(Int.max) + .max(1)` 和 `.max(1) + .unlimited` 都是 `.unlimited`"),
                .max(Int.max) + .max(1) == unlimited && .max(1) + unlimited == unlimited
            ),
            (
                DemandRuleCheck(
                    rule: .demandSaturates,
                    tried: "`.unlimited - .max(1)` stays `.unlimited`, `.max(1) - .unlimited` is `.max(0)`",
                    chineseTried: "`.unlimited - .max(1)` 仍是 `.unlimited`，`.max(1) - .unlimited` 是 `.max(0)`"),
                unlimited - .max(1) == unlimited && Subscribers.Demand.max(1) - unlimited == .max(0)
            ),
            (
                DemandRuleCheck(
                    rule: .cancelReleases,
                    tried:
                        "a subscriber of `[1, 2, 3].publisher.map { $0 }`, of `Just(1)` and of a `Future` not yet kept, each asking `.max(1)` or nothing, cancels; its subscription, still held, must not hold it",
                    chineseTried:
                        "`[1, 2, 3].publisher.map { $0 }`、`Just(1)` 和一个还没兑现的 `Future` 的订阅者，各自要 `.max(1)` 或什么也不要，然后 cancel；仍被持有的订阅不能再持有它"
                ),
                releases([1, 2, 3].publisher.map { $0 }, asking: .max(1), cancelling: true)
                    && releases(Just(1), asking: .none, cancelling: true)
                    && releases(Future<Int, Never> { _ in }, asking: .max(1), cancelling: true)
                    && releases(Deferred { [1, 2].publisher }, asking: .none, cancelling: true)
            ),
            (
                DemandRuleCheck(
                    rule: .endReleases,
                    tried:
                        "a subscriber of `[1, 2].publisher`, of `Just(1)` and of a `Future` kept at once gets `finished`; its subscription, still held, must not hold it",
                    chineseTried: "`[1, 2].publisher`、`Just(1)` 和一个立刻兑现的 `Future` 的订阅者收到 `finished`；仍被持有的订阅不能再持有它"),
                releases([1, 2].publisher, asking: .unlimited, cancelling: false)
                    && releases(Just(1), asking: .max(1), cancelling: false)
                    && releases(Future<Int, Never> { $0(.success(1)) }, asking: .max(1), cancelling: false)
            ),
            (
                DemandRuleCheck(
                    rule: .cancelTwice,
                    tried:
                        "a subscriber of `[1, 2].publisher` and of a `Future` not yet kept cancels twice, then asks `.max(1)`: nothing arrives",
                    chineseTried: "`[1, 2].publisher` 和一个还没兑现的 `Future` 的订阅者 cancel 两次，再要 `.max(1)`：什么也不会到达"),
                cancelsTwice([1, 2].publisher) && cancelsTwice(Future<Int, Never> { _ in })
            ),
            (
                DemandRuleCheck(
                    rule: .endCancels,
                    tried:
                        "a publisher that breaks the rules sends 2 after finished to `sink` and to `assign`: neither takes it",
                    chineseTried: "一个违反规则的发布者在 finished 之后向 `sink` 和 `assign` 发出 2：它们都不接收"),
                ignoresAfterEnd()
            ),
            (
                DemandRuleCheck(
                    rule: .secondSubscriptionCancelled,
                    tried: "`sink` and `assign`, given a second subscription, cancel it and ask it for nothing",
                    chineseTried: "`sink` 和 `assign` 拿到第二个订阅时，取消它，也不向它要任何东西"),
                cancelsSecondSubscription()
            ),
        ]
    }

    // A publisher that breaks the rules on purpose, for the subscribers' own rules: it hands
    // its subscriber's three calls to the check, which makes them as it likes.
    private struct Calls {
        let subscription: (Subscription) -> Void
        let value: (Int) -> Void
        let finished: () -> Void
    }

    private struct Unruly: Publisher {
        typealias Output = Int
        typealias Failure = Never
        let subscribed: (Calls) -> Void
        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            subscribed(
                Calls(
                    subscription: subscriber.receive(subscription:), value: { _ = subscriber.receive($0) },
                    finished: { subscriber.receive(completion: .finished) }))
        }
    }

    // What a subscription is asked, and whether it was cancelled.
    private final class WatchedSubscription: Subscription {
        var asked = Subscribers.Demand.none
        var cancelled = false
        func request(_ demand: Subscribers.Demand) { asked += demand }
        func cancel() { cancelled = true }
    }

    private final class Target {
        var value = 0
    }

    private static func ignoresAfterEnd() -> Bool {
        var received: [Int] = []
        let target = Target()
        var subscribers: [Calls] = []
        let unruly = Unruly { subscribers.append($0) }
        let sink = unruly.sink { received.append($0) }
        let assign = unruly.assign(to: \.value, on: target)
        for subscriber in subscribers {
            subscriber.subscription(WatchedSubscription())
            subscriber.value(1)
            subscriber.finished()
            subscriber.value(2)
        }
        return withExtendedLifetime((sink, assign)) { received == [1] && target.value == 1 }
    }

    private static func cancelsSecondSubscription() -> Bool {
        let target = Target()
        var subscribers: [Calls] = []
        let unruly = Unruly { subscribers.append($0) }
        let sink = unruly.sink { _ in }
        let assign = unruly.assign(to: \.value, on: target)
        let seconds = subscribers.map { subscriber in
            subscriber.subscription(WatchedSubscription())
            let second = WatchedSubscription()
            subscriber.subscription(second)
            return second
        }
        return withExtendedLifetime((sink, assign)) {
            seconds.count == 2 && seconds.allSatisfy { $0.cancelled && $0.asked == .none }
        }
    }

    // Misuses Combine refuses with a trap, each to run in a process of its own.
    public static func refusals() -> [(check: DemandRuleCheck, misuse: () -> Void)] {
        [
            (
                DemandRuleCheck(
                    rule: .zeroRequestRefused, tried: "`Subscribers.Demand.max(-1)` traps",
                    chineseTried: "`Subscribers.Demand.max(-1)` 会陷入陷阱"),
                { print(Subscribers.Demand.max(-1)) }
            ),
            (
                DemandRuleCheck(
                    rule: .zeroRequestRefused, tried: "`request(.none)` on `Just(1)`'s subscription traps",
                    chineseTried: "对 `Just(1)` 的订阅调用 `request(.none)` 会陷入陷阱"),
                { requestNothing(Just(1)) }
            ),
            (
                DemandRuleCheck(
                    rule: .zeroRequestRefused,
                    tried: "`request(.none)` on the subscription of a `Future` not yet kept traps",
                    chineseTried: "对一个还没兑现的 `Future` 的订阅调用 `request(.none)` 会陷入陷阱"),
                { requestNothing(Future<Int, Never> { _ in }) }
            ),
        ]
    }

    // Subscribes a holder that keeps its subscription, asks `demand`, and cancels or waits for
    // the end; then lets go of it, keeping the subscription: the holder must be gone.
    private static func releases<P: Publisher>(_ publisher: P, asking demand: Subscribers.Demand, cancelling: Bool)
        -> Bool where P.Output == Int
    {
        weak var gone: Holder<P.Failure>?
        var subscription: Subscription?
        do {
            let holder = Holder<P.Failure>()
            gone = holder
            publisher.subscribe(holder)
            subscription = holder.subscription
            if demand > 0 { subscription?.request(demand) }
            if cancelling { subscription?.cancel() }
            holder.subscription = nil
        }
        return withExtendedLifetime(subscription) { gone == nil }
    }

    private static func cancelsTwice<P: Publisher>(_ publisher: P) -> Bool where P.Output == Int {
        let holder = Holder<P.Failure>()
        publisher.subscribe(holder)
        holder.subscription?.cancel()
        holder.subscription?.cancel()
        holder.subscription?.request(.max(1))
        return holder.received.isEmpty && holder.completions == 0
    }

    private static func requestNothing<P: Publisher>(_ publisher: P) where P.Output == Int {
        let holder = Holder<P.Failure>()
        publisher.subscribe(holder)
        holder.subscription?.request(.none)
        print("request(.none) returned")
    }
}

// Keeps its subscription and asks for nothing by itself.
private final class Holder<Failure: Error>: Subscriber {
    typealias Input = Int
    var subscription: Subscription?
    var received: [Int] = []
    var completions = 0

    func receive(subscription: Subscription) { self.subscription = subscription }
    func receive(_ input: Int) -> Subscribers.Demand {
        received.append(input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Failure>) { completions += 1 }
}

// MARK: - Thread scenarios (TraceSuite's ThreadScenarioID): two threads at once, many rounds

// What must hold whatever the interleaving, as OpenCombine has it: each round builds fresh
// objects, races the two threads (`race` releases them together), and says what went wrong.
public enum DemandThreads {
    public static func round(_ id: ThreadScenarioID) -> String? {
        switch id {
        case .requestWhileSequenceSends: requestWhileSequenceSends()
        case .sinkCancelledTwiceAtOnce: sinkCancelledTwiceAtOnce()
        case .futurePromisedWhileSubscribersCome: futurePromisedWhileSubscribersCome()
        #if RXDEMO_SINCE_17 || !RXDEMO_SINCE_16
            case .subjectSendsWhileSubscribersCome: subjectSendsWhileSubscribersCome()
            case .subjectSendsWhileItsSubscriberCancels: subjectSendsWhileItsSubscriberCancels()
        #endif
        #if RXDEMO_SINCE_18 || !RXDEMO_SINCE_16
            case .flatMapChildrenSendFromTwoThreads: flatMapChildrenSendFromTwoThreads()
        #endif
        #if RXDEMO_SINCE_19 || !RXDEMO_SINCE_16
            case .switchToLatestSwitchesWhileChildSends: switchToLatestSwitchesWhileChildSends()
        #endif
        default: preconditionFailure("«\(id.rawValue)» is not one of the demand act's thread scenarios")
        }
    }

    // Publishers.Sequence sends on whichever thread asked while the other asks too: the one
    // that is sending goes on with the other's demand, so every element comes once, in order.
    static func requestWhileSequenceSends() -> String? {
        let count = 40
        let subscriber = Serial()
        (0..<count).publisher.subscribe(subscriber)  // asks .max(1): 0 arrives here
        guard let subscription = subscriber.subscription else {
            return tr("the sequence gave no subscription", "序列没有交出订阅")
        }
        let asks = (count - 1) / 2
        race(
            { for _ in 0..<asks { subscription.request(.max(1)) } },
            { for _ in 0..<(count - 1 - asks) { subscription.request(.max(1)) } })
        return subscriber.problem(expected: Array(0..<count), finished: true)
    }

    // Two cancels of one Sink at once: its upstream is cancelled once.
    static func sinkCancelledTwiceAtOnce() -> String? {
        let upstream = CountingSubscription()
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        sink.receive(subscription: upstream)
        race({ sink.cancel() }, { sink.cancel() })
        let cancels = upstream.cancels.withLock { $0 }
        return cancels == 1
            ? nil
            : tr(
                "the sink's upstream was cancelled \(cancels) times; OpenCombine cancels it exactly once",
                "sink 的上游被取消了 \(cancels) 次；OpenCombine 恰好取消一次")
    }

    // A Future's promise on one thread while three subscribers come on the other: each gets
    // the value once, then finished, whether it came before the promise or after.
    static func futurePromisedWhileSubscribersCome() -> String? {
        nonisolated(unsafe) var promise: ((Result<Int, Never>) -> Void)? = nil
        let future = Future<Int, Never> { promise = $0 }
        let subscribers = (0..<3).map { _ in Serial(initial: .unlimited) }
        race(
            { promise?(.success(7)) },
            { subscribers.forEach { future.subscribe($0) } })
        for (index, subscriber) in subscribers.enumerated() {
            if let problem = subscriber.problem(expected: [7], finished: true) {
                return tr("subscriber \(index + 1): \(problem)", "第 \(index + 1) 个订阅者：\(problem)")
            }
        }
        return nil
    }

    #if RXDEMO_SINCE_17 || !RXDEMO_SINCE_16
        // A subject sends 0, 1, 2, … on one thread while subscribers come and leave on the
        // other: the one there from the start gets every value once, in order; each of the
        // others a run of consecutive values.
        static func subjectSendsWhileSubscribersCome() -> String? {
            let subject = PassthroughSubject<Int, Never>()
            let steady = Serial(initial: .unlimited)
            subject.subscribe(steady)
            let values = 0..<30
            let others = (0..<10).map { _ in Serial(initial: .unlimited) }
            race(
                { values.forEach { subject.send($0) } },
                {
                    for other in others {
                        subject.subscribe(other)
                        other.subscription?.cancel()
                    }
                })
            subject.send(completion: .finished)
            if let problem = steady.problem(expected: Array(values), finished: true) {
                return tr("the subscriber there from the start: \(problem)", "一开始就订阅的订阅者：\(problem)")
            }
            for other in others {
                let got = other.inputs.withLock { $0 }
                if let first = got.first, got != Array(first..<(first + got.count)) {
                    return tr(
                        "a subscriber that came and left got \(got), not consecutive values once each",
                        "一个来了又走的订阅者收到了 \(got)，而不是各收到一次的连续值")
                }
            }
            return nil
        }

        // A subject sends on one thread while its only subscriber cancels on the other: what
        // arrived is a run from 0, each once; once both are done, nothing more arrives.
        static func subjectSendsWhileItsSubscriberCancels() -> String? {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = Serial(initial: .unlimited)
            subject.subscribe(subscriber)
            let values = 0..<30
            race(
                { values.forEach { subject.send($0) } },
                { subscriber.subscription?.cancel() })
            let before = subscriber.inputs.withLock { $0 }
            subject.send(100)
            subject.send(completion: .finished)
            let after = subscriber.inputs.withLock { $0 }
            if before != Array(0..<before.count) {
                return tr(
                    "the subscriber got \(before), not 0, 1, 2, … once each", "订阅者收到了 \(before)，而不是各收到一次的 0、1、2……")
            }
            if after != before || subscriber.completions.withLock({ $0 }) != 0 {
                return tr(
                    "after its cancel returned and the sends were done, the subscriber still got an element or finished",
                    "它的 cancel 返回、发送也都结束之后，订阅者还是收到了元素或 finished")
            }
            return nil
        }
    #endif

    #if RXDEMO_SINCE_18 || !RXDEMO_SINCE_16
        // Two children of one flatMap send on two threads at once, to a subscriber that asked
        // for everything: flatMap's downstream lock lets one receive run at a time.
        static func flatMapChildrenSendFromTwoThreads() -> String? {
            let ids = PassthroughSubject<Int, Never>()
            nonisolated(unsafe) var children: [PassthroughSubject<Int, Never>] = []
            let subscriber = Serial(initial: .unlimited)
            ids.flatMap { _ -> PassthroughSubject<Int, Never> in
                let child = PassthroughSubject<Int, Never>()
                children.append(child)
                return child
            }.subscribe(subscriber)
            ids.send(0)
            ids.send(1)
            guard children.count == 2 else {
                return tr(
                    "flatMap made \(children.count) children of two elements",
                    "flatMap 为两个元素做出了 \(children.count) 个子发布者")
            }
            let (first, second) = (children[0], children[1])
            race({ (0..<20).forEach { first.send($0) } }, { (100..<120).forEach { second.send($0) } })
            first.send(completion: .finished)
            second.send(completion: .finished)
            ids.send(completion: .finished)
            let got = subscriber.inputs.withLock { $0 }
            let inOrder = got.filter { $0 < 100 } == Array(0..<20) && got.filter { $0 >= 100 } == Array(100..<120)
            return subscriber.problem(expected: inOrder ? got : Array(0..<20) + Array(100..<120), finished: true)
        }
    #endif

    #if RXDEMO_SINCE_19 || !RXDEMO_SINCE_16
        // The first child sends on one thread while the next publisher comes on the other: what
        // arrives is 0, 1, 2, … from the first (as far as it got before it was replaced), then
        // everything the next one sends; never two receives at once.
        static func switchToLatestSwitchesWhileChildSends() -> String? {
            let ids = PassthroughSubject<Int, Never>()
            nonisolated(unsafe) var children: [PassthroughSubject<Int, Never>] = []
            let subscriber = Serial(initial: .unlimited)
            ids.map { _ -> PassthroughSubject<Int, Never> in
                let child = PassthroughSubject<Int, Never>()
                children.append(child)
                return child
            }.switchToLatest().subscribe(subscriber)
            ids.send(0)
            guard children.count == 1 else {
                return tr(
                    "switchToLatest made \(children.count) children of one element",
                    "switchToLatest 为一个元素做出了 \(children.count) 个子发布者")
            }
            let first = children[0]
            race({ (0..<20).forEach { first.send($0) } }, { ids.send(1) })
            guard children.count == 2 else {
                return tr(
                    "switchToLatest made \(children.count) children of two elements",
                    "switchToLatest 为两个元素做出了 \(children.count) 个子发布者")
            }
            (100..<110).forEach { children[1].send($0) }
            children[1].send(completion: .finished)
            ids.send(completion: .finished)
            let fromFirst = subscriber.inputs.withLock { $0 }.filter { $0 < 100 }.count
            return subscriber.problem(expected: Array(0..<fromFirst) + Array(100..<110), finished: true)
        }
    #endif
}

// A subscriber that notices two calls at once: every call is recorded under a lock of its own,
// and one that starts while another is still running is counted.
private final class Serial: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never
    let initial: Subscribers.Demand
    let inputs = Guarded<[Int]>([])
    let completions = Guarded(0)
    let overlaps = Guarded(0)
    private let busy = Guarded(false)
    var subscription: Subscription?

    init(initial: Subscribers.Demand = .max(1)) { self.initial = initial }

    private func enter() {
        busy.withLock { busy in
            if busy { overlaps.withLock { $0 += 1 } }
            busy = true
        }
    }
    private func leave() { busy.withLock { $0 = false } }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(initial)
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        enter()
        inputs.withLock { $0.append(input) }
        leave()
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {
        enter()
        completions.withLock { $0 += 1 }
        leave()
    }

    func problem(expected: [Int], finished: Bool) -> String? {
        let got = inputs.withLock { $0 }
        let ends = completions.withLock { $0 }
        let atOnce = overlaps.withLock { $0 }
        if atOnce > 0 {
            return tr(
                "receive was called while another receive was still running (\(atOnce) times)",
                "上一次 receive 还没返回，receive 又被调用了（\(atOnce) 次）")
        }
        if got != expected {
            return tr(
                "got \(got.count) elements (\(got.prefix(6).map(String.init).joined(separator: ", "))…), not \(expected.count) once each in order",
                "收到了 \(got.count) 个元素（\(got.prefix(6).map(String.init).joined(separator: ", "))……），而不是按顺序各一次的 \(expected.count) 个"
            )
        }
        if ends != (finished ? 1 : 0) {
            return tr("finished arrived \(ends) times", "finished 到达了 \(ends) 次")
        }
        return nil
    }
}

// A subscription that only counts its cancels.
private final class CountingSubscription: Subscription, @unchecked Sendable {
    let cancels = Guarded(0)
    let combineIdentifier = CombineIdentifier()
    func request(_ demand: Subscribers.Demand) {}
    func cancel() { cancels.withLock { $0 += 1 } }
}

// A value behind an NSLock: the scenario's own bookkeeping, never the step's.
private final class Guarded<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
