// A demand program as the Swift a participant reads in a report and can paste into a `main.swift`
// that imports OpenCombine (or into the step's own module): it prints, line for line, the trace
// the checks record (Tests/DemandAdapter runs the same moves).
extension DemandProgram {
    public var swiftCode: String {
        let body = swiftTypes.flatMap { $0 + [""] } + swiftStatements
        // Only the shared declarations this program uses: a report's program stays short.
        let used = Self.sharedDeclarations.filter { name, _ in body.contains { $0.contains(name) } }
        return (used.flatMap { $0.lines + [""] } + body).joined(separator: "\n")
    }

    // What programs declare alike, each with the name that shows a program uses it.
    public static let sharedDeclarations: [(name: String, lines: [String])] = [
        ("ProgramError", ["enum ProgramError: Error { case source, map, full }"]),
        (
            "text(",
            [
                "func text<Failure>(_ completion: Subscribers.Completion<Failure>) -> String {",
                "    if case .failure(let error) = completion { return \"failure(\\(error))\" }",
                "    return \"finished\"",
                "}",
            ]
        ),
    ]

    // The program's own types: its subscribers, the assigned object, its publisher.
    public var swiftTypes: [[String]] {
        var types: [[String]] = []
        for (index, script) in subscribers.enumerated() {
            if case .demanding(let demand) = script.kind { types.append(subscriberClass(index, demand)) }
        }
        if subscribers.contains(where: { $0.kind == .assign }) { types.append(targetClass) }
        if case .scripted = source { types.append(scriptedSourceClass) }
        if operators.contains(where: { $0.child != nil || $0.isMerge }) {
            types.append(Self.childClassText.components(separatedBy: "\n"))
        }
        return types
    }

    // What it does, in order.
    public var swiftStatements: [String] {
        var lines = sourceDeclarations
        if operators.contains(where: { $0.child != nil }) { lines.append("var children = 0") }
        if source.hasOperatorsOfItsOwn, operators.count > 1 {
            // `Just` and a sequence have a `map` of their own: in one long chain, Swift cannot
            // choose between the two.
            var previous = sourceExpression
            for (index, op) in operators.enumerated() {
                let name = index == operators.count - 1 ? "publisher" : "mapped\(index + 1)"
                lines.append("let \(name) = \(previous)\(operatorCode(op))")
                previous = name
            }
        } else {
            lines.append("let publisher = " + sourceExpression + operators.map(operatorCode).joined())
        }
        let failure = failureTypeName
        for (index, script) in subscribers.enumerated() {
            switch script.kind {
            case .demanding: lines.append("let sub\(index + 1) = Subscriber\(index + 1)<\(failure)>()")
            case .sink, .assign: lines.append("var \(variable(index)): AnyCancellable?")
            }
        }
        let connects = moments.contains { $0.action == .connect }
        if connects { lines.append("var connection: Cancellable?") }
        var subjectSends: [Int] = []
        if case .subject(_, let sends, _) = source { subjectSends = sends }
        let times = Set(moments.map(\.time) + subscribers.map(\.subscribeAt)).sorted()
        for time in times {
            if time > 0 { lines.append("// moment \(time)") }
            for (index, script) in subscribers.enumerated() where script.subscribeAt == time {
                lines += subscribeCode(index).components(separatedBy: "\n")
            }
            for moment in moments where moment.time == time {
                if case .subject = source, moment.action == .send {
                    let element = subjectSends.removeFirst()
                    lines += ["print(\"subject sends \(element)\")", "subject.send(\(element))"]
                } else {
                    lines += actionCode(moment.action)
                }
            }
        }
        lines.append("print(\"end\")")
        for (index, script) in subscribers.enumerated() where script.kind == .sink || script.kind == .assign {
            lines.append("\(variable(index)) = nil")
        }
        if connects { lines.append("connection = nil") }
        return lines.flatMap { $0.components(separatedBy: "\n") }
    }

    // The failure type of what the subscribers subscribe to.
    private var failureTypeName: String {
        neverFails
            ? "Never" : operators.contains { if case .tryMap = $0 { true } else { false } } ? "Error" : "ProgramError"
    }

