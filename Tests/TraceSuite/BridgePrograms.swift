import Foundation

// Step 15's bridge, generated: every move its API allows, each a small async program whose
// trace is recorded on RxSwift's main branch like the other generated programs. `value` on each
// trait, `values` on an observable, a Driver and a Signal, left early or cancelled before the
// subscription or while waiting; `asObservable(priority:)` of sequences that finish, throw,
// throw `CancellationError` or never end, disposed midway and subscribed twice;
// `Single.create(detached:priority:work:)` with each argument and each way the work ends. Each
// program waits only for what it needs (an element, the work's start, the sequence's release),
// so its trace is the same in every run: no two threads ever record at once.
public struct BridgeProgram: Sendable, Hashable {
    public enum Cancel: String, Sendable, CaseIterable {
        case none
        // The awaiting task is cancelled before it awaits: it subscribes cancelled.
        case before
        // Cancelled once the source is subscribed and nothing more comes.
        case whileWaiting
        // A cancel racing the trait's result, made deterministic: the source, which runs on the
        // awaiting task, cancels that task right before it sends its result…
        case asTheResultIsSent
        // …or from its dispose closure, right after the result (before the task resumes).
        case afterTheResult

        // The three a loop over `values` is cancelled at; the races are `value`'s.
        static let waits: [Cancel] = [.none, .before, .whileWaiting]
    }
    // How a scripted source ends after its elements.
    public enum End: String, Sendable, CaseIterable { case completed, error, never }
    // How an async sequence ends after its elements.
    public enum SequenceEnd: String, Sendable, CaseIterable {
        case finishes, throwsError, throwsCancellation, neverEnds
    }
    public enum Work: String, Sendable, CaseIterable {
        case returns, throwsError, throwsCancellation, waitsForCancellation
    }
    public enum Loop: String, Sendable, CaseIterable { case observable, driver, signal }

    public enum Move: Sendable, Hashable {
        case value(TraitKind, elements: Int, end: End, cancel: Cancel)
        case values(Loop, elements: Int, end: End, leaveAfter: Int?, cancel: Cancel)
        case asObservable(elements: Int, end: SequenceEnd, lowPriority: Bool, disposeAfter: Int?, subscriptions: Int)
        case create(detached: Bool, lowPriority: Bool, work: Work)
    }

    public let number: Int
    public let move: Move

    public var fingerprint: String { fnv1a("bridge \(move)") }
}

extension Step {
    // The bridge programs, numbered after the step's other generated programs.
    public var bridgePrograms: [BridgeProgram] {
        guard capabilities.contains(.concurrency) else { return [] }
        let first = generatedPrograms.count + 1
        return BridgeProgram.allMoves.enumerated().map { BridgeProgram(number: first + $0.offset, move: $0.element) }
    }
}

extension BridgeProgram {
    // Every move that ends by itself: a never-ending source needs a cancel or an early exit.
    static let allMoves: [Move] = {
        var moves: [Move] = []
        for trait in [TraitKind.single, .maybe, .completable] {
            let outcomes: [(Int, End)] =
                switch trait {
                case .single: [(1, .completed), (0, .error), (0, .never)]
                case .maybe: [(1, .completed), (0, .completed), (0, .error), (0, .never)]
                default: [(0, .completed), (0, .error), (0, .never)]
                }
            for (elements, end) in outcomes {
                for cancel in Cancel.waits where (cancel == .whileWaiting) == (end == .never) || cancel == .before {
                    moves.append(.value(trait, elements: elements, end: end, cancel: cancel))
                }
            }
        }
        for loop in Loop.allCases {
            for elements in loop == .observable ? [0, 1, 2] : [1, 2] {
                for end in End.allCases {
                    for leaveAfter in [nil, 1] as [Int?] where leaveAfter.map({ $0 <= elements }) ?? true {
                        for cancel in Cancel.waits {
                            let ends = end != .never || leaveAfter != nil || cancel != .none
                            let waits = end == .never && leaveAfter == nil
                            // A Driver delivers on the main queue, later: cancelled before, its loop may or
                            // may not take what is queued, in RxSwift too.
                            let racesTheQueue = cancel == .before && loop != .observable
                            guard ends, cancel != .whileWaiting || waits, cancel != .before || leaveAfter == nil,
                                !racesTheQueue
                            else { continue }
                            moves.append(
                                .values(loop, elements: elements, end: end, leaveAfter: leaveAfter, cancel: cancel))
                        }
                    }
                }
            }
        }
        for elements in [0, 2] {
            for end in SequenceEnd.allCases {
                for disposeAfter in [nil, 1, 2] as [Int?] where disposeAfter.map({ $0 <= elements }) ?? true {
                    guard end != .neverEnds || disposeAfter != nil else { continue }
                    for lowPriority in [false, true] {
                        for subscriptions in [1, 2] where !lowPriority || subscriptions == 1 {
                            moves.append(
                                .asObservable(
                                    elements: elements, end: end, lowPriority: lowPriority, disposeAfter: disposeAfter,
                                    subscriptions: subscriptions))
                        }
                    }
                }
            }
        }
        for detached in [false, true] {
            for lowPriority in [false, true] {
                for work in Work.allCases {
                    moves.append(.create(detached: detached, lowPriority: lowPriority, work: work))
                }
            }
        }
        // Last, so that the programs above keep their numbers: each result raced by a cancel.
        for trait in [TraitKind.single, .maybe, .completable] {
            let results: [(Int, End)] =
                switch trait {
                case .single: [(1, .completed), (0, .error)]
                case .maybe: [(1, .completed), (0, .completed), (0, .error)]
                default: [(0, .completed), (0, .error)]
                }
            for (elements, end) in results {
                for cancel in [Cancel.asTheResultIsSent, .afterTheResult] {
                    moves.append(.value(trait, elements: elements, end: end, cancel: cancel))
                }
            }
        }
        return moves
    }()
}

// MARK: - Running one

extension BridgeProgram {
    // Runs the program on the step and returns its trace. Subscribed and awaited from a task of
    // high priority, on the main actor (a Driver's `values` asks for it), with a task-local set.
    public func run<Adapter: StepAdapter>(on adapter: Adapter.Type) async -> [String] {
        let race = RaceCancel(move: move)
        let trace = Trace(onRecord: { entry in
            race.saw(entry)
            BridgeWait.changed()
        })
        let program = self
        let body = UncheckedSendable(value: { @MainActor () async -> Void in
            await BridgeTaskLocal.$subscriber.withValue("subscriber's") {
                await program.play(on: Adapter.self, trace: trace)
            }
        })
        await Task(priority: .high) { @MainActor in await body.value() }.value
        return trace.entries
    }

    @MainActor private func play<Adapter: StepAdapter>(on adapter: Adapter.Type, trace: Trace) async {
        let bridge = Adapter.bridge()
        func source(_ elements: Int, _ end: End) -> ScriptedSource {
            let actions =
                (0..<elements).map { SourceScript.Action.send($0 + 1) }
                + (end == .completed ? [.complete()] : end == .error ? [.fail()] : [])
            return ScriptedSource(
                script: SourceScript(hasDisposeClosure: true, tracesRuns: true, actions: actions),
                clock: VirtualClock(), trace: trace, lifetimes: Lifetimes(), labels: [nil])
        }
        switch move {
        case .value(let trait, let elements, let end, let cancel):
            // A trait's success is its end: nothing follows it.
            let made = UncheckedSendable(
                value: Adapter.traits().create(trait, source(elements, elements > 0 ? .never : end)))
            let awaiting = UncheckedSendable(value: { () async throws -> String in
                switch trait {
                case .single:
                    return "value \(try await bridge.singleValue(made.value))"
                case .maybe:
                    return "value \(try await bridge.maybeValue(made.value).map(String.init) ?? "nil")"
                default:
                    try await bridge.completableValue(made.value)
                    return "value returned"
                }
            })
            let task = Task { @MainActor () -> String in
                if cancel == .before { withUnsafeCurrentTask { $0?.cancel() } }
                do {
                    return try await Awaiting.during(.singleValue) { try await awaiting.value() }
                } catch {
                    return threw(error)
                }
            }
            if cancel == .whileWaiting {
                await BridgeWait.until { trace.entries.contains("subscribe") }
                task.cancel()
            }
            trace.record(await task.value)
        case .values(let loop, let elements, let end, let leaveAfter, let cancel):
            let observable = Adapter.create(source(elements, end))
            let shared =
                loop == .observable ? nil : Adapter.traits().convert(observable, loop == .driver ? .driver : .signal)
            let made = UncheckedSendable(value: (observable, shared))
            let received = BridgeCounter()
            // The stream is made where the loop starts, as `for try await x in observable.values` makes it.
            func loopOver<S: AsyncSequence>(_ stream: () -> S) async throws -> String where S.Element == Int {
                for try await element in stream() {
                    trace.record("loop \(element)")
                    received.add()
                    if received.count == leaveAfter { return "loop left at \(element)" }
                }
                return "loop ended"
            }
            let task = Task { @MainActor () -> String in
                if cancel == .before { withUnsafeCurrentTask { $0?.cancel() } }
                do {
                    return try await Awaiting.during(.values) {
                        if let shared = made.value.1 { return try await loopOver { bridge.sharedValues(shared) } }
                        return try await loopOver { bridge.values(made.value.0) }
                    }
                } catch {
                    return "loop " + threw(error)
                }
            }
            if cancel == .whileWaiting {
                await BridgeWait.until { received.count == elements && trace.entries.contains("subscribe") }
                task.cancel()
            }
            trace.record(await task.value)
        case .asObservable(let elements, let end, let lowPriority, let disposeAfter, let subscriptions):
            let sequence = BridgeSequence(elements: elements, end: end, tracesPriority: lowPriority, trace: trace)
            let observable = bridge.asObservableOf(sequence, lowPriority ? .low : nil)
            for label in ["a", "b"].prefix(subscriptions) {
                let subscription = BridgeSubscription()
                let prefix = subscriptions == 1 ? "" : "\(label): "
                let subscriber = CountingSubscriber(
                    trace: trace, label: subscriptions == 1 ? nil : label,
                    onElement: { count in
                        if count == disposeAfter {
                            trace.record(prefix + "dispose")
                            subscription.dispose()
                        }
                    })
                trace.record(prefix + "subscribe")
                let iterator = sequence.prepareNextIterator()
                subscription.set(Adapter.subscribe(observable, subscriber))
                iterator.open()
                // Ended by its terminal event, or by a dispose that let go of the sequence.
                await Awaiting.during(.asObservable) {
                    await BridgeWait.until { subscriber.ended || (subscription.disposed && iterator.isReleased) }
                }
            }
        case .create(let detached, let lowPriority, let work):
            let priority: TaskPriority? = lowPriority ? .low : nil
            let started = DispatchSemaphore(value: 0)
            let body = UncheckedSendable(value: { () async throws -> Int in
                let local = BridgeTaskLocal.subscriber ?? "none"
                // A detached task with no priority has the platform's default: not traced.
                let at = detached && !lowPriority ? "" : " at \(spokenPriority(Task.currentPriority))"
                trace.record("work starts\(at), task-local \(local)")
                switch work {
                case .returns: return 1
                case .throwsError: throw ScriptedError("work")
                case .throwsCancellation: throw CancellationError()
                case .waitsForCancellation:
                    started.signal()
                    let cancelled = DispatchSemaphore(value: 0)
                    await withTaskCancellationHandler {
                        await BridgeWait.until(cancelled)
                    } onCancel: {
                        cancelled.signal()
                    }
                    trace.record("work sees its task cancelled")
                    throw CancellationError()
                }
            })
            let single = bridge.createSingle(detached, priority) { try await body.value() }
            let subscriber = CountingSubscriber(trace: trace, label: nil)
            let subscription = BridgeSubscription()
            // A work that waits says when it starts: the program disposes then.
            subscription.set(Adapter.subscribe(single, subscriber))
            if work == .waitsForCancellation {
                await Awaiting.during(.createSingle) { await BridgeWait.until(started) }
                trace.record("dispose")
                subscription.dispose()
                await Awaiting.during(.createSingle) {
                    await BridgeWait.until { trace.entries.contains("work sees its task cancelled") }
                }
            } else {
                await Awaiting.during(.createSingle) { await BridgeWait.until { subscriber.ended } }
            }
        }
    }
}