    private func variable(_ index: Int) -> String {
        subscribers[index].kind == .assign ? "assign\(index + 1)" : "sink\(index + 1)"
    }

    private func subscribeCode(_ index: Int) -> String {
        let name = self.name(of: index)
        switch subscribers[index].kind {
        case .sink:
            return """
                \(variable(index)) = publisher.sink(
                    receiveCompletion: { print("\(name) \\(text($0))") },
                    receiveValue: { print("\(name) receive \\($0)") })
                """
        case .assign:
            return "\(variable(index)) = publisher.assign(to: \\.value, on: Target(name: \"\(name)\"))"
        case .demanding:
            return "publisher.subscribe(sub\(index + 1))"
        }
    }

    private func actionCode(_ action: Action) -> [String] {
        switch action {
        case .request(let index, let ask): ["sub\(index + 1).request(\(ask.code))"]
        case .cancel(let index):
            if case .demanding = subscribers[index].kind {
                ["sub\(index + 1).cancel()"]
            } else {
                ["print(\"\(name(of: index)) cancels\")", "\(variable(index))?.cancel()"]
            }
        case .send: ["source.send()"]
        case .end:
            if case .subject(_, _, let end) = source {
                end == .failure
                    ? ["print(\"subject sends failure(source)\")", "subject.send(completion: .failure(.source))"]
                    : ["print(\"subject sends finished\")", "subject.send(completion: .finished)"]
            } else {
                ["source.finish()"]
            }
        case .keepPromise:
            if case .future(let value?, _) = source {
                ["print(\"promise \(value)\")", "promise?(.success(\(value)))"]
            } else {
                ["print(\"promise fails\")", "promise?(.failure(.source))"]
            }
        case .keepPromiseAgain: ["print(\"promise again 9\")", "promise?(.success(9))"]
        case .sendRegardless: ["source.sendRegardless(9)"]
        case .subscribeAgain: ["source.subscribeAgain()"]
        case .connect: ["print(\"multicast connects\")", "connection = publisher.connect()"]
        case .disconnect: ["print(\"multicast disconnects\")", "connection?.cancel()"]
        }
    }

    private var sourceDeclarations: [String] {
        switch source {
        case .future(_, _?):
            [
                "var promise: Future<Int, ProgramError>.Promise?",
                "let future = Future<Int, ProgramError> { fulfil in",
                "    print(\"future runs\")",
                "    promise = fulfil",
                "}",
            ]
        case .future: ["let future = " + Self.expression(source)]
        case .scripted(let sends, let end):
            [
                "let source = Source(sends: \(sends), end: \(end.map { $0 == .finished ? ".finished" : ".failure" } ?? "nil"))"
            ]
        case .subject(let current?, _, _): ["let subject = CurrentValueSubject<Int, ProgramError>(\(current))"]
        case .subject: ["let subject = PassthroughSubject<Int, ProgramError>()"]
        default: []
        }
    }

    private var sourceExpression: String {
        switch source {
        case .future: "future"
        case .scripted: "source"
        case .subject: "subject"
        default: Self.expression(source)
        }
    }

    private static func expression(_ source: Source) -> String {
        switch source {
        case .just(let element): "Just(\(element))"
        case .sequence(let elements): elements.isEmpty ? "[Int]().publisher" : "\(elements).publisher"
        case .empty(let completes): completes ? "Empty<Int, Never>()" : "Empty<Int, Never>(completeImmediately: false)"
        case .fail: "Fail<Int, ProgramError>(error: .source)"
        case .future(let value, _):
            """
            Future<Int, ProgramError> { promise in
                print("future runs")
                promise(\(value.map { ".success(\($0))" } ?? ".failure(.source)"))
            }
            """
        case .deferred(let inner):
            """
            Deferred {
                print("deferred runs")
                return \(expression(inner).replacingOccurrences(of: "\n", with: "\n    "))
            }
            """
        case .scripted: "source"
        case .subject: "subject"
        }
    }