private func threw(_ error: any Error) -> String {
    error is CancellationError ? "threw CancellationError" : "threw error(\(tracedName(of: error)))"
}

func spokenPriority(_ priority: TaskPriority) -> String {
    switch priority {
    case .high: "high"
    case .medium: "medium"
    case .low: "low"
    case .background: "background"
    default: "\(priority.rawValue)"
    }
}

// MARK: - What the programs wait with

enum BridgeWait {
    // Programs run one at a time; whatever a program waits for says when it changed.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var waiting:
        [(ready: @Sendable () -> Bool, go: CheckedContinuation<Void, Never>)] =
            []

    static func changed() {
        let ready = lock.withLock {
            let ready = waiting.filter { $0.ready() }
            waiting.removeAll { $0.ready() }
            return ready
        }
        ready.forEach { $0.go.resume() }
    }

    static func until(_ condition: @escaping @Sendable () -> Bool) async {
        await withCheckedContinuation { (go: CheckedContinuation<Void, Never>) in
            let now = lock.withLock {
                if condition() { return true }
                waiting.append((condition, go))
                return false
            }
            if now { go.resume() }
        }
    }

    // Waits on another thread, so that no task's thread blocks.
    static func until(_ semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                semaphore.wait()
                done.resume()
            }.start()
        }
    }
}