    private func operatorCode(_ op: Operator) -> String {
        switch op {
        case .map(let factor): ".map { $0 * \(factor) }"
        case .filter(let keepsEven): ".filter { $0 % 2 \(keepsEven ? "==" : "!=") 0 }"
        case .tryMap(let throwsOn):
            """
            .tryMap { element -> Int in
                if element == \(throwsOn) { throw ProgramError.map }
                return element
            }
            """
        case .share: ".share()"
        case .flatMap(let most, let child):
            ".flatMap(maxPublishers: \(most.code)) { value -> Child<\(failureTypeName(before: operators.firstIndex(of: op) ?? 0))> in\n"
                + "    children += 1\n"
                + "    return Child(number: children, elements: \(child.elementsCode), end: \(child.endCode))\n}"
        case .switchToLatest(let child):
            ".map { value -> Child<\(failureTypeName(before: operators.firstIndex(of: op) ?? 0))> in\n"
                + "    children += 1\n"
                + "    return Child(number: children, elements: \(child.elementsCode), end: \(child.endCode))\n}\n"
                + ".switchToLatest()"
        case .multicast(let autoconnect):
            ".multicast(subject: PassthroughSubject<Int, \(failureTypeName)>())" + (autoconnect ? ".autoconnect()" : "")
        case .merge(let other):
            ".merge(with: Child<\(failureTypeName(before: operators.firstIndex(of: op) ?? 0))>(number: 0, elements: \(other.mergedElementsCode), end: \(other.endCode)))"
        case .buffer(let size, let keepFull, let whenFull):
            ".buffer(size: \(size), prefetch: \(keepFull ? ".keepFull" : ".byRequest"), whenFull: "
                + (whenFull == .customError ? ".customError { ProgramError.full })" : ".\(whenFull.rawValue))")
        }
    }

    private func subscriberClass(_ index: Int, _ script: DemandScript) -> [String] {
        let name = self.name(of: index)
        // Only the members this subscriber uses: a report's program stays short.
        let requestsLater = moments.contains { if case .request(index, _) = $0.action { true } else { false } }
        let cancelsLater = moments.contains { if case .cancel(index) = $0.action { true } else { false } }
        let requests = script.initial != nil || !script.requestsInReceive.isEmpty || requestsLater
        let cancels = script.cancelsInReceive != nil || cancelsLater
        let counts = !script.requestsInReceive.isEmpty || script.cancelsInReceive != nil || script.returns.count > 1
        var lines = [
            "final class Subscriber\(index + 1)<Failure: Error>: Subscriber {",
            "    typealias Input = Int",
            "    var subscription: Subscription?",
        ]
        if counts { lines.append("    var received = 0") }
        lines += [
            "",
            "    func receive(subscription: Subscription) {",
            "        print(\"\(name) subscription \\(subscription)\")",
            "        self.subscription = subscription",
        ]
        if let initial = script.initial { lines.append("        request(\(initial.code))") }
        lines += [
            "    }",
            "",
            "    func receive(_ input: Int) -> Subscribers.Demand {",
        ]
        if counts { lines.append("        received += 1") }
        lines.append("        print(\"\(name) receive \\(input)\")")
        for (number, ask) in script.requestsInReceive.sorted(by: { $0.key < $1.key }) {
            lines.append("        if received == \(number) { request(\(ask.code)) }")
        }
        if let number = script.cancelsInReceive { lines.append("        if received == \(number) { cancel() }") }
        switch script.returns.count {
        case 0: lines.append("        let demand = Subscribers.Demand.none")
        case 1: lines.append("        let demand = Subscribers.Demand\(script.returns[0].code)")
        default:
            lines.append(
                "        let returns: [Subscribers.Demand] = [\(script.returns.map(\.code).joined(separator: ", "))]")
            lines.append("        let demand = returns[min(received, returns.count) - 1]")
        }
        lines += [
            "        print(\"\(name) returns \\(demand)\")",
            "        return demand",
            "    }",
            "",
            "    func receive(completion: Subscribers.Completion<Failure>) {",
            "        print(\"\(name) \\(text(completion))\")",
            "    }",
        ]
        if requests {
            lines += [
                "",
                "    func request(_ demand: Subscribers.Demand) {",
                "        print(\"\(name) requests \\(demand)\")",
                "        subscription?.request(demand)",
                "    }",
            ]
        }
        if cancels {
            lines += [
                "",
                "    func cancel() {",
                "        print(\"\(name) cancels\")",
                "        subscription?.cancel()",
                "    }",
            ]
        }
        return lines + ["}"]
    }