// The source's own cancel of a racing move: on the awaiting task, as the source sends its result
// ("send …") or as its dispose closure runs right after it ("dispose"), once.
final class RaceCancel: @unchecked Sendable {
    private let lock = NSLock()
    private let trigger: String?
    private var fired = false

    init(move: BridgeProgram.Move) {
        trigger =
            switch move {
            case .value(_, _, _, .asTheResultIsSent): "send "
            case .value(_, _, _, .afterTheResult): "dispose"
            default: nil
            }
    }

    func saw(_ entry: String) {
        guard let trigger, entry.hasPrefix(trigger) else { return }
        let first = lock.withLock {
            defer { fired = true }
            return !fired
        }
        if first { withUnsafeCurrentTask { $0?.cancel() } }
    }
}

final class BridgeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func add() {
        lock.withLock { value += 1 }
        BridgeWait.changed()
    }
}

// A subscription kept where the subscriber's handler can dispose it.
final class BridgeSubscription: @unchecked Sendable {
    private let lock = NSLock()
    private var subscription: Subscription?
    private var wasDisposed = false
    var disposed: Bool { lock.withLock { wasDisposed } }
    func set(_ subscription: Subscription) { lock.withLock { self.subscription = subscription } }
    func dispose() {
        let kept = lock.withLock {
            wasDisposed = true
            return subscription
        }
        kept?.dispose?()
        BridgeWait.changed()
    }
}

// Records what it receives, counts the elements, and notes its terminal event.
private final class CountingSubscriber: RecordingSubscriber, @unchecked Sendable {
    private let onElement: (Int) -> Void
    private let counter = BridgeCounter()
    private let end = BridgeCounter()
    var ended: Bool { end.count > 0 }

    init(trace: Trace, label: String?, onElement: @escaping (Int) -> Void = { _ in }) {
        self.onElement = onElement
        super.init(trace: trace, label: label, disposeOnReceiving: nil)
    }

    override func receive<E: StepEvent>(_ event: E) {
        recordReceived(event)
        if case .next = event.signal {
            counter.add()
            onElement(counter.count)
        } else {
            end.add()
        }
    }
}

// An async sequence of 1, 2, … that then finishes, throws, throws `CancellationError` or waits
// until its task is cancelled. Each iterator notes where it first runs (its task-local, and its
// priority when the program gives one), and says when it is let go of; an iterator starts only
// once the program has its subscription in hand (`open`), so that no element comes before a
// handler can dispose it.
public final class BridgeSequence: AsyncSequence, @unchecked Sendable {
    public typealias Element = Int
    let elements: Int
    let end: BridgeProgram.SequenceEnd
    let tracesPriority: Bool
    let trace: Trace
    private let lock = NSLock()
    private var iterators = 0
    private var prepared: Slot? = nil

    init(elements: Int, end: BridgeProgram.SequenceEnd, tracesPriority: Bool, trace: Trace) {
        (self.elements, self.end, self.tracesPriority, self.trace) = (elements, end, tracesPriority, trace)
    }

    // The next iterator's gate and release.
    final class Slot: @unchecked Sendable {
        private let lock = NSLock()
        private var released = false
        let gate = DispatchSemaphore(value: 0)
        var isReleased: Bool { lock.withLock { released } }
        func open() { gate.signal() }
        func markReleased() {
            lock.withLock { released = true }
            BridgeWait.changed()
        }
    }

    func prepareNextIterator() -> Slot {
        let slot = Slot()
        lock.withLock { prepared = slot }
        return slot
    }