    private var targetClass: [String] {
        [
            "final class Target {",
            "    let name: String",
            "    var value = 0 {",
            "        didSet { print(\"\\(name) value \\(value)\") }",
            "    }",
            "    init(name: String) { self.name = name }",
            "}",
        ]
    }

    // The program's own publisher, with only the moves the program makes: it sends only what it
    // was asked for (`send()`), ends (`finish()`), and, breaking the rules, sends regardless of
    // demand (`sendRegardless`) or subscribes its subscribers a second time (`subscribeAgain`).
    private var scriptedSourceClass: [String] {
        let actions = moments.map(\.action)
        var lines = scriptedSourceClassText.components(separatedBy: "\n")
        func removeMethod(_ signature: String) {
            guard let start = lines.firstIndex(of: "    func \(signature) {"),
                let end = lines[start...].firstIndex(of: "    }")
            else { return }
            // With the blank line before it.
            lines.removeSubrange((start - 1)...end)
        }
        if !actions.contains(.send) { removeMethod("send()") }
        if !actions.contains(.end) { removeMethod("finish()") }
        var breakers = scriptedSourceRuleBreakers.components(separatedBy: "\n")
        if !actions.contains(.sendRegardless) {
            let start = breakers.firstIndex(of: "    func sendRegardless(_ element: Int) {")!
            breakers.removeSubrange((start - 1)...breakers[start...].firstIndex(of: "    }")!)
        }
        if actions.contains(.subscribeAgain) {
            // The subscriber's receive(subscription:), kept for a second subscription.
            lines = lines.flatMap { line -> [String] in
                switch line {
                case "        let finish: (Subscribers.Completion<ProgramError>) -> Void":
                    [line, "        let again: (Subscription) -> Void"]
                case "            finish: @escaping (Subscribers.Completion<ProgramError>) -> Void":
                    [
                        "            finish: @escaping (Subscribers.Completion<ProgramError>) -> Void,",
                        "            again: @escaping (Subscription) -> Void",
                    ]
                case "            self.finish = finish": [line, "            self.again = again"]
                case "            finish: subscriber.receive(completion:))":
                    ["            finish: subscriber.receive(completion:), again: subscriber.receive(subscription:))"]
                default: [line]
                }
            }
        } else {
            let start = breakers.firstIndex(of: "    func subscribeAgain() {")!
            breakers.removeSubrange((start - 1)...breakers[start...].firstIndex(of: "    }")!)
        }
        // The last line closes the class: the moves that break the rules go before it.
        let closing = lines.removeLast()
        return lines + breakers + [closing]
    }

    private var scriptedSourceRuleBreakers: String {
        """

            func sendRegardless(_ element: Int) {
                for conduit in conduits {
                    Swift.print("source: sends \\(element) regardless to subscription \\(conduit.number)")
                    conduit.demand += conduit.deliver(element)
                }
            }

            func subscribeAgain() {
                for conduit in conduits {
                    let again = Conduit(
                        number: conduits.count + 1, deliver: conduit.deliver, finish: conduit.finish, again: conduit.again)
                    conduits.append(again)
                    Swift.print("source: subscription \\(again.number) made again for subscription \\(conduit.number)'s subscriber")
                    conduit.again(again)
                }
            }
        """
    }

    private var scriptedSourceClassText: String {
        """
        final class Source: Publisher {
            typealias Output = Int
            typealias Failure = ProgramError
            enum End { case finished, failure }

            final class Conduit: Subscription, CustomStringConvertible {
                let number: Int
                let deliver: (Int) -> Subscribers.Demand
                let finish: (Subscribers.Completion<ProgramError>) -> Void
                var demand = Subscribers.Demand.none
                var isCancelled = false
                var description: String { "Source" }

                init(
                    number: Int, deliver: @escaping (Int) -> Subscribers.Demand,
                    finish: @escaping (Subscribers.Completion<ProgramError>) -> Void
                ) {
                    self.number = number
                    self.deliver = deliver
                    self.finish = finish
                }

                func request(_ demand: Subscribers.Demand) {
                    Swift.print("source: subscription \\(number) asks \\(demand)")
                    self.demand += demand
                }

                func cancel() {
                    Swift.print("source: subscription \\(number) cancelled")
                    isCancelled = true
                }
            }

            var sends: [Int]
            let end: End?
            var conduits: [Conduit] = []

            init(sends: [Int], end: End?) {
                self.sends = sends
                self.end = end
            }

            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == ProgramError {
                let conduit = Conduit(
                    number: conduits.count + 1, deliver: subscriber.receive(_:),
                    finish: subscriber.receive(completion:))
                conduits.append(conduit)
                Swift.print("source: subscription \\(conduit.number) made")
                subscriber.receive(subscription: conduit)
            }

            func send() {
                let element = sends.removeFirst()
                for conduit in conduits where !conduit.isCancelled {
                    guard conduit.demand > 0 else {
                        Swift.print("source: nobody asked subscription \\(conduit.number) for \\(element)")
                        continue
                    }
                    conduit.demand -= 1
                    Swift.print("source: sends \\(element) to subscription \\(conduit.number)")
                    conduit.demand += conduit.deliver(element)
                }
            }

            func finish() {
                for conduit in conduits where !conduit.isCancelled {
                    conduit.isCancelled = true
                    Swift.print("source: ends subscription \\(conduit.number)")
                    conduit.finish(end == .failure ? .failure(.source) : .finished)
                }
            }
        }
        """
    }
}

extension DemandProgram.Source {
    var hasOperatorsOfItsOwn: Bool {
        switch self {
        case .just, .sequence: true
        default: false
        }
    }
}

extension DemandProgram.ChildScript {
    // What `merge`'s other publisher sends, as the program writes it: child 0 of no element.
    var mergedElementsCode: String { "[" + elements(of: 5).map(String.init).joined(separator: ", ") + "]" }
    // As the program writes them, of the element it is handed (`value`).
    var elementsCode: String { "[" + (0..<count).map { "value * 10 + \($0 + 1)" }.joined(separator: ", ") + "]" }
    var endCode: String {
        func code(_ end: DemandProgram.End?) -> String {
            switch end {
            case .finished: ".finished"
            case .failure: ".failure(ProgramError.source)"
            case nil: "nil"
            }
        }
        return end == evenEnd ? code(end) : "value % 2 == 0 ? \(code(evenEnd)) : \(code(end))"
    }
}

extension DemandProgram {
    // The children of a `flatMap` or a `switchToLatest`: each sends what it is asked for at once, then ends, or stays
    // open when it has no end.
    static let childClassText = """
        final class Child<Failure: Error>: Publisher, Subscription, CustomStringConvertible {
            typealias Output = Int
            let number: Int
            var elements: [Int]
            let end: Subscribers.Completion<Failure>?
            var deliver: ((Int) -> Subscribers.Demand)?
            var finish: ((Subscribers.Completion<Failure>) -> Void)?
            var demand = Subscribers.Demand.none
            var sending = false
            var description: String { "Child" }

            init(number: Int, elements: [Int], end: Subscribers.Completion<Failure>?) {
                self.number = number
                self.elements = elements
                self.end = end
            }

            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
                Swift.print("child \\(number) subscribed")
                deliver = subscriber.receive(_:)
                finish = subscriber.receive(completion:)
                subscriber.receive(subscription: self)
            }

            // A request while it sends only adds: the loop that is sending sends it.
            func request(_ demand: Subscribers.Demand) {
                Swift.print("child \\(number) asked \\(demand)")
                self.demand += demand
                guard !sending else { return }
                sending = true
                while self.demand > 0, !elements.isEmpty, let deliver {
                    let element = elements.removeFirst()
                    self.demand -= 1
                    Swift.print("child \\(number) sends \\(element)")
                    self.demand += deliver(element)
                }
                sending = false
                if elements.isEmpty, let end, let finish {
                    self.deliver = nil
                    self.finish = nil
                    Swift.print("child \\(number) \\(text(end))")
                    finish(end)
                }
            }

            func cancel() {
                Swift.print("child \\(number) cancelled")
                deliver = nil
                finish = nil
            }
        }
        """
}