    final class Token: @unchecked Sendable {
        let slot: Slot
        init(_ slot: Slot) { self.slot = slot }
        deinit { slot.markReleased() }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: BridgeSequence
        let number: Int
        let token: Token
        var sent = 0
        var started = false

        public mutating func next() async throws -> Int? {
            if !started {
                started = true
                await BridgeWait.until(token.slot.gate)
                token.slot.gate.signal()
                let local = BridgeTaskLocal.subscriber ?? "none"
                let priority = sequence.tracesPriority ? " at \(spokenPriority(Task.currentPriority))" : ""
                sequence.trace.record("iterator \(number) runs\(priority), task-local \(local)")
            }
            if sent < sequence.elements {
                sent += 1
                return sent
            }
            switch sequence.end {
            case .finishes: return nil
            case .throwsError: throw ScriptedError("sequence")
            case .throwsCancellation: throw CancellationError()
            case .neverEnds:
                let cancelled = DispatchSemaphore(value: 0)
                await withTaskCancellationHandler {
                    await BridgeWait.until(cancelled)
                } onCancel: {
                    cancelled.signal()
                }
                return nil
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        lock.withLock {
            iterators += 1
            // An iterator the program did not prepare for starts at once.
            let slot = prepared ?? Slot()
            if prepared == nil { slot.open() }
            prepared = nil
            return AsyncIterator(sequence: self, number: iterators, token: Token(slot))
        }
    }
}

// MARK: - As Swift

extension BridgeProgram {
    // The program as a participant pastes it into step 15's `main.swift` (Swift 6, top-level
    // `await`), printing what the trace shows and waiting as the harness waits. Everything that
    // hands a closure to the library is in a nonisolated function: a closure written in
    // top-level code belongs to the main actor, and RxSwift calls it from other threads.
    public var swiftCode: [String] {
        var lines = [
            "import Foundation", "", "enum ProgramError: Error { case source, sequence, work }",
            "enum Context { @TaskLocal static var subscriber: String? = nil }",
            "func threw(_ error: Error) -> String {",
            "    error is CancellationError ? \"threw CancellationError\" : \"threw error(\\(error))\"", "}",
        ]
        // `makeSource`: the scripted source; `signal` comes right after its subscribe or its last element.
        func makeSource(_ type: String, _ elements: Int, _ end: End, signals: Bool, _ send: (Signal) -> String)
            -> [String]
        {
            var body = [
                "func makeSource(signalReady: AsyncStream<Void>.Continuation?) -> \(type) {",
                "    \(type).create { observer in", "        print(\"subscribe\")",
            ]
            // A racing move's cancel, on the awaiting task (the source runs on it).
            let cancelHere = "        withUnsafeCurrentTask { $0?.cancel() }"
            let cancelsAsSent = if case .value(_, _, _, .asTheResultIsSent) = move { true } else { false }
            let cancelsAfter = if case .value(_, _, _, .afterTheResult) = move { true } else { false }
            var cancelBeforeNextSend = cancelsAsSent
            func sending(_ signal: Signal) -> [String] {
                defer { cancelBeforeNextSend = false }
                return ["        print(\"send \(signal.traceName)\")"] + (cancelBeforeNextSend ? [cancelHere] : [])
                    + ["        \(send(signal))"]
            }
            for element in 0..<elements { body += sending(.next(element + 1)) }
            let isObservable = type == "Observable<Int>"
            switch end {
            case .completed where elements == 0 || isObservable: body += sending(.completed)
            case .error where elements == 0 || isObservable: body += sending(.error("source"))
            default: break
            }
            if signals { body.append("        signalReady?.yield()") }
            let disposal =
                cancelsAfter
                ? [
                    "        return Disposables.create {", "            print(\"dispose\")", "    " + cancelHere,
                    "        }",
                ]
                : ["        return Disposables.create { print(\"dispose\") }"]
            return body + disposal + ["    }", "}"]
        }
        // The awaiting task: cancelled first, or once the program is ready, or never.
        func task(_ cancel: Cancel, mainActor: Bool, _ work: [String]) -> [String] {
            (cancel == .whileWaiting ? ["    let (ready, signalReady) = AsyncStream<Void>.makeStream()"] : [])
                + ["    let task = Task {" + (mainActor ? " @MainActor in" : "")]
                + (cancel == .before ? ["        withUnsafeCurrentTask { $0?.cancel() }"] : []) + work + ["    }"]
                + (cancel == .whileWaiting ? ["    for await _ in ready { break }", "    task.cancel()"] : [])
                + ["    await task.value"]
        }
        let ready = { (cancel: Cancel) in cancel == .whileWaiting ? "signalReady" : "nil" }
        var run: [String] = []
        switch move {
        case .value(let trait, let elements, let end, let cancel):
            let type = trait == .single ? "Single<Int>" : trait == .maybe ? "Maybe<Int>" : "Completable"
            lines += makeSource(type, elements, end, signals: cancel == .whileWaiting) { signal in
                switch (trait, signal) {
                case (_, .next(let element)): "observer(.success(\(element)))"
                case (.single, _): "observer(.failure(ProgramError.source))"
                case (_, .completed): "observer(.completed)"
                default: "observer(.error(ProgramError.source))"
                }
            }
            let awaited =
                switch trait {
                case .completable: ["            try await source.value", "            print(\"value returned\")"]
                case .maybe:
                    [
                        "            let value = try await source.value",
                        "            print(\"value \\(value.map(String.init) ?? \"nil\")\")",
                    ]
                default: ["            print(\"value \\(try await source.value)\")"]
                }
            run += task(
                cancel, mainActor: false,
                ["        let source = makeSource(signalReady: \(ready(cancel)))", "        do {"] + awaited
                    + ["        } catch {", "            print(threw(error))", "        }"])
        case .values(let loop, let elements, let end, let leaveAfter, let cancel):
            let readyAtSubscribe = cancel == .whileWaiting && elements == 0
            lines += makeSource("Observable<Int>", elements, end, signals: readyAtSubscribe) {
                "observer.on(\($0.rxSwiftEvent))"
            }
            let looped =
                switch loop {
                case .observable: "source.values"
                case .driver: "source.asDriver(onErrorJustReturn: -1).values"
                case .signal: "source.asSignal(onErrorJustReturn: -1).values"
                }
            var work = [
                "        let source = makeSource(signalReady: \(readyAtSubscribe ? "signalReady" : "nil"))",
                "        var count = 0",
            ]
            if leaveAfter != nil { work.append("        var leftAt: Int? = nil") }
            work += [
                "        do {", "            for \(loop == .observable ? "try " : "")await element in \(looped) {",
                "                print(\"loop \\(element)\")", "                count += 1",
            ]
            if cancel == .whileWaiting && elements > 0 {
                work.append("                if count == \(elements) { signalReady.yield() }")
            }
            if let leaveAfter {
                work += [
                    "                if count == \(leaveAfter) {", "                    leftAt = element",
                    "                    break", "                }",
                ]
            }
            // Said after the loop, once leaving it has let go of the stream.
            work += [
                "            }",
                leaveAfter == nil
                    ? "            print(\"loop ended\")"
                    : "            print(leftAt.map { \"loop left at \\($0)\" } ?? \"loop ended\")",
            ]
            work +=
                loop == .observable
                ? ["        } catch {", "            print(\"loop \\(threw(error))\")", "        }"] : ["        }"]
            // A Driver's and a Signal's `values` belong to the main actor.
            run += task(cancel, mainActor: loop != .observable, work)
        case .asObservable(let elements, let end, let lowPriority, let disposeAfter, let subscriptions):
            let ending =
                switch end {
                case .finishes: ["        return nil"]
                case .throwsError: ["        throw ProgramError.sequence"]
                case .throwsCancellation: ["        throw CancellationError()"]
                case .neverEnds:
                    [
                        "        try? await Task.sleep(nanoseconds: 3_600_000_000_000)  // until cancelled",
                        "        return nil",
                    ]
                }
            let priority =
                lowPriority ? " at \\(Task.currentPriority == .low ? \"low\" : \"\\(Task.currentPriority)\")" : ""
            lines +=
                [
                    "struct Numbers: AsyncSequence, AsyncIteratorProtocol {",
                    "    nonisolated(unsafe) static var iterators = 0",
                    "    // An iterator starts once the program holds its subscription (`opener.yield()`).",
                    "    static let (gate, opener) = AsyncStream<Void>.makeStream()", "    var sent = 0",
                    "    var started = false", "    func makeAsyncIterator() -> Numbers { Numbers() }",
                    "    mutating func next() async throws -> Int? {", "        if !started {",
                    "            started = true",
                    "            for await _ in Numbers.gate { break }", "            Numbers.iterators += 1",
                    "            print(\"iterator \\(Numbers.iterators) runs\(priority), task-local \\(Context.subscriber ?? \"none\")\")",
                    "        }", "        if sent < \(elements) {", "            sent += 1", "            return sent",
                    "        }",
                ] + ending + ["    }", "}"]
            run.append("    let observable = Numbers().asObservable(\(lowPriority ? "priority: .low" : ""))")
            for label in ["a", "b"].prefix(subscriptions) {
                let prefix = subscriptions == 1 ? "" : "\(label): "
                run += [
                    "    let (ended\(label), signalEnd\(label)) = AsyncStream<Void>.makeStream()",
                    "    print(\"\(prefix)subscribe\")",
                ]
                if let disposeAfter {
                    run += [
                        "    let subscription\(label) = SingleAssignmentDisposable()", "    var count\(label) = 0",
                        "    subscription\(label).setDisposable(observable.subscribe(onNext: {",
                        "        print(\"\(prefix)receive \\($0)\")", "        count\(label) += 1",
                        "        if count\(label) == \(disposeAfter) {", "            print(\"\(prefix)dispose\")",
                        "            subscription\(label).dispose()", "            signalEnd\(label).yield()",
                        "        }",
                    ]
                } else {
                    run += ["    _ = observable.subscribe(onNext: {", "        print(\"\(prefix)receive \\($0)\")"]
                }
                run += [
                    "    }, onError: {", "        print(\"\(prefix)receive error(\\($0))\")",
                    "        signalEnd\(label).yield()",
                    "    }, onCompleted: {", "        print(\"\(prefix)receive completed\")",
                    "        signalEnd\(label).yield()",
                    "    })" + (disposeAfter == nil ? "" : ")"), "    Numbers.opener.yield()",
                    "    for await _ in ended\(label) { break }",
                ]
            }
        case .create(let detached, let lowPriority, let work):
            let ending =
                switch work {
                case .returns: ["        return 1"]
                case .throwsError: ["        throw ProgramError.work"]
                case .throwsCancellation: ["        throw CancellationError()"]
                case .waitsForCancellation:
                    [
                        "        signalStarted.yield()",
                        "        try? await Task.sleep(nanoseconds: 3_600_000_000_000)  // until cancelled",
                        "        print(\"work sees its task cancelled\")", "        signalEnd.yield()",
                        "        throw CancellationError()",
                    ]
                }
            let at =
                detached && !lowPriority
                ? ""
                : " at \\(Task.currentPriority == .high ? \"high\" : Task.currentPriority == .low ? \"low\" : \"\\(Task.currentPriority)\")"
            if work == .waitsForCancellation {
                run.append("    let (started, signalStarted) = AsyncStream<Void>.makeStream()")
            }
            run +=
                [
                    "    let (ended, signalEnd) = AsyncStream<Void>.makeStream()",
                    "    let single = Single<Int>.create(detached: \(detached)\(lowPriority ? ", priority: .low" : "")) {",
                    "        print(\"work starts\(at), task-local \\(Context.subscriber ?? \"none\")\")",
                ] + ending + ["    }"]
            run += [
                "    let subscription = single.asObservable().subscribe(",
                "        onNext: { print(\"receive \\($0)\") },",
                "        onError: {", "            print(\"receive error(\\($0))\")", "            signalEnd.yield()",
                "        },",
                "        onCompleted: {", "            print(\"receive completed\")", "            signalEnd.yield()",
                "        })",
            ]
            if work == .waitsForCancellation {
                run += ["    for await _ in started { break }", "    print(\"dispose\")", "    subscription.dispose()"]
            } else {
                run.append("    _ = subscription")
            }
            run.append("    for await _ in ended { break }")
        }
        // Run from a task of high priority that sets a task-local, as the checks run it.
        return lines + ["func run() async {"] + run + ["}", ""]
            + [
                "await Task(priority: .high) {",
                "    await Context.$subscriber.withValue(\"subscriber's\") { await run() }",
                "}.value",
            ]
    }
}

extension Signal {
    // The event as a program of step 15 sends it into an `AnyObserver`.
    fileprivate var rxSwiftEvent: String {
        switch self {
        case .next(let value): ".next(\(value))"
        case .error: ".error(ProgramError.source)"
        case .completed: ".completed"
        }
    }
}
