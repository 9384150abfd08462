import Foundation

// Subtly wrong versions of the reference steps: the exercises' mistakes, and the ones a
// participant makes most. The self-test checks that the suite calls none of them done, and
// records what each prints (Tests/Mistakes); the tutorial's wrong answers and the exercises'
// stated outcomes come from those records. The Chinese of each mistake is written beside it.
public struct Mutant: Sendable {
    public let step: Step
    public let mistake: String
    public let chinese: String
    public let file: String
    // Each original text, which must be in the file, and what replaces it.
    public let changes: KeyValuePairs<String, String>
    // A lock-order mistake no trace scenario can see: the self-test wants the trace scenarios
    // and the shape to pass and this explored scenario to break.
    public var onlyTheExplorer: InterleavingScenarioID? = nil
    // An endless loop or a deadlock: the check must end by itself within a minute, say where
    // (this file), and leave no process running.
    public var hangs = false
    // The exercise on the step's page that makes this mistake ("06.2"): its stated outcome is
    // this mistake's recorded run.
    public var exercise: String? = nil
    // A mistake that takes a second file: its changes there, made the same way.
    public var alsoIn: (file: String, changes: KeyValuePairs<String, String>)? = nil

    public init(
        step: Step, mistake: String, exercise: String? = nil, chinese: String, file: String,
        changes: KeyValuePairs<String, String>, alsoIn: (file: String, changes: KeyValuePairs<String, String>)? = nil,
        onlyTheExplorer: InterleavingScenarioID? = nil, hangs: Bool = false
    ) {
        self.alsoIn = alsoIn
        self.step = step
        self.mistake = mistake
        self.chinese = chinese
        self.file = file
        self.changes = changes
        self.onlyTheExplorer = onlyTheExplorer
        self.hangs = hangs
        self.exercise = exercise
    }
}

// The Chinese of a mistake, from its English.
public func chineseMistake(_ english: String) -> String {
    mutants.first { $0.mistake == english }?.chinese ?? english
}

// Step 13's traits and subscribe: an error handler is given, and the hook is called too.
private func hookCalledAlongside(
    _ who: String, _ handler: String, chinese: String, file: String, binding: String? = nil
) -> Mutant {
    Mutant(
        step: .rxDemo13, mistake: "\(who) calls Hooks.defaultErrorHandler even when \(handler) takes the error",
        chinese: chinese,
        file: file,
        changes: [
            "                if let \(binding ?? handler) {\n                    \(handler)(error)\n                } else {\n                    Hooks.defaultErrorHandler(callStack, error)\n                }":
                "                \(handler)?(error)\n                Hooks.defaultErrorHandler(callStack, error)"
        ])
}

public let mutants: [Mutant] = [
    Mutant(
        step: .rxDemo01, mistake: "the observer passes on elements only",
        chinese: "观察者只把元素传下去", file: "Observer.swift",
        changes: ["        _handler(event)": "        if case .next = event { _handler(event) }"]),
    Mutant(
        step: .rxDemo01, mistake: "the observer turns an error into completed",
        chinese: "观察者把 error 变成了 completed", file: "Observer.swift",
        changes: [
            "        _handler(event)":
                "        if case .error = event { _handler(.completed) } else { _handler(event) }"
        ]),
    Mutant(
        step: .rxDemo02, mistake: "the intermediate observer never checks the flag", exercise: "02.1",
        chinese: "中间观察者从不检查标志位", file: "Observable.swift",
        changes: ["guard !composite.isDisposed else { return }": ""]),
    Mutant(
        step: .rxDemo02, mistake: "a member added after dispose is kept, not disposed", exercise: "02.2",
        chinese: "释放之后才加入的成员被留了下来，而没有被释放", file: "Disposable.swift",
        changes: ["if isDisposed {\n            disposable.dispose()\n            return\n        }": ""]),
    Mutant(
        step: .rxDemo02, mistake: "the composite forgets its members",
        chinese: "组合容器没有记下它的成员", file: "Disposable.swift",
        changes: ["disposables.append(disposable)": "_ = disposable"]),
    Mutant(
        step: .rxDemo03, mistake: "the sink disposes before it forwards the terminal event", exercise: "03.1",
        chinese: "sink 先释放，再转发终止事件", file: "Sink.swift",
        changes: [
            "_forward.on(event: event)\n        // A terminal event ends the subscription by itself.":
                "// A terminal event ends the subscription by itself.\n        defer { _forward.on(event: event) }"
        ]),
    Mutant(
        step: .rxDemo03, mistake: "the composite disposes its members again on every call",
        chinese: "每次调用，组合容器都会把它的成员再释放一遍", file: "Disposable.swift",
        changes: ["guard !isDisposed else { return }": ""]),
    Mutant(
        step: .rxDemo03, mistake: "the sink never checks its flag", chinese: "sink 从不检查自己的标志位",
        file: "Sink.swift", changes: ["        guard !_disposed else { return }\n": ""]),
    Mutant(
        step: .rxDemo04, mistake: "map drops the upstream subscription",
        chinese: "map 丢掉了上游的订阅", file: "Map.swift",
        changes: [
            "return self.subscribe(": "_ = self.subscribe(",
            "                })\n        }": "                })\n            return AnonymousDisposable {}\n        }",
        ]),
    Mutant(
        step: .rxDemo04, mistake: "map keeps one intermediate observer for all its subscribers",
        chinese: "map 只保留一个中间观察者，供它的所有订阅者共用", file: "Map.swift",
        changes: [
            "return Observable<Result> { (observer) in  // observer: the one downstream":
                "var newest: Observer<Result>? = nil\n        return Observable<Result> { (observer) in\n            newest = observer",
            "observer.on(event:": "newest!.on(event:",
        ]),
    Mutant(
        step: .rxDemo04, mistake: "map loops without end before it sends an element",
        chinese: "map 在发送元素之前陷入了无限循环", file: "Map.swift",
        changes: [
            "try observer.on(event: .next(transform(element)))":
                "var spins = 0\n                            while spins >= 0 { spins = (spins + 1) % 7 }\n                            try observer.on(event: .next(transform(element)))"
        ], hangs: true),
    Mutant(
        step: .rxDemo04, mistake: "map calls its transform twice per element",
        chinese: "map 对每个元素调用两次变换闭包", file: "Map.swift",
        changes: [
            "try observer.on(event: .next(transform(element)))":
                "_ = try transform(element)\n                            try observer.on(event: .next(transform(element)))"
        ]),
    Mutant(
        step: .rxDemo04, mistake: "map replaces the upstream error with its own",
        chinese: "map 用自己的错误替换了上游的错误", file: "Map.swift",
        changes: [
            "case .error(let error):\n                        observer.on(event: .error(error))":
                "case .error:\n                        observer.on(event: .error(CancellationError()))"
        ]),
    Mutant(
        step: .rxDemo05, mistake: "the sink forwards events after it is disposed",
        chinese: "sink 被释放之后仍在转发事件", file: "Sink.swift",
        changes: ["guard !_disposed else { return }": ""]),
    // A loop whose body calls into the runtime (a cast): the backtracer often loses its frame.
    Mutant(
        step: .rxDemo05, mistake: "map's sink spins on a type check of each element before it maps it",
        chinese: "map 的 sink 在映射每个元素之前，一直在对它做类型检查，停不下来", file: "Map.swift",
        changes: [
            "let mappedElement = try _transform(element)":
                "var spins = 0\n                while element is Int { spins = (spins + 1) % 7 }\n                let mappedElement = try _transform(element)"
        ], hangs: true),
    // Half of step 06's fix: the generator's disposable kept, the map's upstream not.
    Mutant(
        step: .rxDemo05,
        mistake: "the sink keeps what the generator returns, but a map drops its upstream subscription",
        exercise: "05.1", chinese: "sink 保存了事件生成器返回的 disposable，map 却丢掉了它对上游的订阅", file: "Sink.swift",
        changes: [
            "    init(forward: O) {\n        _forward = forward\n    }\n":
                "    init(forward: O) {\n        _forward = forward\n    }\n\n    func add(disposable: Disposable) {\n        _composite.add(disposable: disposable)\n    }\n"
        ],
        alsoIn: (
            file: "Create.swift",
            changes: ["        _ = sink.run(parent: self)": "        sink.add(disposable: sink.run(parent: self))"]
        )),
    Mutant(
        step: .rxDemo06, mistake: "a dispose during subscribe is forgotten (the author's version)", exercise: "06.1",
        chinese: "subscribe 期间发生的释放被忘掉了（作者发布的版本）",
        file: "SinkDisposer.swift", changes: ["if _state.contains(.disposed) {": "if false {"]),
    Mutant(
        step: .rxDemo06, mistake: "the disposer keeps the sink after dispose", exercise: "06.2",
        chinese: "disposer 释放之后仍持有 sink", file: "SinkDisposer.swift",
        changes: [
            "subscription.dispose()\n        _sink = nil\n        _subscription = nil\n    }\n}":
                "subscription.dispose()\n    }\n}"
        ]),
    Mutant(
        step: .rxDemo06, mistake: "the disposer has no guard: endless recursion",
        chinese: "disposer 没有 guard：无限递归", file: "SinkDisposer.swift",
        changes: ["guard !_state.contains(.disposed) else { return }": ""]),
    Mutant(
        step: .rxDemo07, mistake: "subscribe(onNext:…) returns the subscription alone: dispose() skips onDisposed",
        chinese: "subscribe(onNext:…) 只返回那次订阅本身：dispose() 跳过了 onDisposed",
        file: "Subscribe.swift",
        changes: [
            "return Disposables.create(self.asObservable().subscribe(observer), disposable)":
                "return self.asObservable().subscribe(observer)"
        ]),
    Mutant(
        step: .rxDemo07, mistake: "onDisposed runs before onCompleted", exercise: "07.2",
        chinese: "onDisposed 在 onCompleted 之前运行", file: "Subscribe.swift",
        changes: [
            "onCompleted?()\n                disposable.dispose()":
                "disposable.dispose()\n                onCompleted?()"
        ]),
    Mutant(
        step: .rxDemo07, mistake: "the DisposeBag disposes the newest subscription first",
        chinese: "DisposeBag 先释放最新的订阅", file: "DisposeBag.swift",
        changes: ["for disposable in disposables {": "for disposable in disposables.reversed() {"]),
    Mutant(
        step: .rxDemo07, mistake: "map does not tear the source down when its transform throws",
        chinese: "map 的变换闭包抛出错误时，map 不拆除源序列", file: "Map.swift",
        changes: [
            "catch let error {\n                self.forwardOn(.error(error))\n                self.dispose()":
                "catch let error {\n                self.forwardOn(.error(error))"
        ]),
    Mutant(
        step: .rxDemo07, mistake: "map keeps its chain alive after an upstream error",
        chinese: "收到上游的错误之后，map 仍让它的链保持存活", file: "Map.swift",
        changes: [
            "        case .error(let error):\n            self.forwardOn(.error(error))\n            self.dispose()":
                "        case .error(let error):\n            self.forwardOn(.error(error))"
        ]),
    Mutant(
        step: .rxDemo07, mistake: "without onError, an error skips onDisposed",
        chinese: "没有 onError 时，错误会跳过 onDisposed", file: "Subscribe.swift",
        changes: [
            "                    unhandledError(error)\n                }":
                "                    unhandledError(error)\n                    return\n                }"
        ]),
    Mutant(
        step: .rxDemo08, mistake: "a PublishSubject forgets its terminal event: a late subscriber waits forever",
        chinese: "PublishSubject 忘了它的终止事件：迟到的订阅者会永远等下去",
        file: "PublishSubject.swift",
        changes: [
            "if let stoppedEvent = self.stoppedEvent {\n            observer.on(stoppedEvent)\n            return Disposables.create()\n        }":
                ""
        ]),
    Mutant(
        step: .rxDemo08, mistake: "disposing one subscription removes every observer",
        chinese: "释放一个订阅就移除了所有观察者", file: "PublishSubject.swift",
        changes: ["_ = self.observers.removeKey(disposeKey)": "self.observers.removeAll()"]),
    Mutant(
        step: .rxDemo08, mistake: "the bag keeps observers in arrival order only (a plain array)",
        chinese: "bag 只按到达的先后保存观察者（一个普通数组）", file: "Bag.swift",
        changes: ["if self.key0 == nil {": "if self.key0 == nil && self.onlyFastPath {"]),
    Mutant(
        step: .rxDemo08, mistake: "a BehaviorSubject does not send its current value on subscribe",
        chinese: "BehaviorSubject 在订阅时不发送当前值",
        file: "BehaviorSubject.swift",
        changes: ["observer.on(.next(self.element))\n": ""]),
    Mutant(
        step: .rxDemo08,
        mistake: "dispose() also stops subscribe(onNext:…)'s observer: the event being sent is dropped",
        chinese: "dispose() 连 subscribe(onNext:…) 的观察者也一并停止：正在发送的事件被丢掉了",
        file: "Subscribe.swift",
        changes: [
            "return Disposables.create(self.asObservable().subscribe(observer), disposable)":
                "return Disposables.create(Disposables.create(observer, self.asObservable().subscribe(observer)), disposable)"
        ]),
    Mutant(
        step: .rxDemo08, mistake: "a BehaviorSubject sends its current value before it adds the observer",
        chinese: "BehaviorSubject 先发送当前值，再添加观察者",
        file: "BehaviorSubject.swift",
        changes: [
            "        let key = self.observers.insert(observer.on)\n        observer.on(.next(self.element))":
                "        observer.on(.next(self.element))\n        let key = self.observers.insert(observer.on)"
        ]),
    Mutant(
        step: .rxDemo08, mistake: "a disposed PublishSubject keeps its observers",
        chinese: "已释放的 PublishSubject 仍保留着它的观察者", file: "PublishSubject.swift",
        changes: ["        self.disposed = true\n        self.observers.removeAll()": "        self.disposed = true"]),
    // AtomicInt's contract: every operation returns the value from before.
    Mutant(
        step: .rxDemo09, mistake: "fetchOr returns the value after the change, not the one before",
        chinese: "fetchOr 返回修改之后的值，而不是修改之前的", file: "AtomicInt.swift",
        changes: [
            "    this.value |= mask\n    this.unlock()\n    return oldValue":
                "    this.value |= mask\n    this.unlock()\n    return this.value"
        ]),
    Mutant(
        step: .rxDemo09, mistake: "fetchOr reads the flag but never sets it",
        chinese: "fetchOr 读了标志位，却从不设置它", file: "AtomicInt.swift",
        changes: [
            "    let oldValue = this.value\n    this.value |= mask\n": "    let oldValue = this.value\n"
        ]),
    Mutant(
        step: .rxDemo09, mistake: "the sink's disposed flag is a plain Bool again: check, then act",
        chinese: "sink 的 disposed 标志位又成了普通 Bool：先检查，再行动", file: "Sink.swift",
        changes: [
            "private let disposed = AtomicInt(0)": "private var disposed = false",
            "isFlagSet(self.disposed, 1)": "self.disposed",
            "fetchOr(self.disposed, 1)": "self.disposed = true",
        ]),
    Mutant(
        step: .rxDemo09, mistake: "a subject holds its lock while it calls its observers",
        chinese: "Subject 在调用观察者时持有自己的锁", file: "PublishSubject.swift",
        changes: [
            "        dispatch(self.synchronizedOn(event), event)":
                "        self.lock.performLocked { dispatch(self.synchronizedOn(event), event) }"
        ]),
    Mutant(
        step: .rxDemo09, mistake: "AnonymousDisposable's flag is a plain Bool: check, then set",
        chinese: "AnonymousDisposable 的标志位是普通 Bool：先检查，再设置",
        file: "Disposable.swift",
        changes: [
            "final class AnonymousDisposable: Cancelable {\n    private let disposed = AtomicInt(0)":
                "final class AnonymousDisposable: Cancelable {\n    private var disposed = false",
            "    var isDisposed: Bool {\n        isFlagSet(self.disposed, 1)\n    }\n\n    init(disposeAction":
                "    var isDisposed: Bool {\n        self.disposed\n    }\n\n    init(disposeAction",
            "        if fetchOr(self.disposed, 1) == 0 {":
                "        if !self.disposed {\n            self.disposed = true",
        ]),
    Mutant(
        step: .rxDemo09, mistake: "BinaryDisposable's flag is a plain Bool: check, then set",
        chinese: "BinaryDisposable 的标志位是普通 Bool：先检查，再设置", file: "Disposable.swift",
        changes: [
            "final class BinaryDisposable: Cancelable {\n    private let disposed = AtomicInt(0)":
                "final class BinaryDisposable: Cancelable {\n    private var disposed = false",
            "    var isDisposed: Bool {\n        isFlagSet(self.disposed, 1)\n    }\n\n    // Inlined, the caller":
                "    var isDisposed: Bool {\n        self.disposed\n    }\n\n    // Inlined, the caller",
            "        guard fetchOr(self.disposed, 1) == 0 else { return }":
                "        guard !self.disposed else { return }\n        self.disposed = true",
        ]),
    Mutant(
        step: .rxDemo09, mistake: "ObserverBase's isStopped is a plain Bool",
        chinese: "ObserverBase 的 isStopped 是普通 Bool", file: "ObserverBase.swift",
        changes: [
            "private let isStopped = AtomicInt(0)": "private var isStopped = false",
            "if load(self.isStopped) == 0 {": "if !self.isStopped {",
            "            if fetchOr(self.isStopped, 1) == 0 {":
                "            if !self.isStopped {\n                self.isStopped = true",
            "        fetchOr(self.isStopped, 1)\n    }": "        self.isStopped = true\n    }",
        ]),
    Mutant(
        step: .rxDemo09, mistake: "the DisposeBag's array has no lock",
        chinese: "DisposeBag 的数组没有加锁", file: "DisposeBag.swift",
        changes: [
            "        self.lock.performLocked {\n            if self.isDisposed {":
                "        do {\n            if self.isDisposed {",
            "        self.lock.performLocked {\n            let disposables":
                "        do {\n            let disposables",
        ]),
    Mutant(
        step: .rxDemo09, mistake: "value() reads the BehaviorSubject without the lock",
        chinese: "value() 不加锁就读取 BehaviorSubject", file: "BehaviorSubject.swift",
        changes: [
            "    func value() throws -> Element {\n        self.lock.lock()\n        defer { self.lock.unlock() }":
                "    func value() throws -> Element {"
        ]),
    Mutant(
        step: .rxDemo09, mistake: "a BehaviorSubject holds its lock while it calls its observers",
        chinese: "BehaviorSubject 在调用观察者时持有自己的锁",
        file: "BehaviorSubject.swift",
        changes: [
            "        dispatch(self.synchronizedOn(event), event)":
                "        self.lock.performLocked { dispatch(self.synchronizedOn(event), event) }"
        ]),
    Mutant(
        step: .rxDemo08, mistake: "dispatch walks the bag's array with an index it never advances",
        chinese: "dispatch 用一个从不前进的索引遍历 bag 的数组", file: "Bag.swift",
        changes: [
            "    for pair in bag.pairs {\n        pair.value(event)\n    }":
                "    let index = 0\n    while index < bag.pairs.count {\n        bag.pairs[index].value(event)\n    }"
        ], hangs: true),
    Mutant(
        step: .rxDemo09, mistake: "the lock is not recursive: a re-entrant call deadlocks",
        chinese: "锁不是递归锁：重入的调用会死锁", file: "Lock.swift",
        changes: ["typealias RecursiveLock = NSRecursiveLock": "typealias RecursiveLock = NSLock"], hangs: true),
    // Atomics and locks used in the wrong order: no race for ThreadSanitizer to see, and a
    // window that real threads rarely hit; the interleaving explorer finds each at once.
    Mutant(
        step: .rxDemo09, mistake: "the SinkDisposer checks its state, then sets it: check-then-act on an atomic",
        chinese: "SinkDisposer 先检查状态，再设置它：对原子变量先检查后行动",
        file: "SinkDisposer.swift",
        changes: [
            """
                    let previousState = fetchOr(self.state, DisposeState.disposed.rawValue)
                    if (previousState & DisposeState.disposed.rawValue) != 0 {
                        return
                    }
            """: """
                    if isFlagSet(self.state, DisposeState.disposed.rawValue) {
                        return
                    }
                    let previousState = fetchOr(self.state, DisposeState.disposed.rawValue)
            """
        ]),
    Mutant(
        step: .rxDemo09, mistake: "a PublishSubject checks for a stop and adds the observer under two locks",
        chinese: "PublishSubject 检查是否已停止和添加观察者，分在两次持锁中进行",
        file: "PublishSubject.swift",
        changes: [
            "        self.lock.performLocked { self.synchronizedSubscribe(observer) }":
                """
                    if let stoppedEvent = self.lock.performLocked({ self.stoppedEvent }) {
                        observer.on(stoppedEvent)
                        return Disposables.create()
                    }
                    return self.lock.performLocked { self.synchronizedSubscribe(observer) }
            """,
            "        if let stoppedEvent = self.stoppedEvent {\n            observer.on(stoppedEvent)\n            return Disposables.create()\n        }\n        if self.isDisposed":
                "        if self.isDisposed",
        ]),
    Mutant(
        step: .rxDemo09, mistake: "a BehaviorSubject sends a new subscriber its value after it lets go of the lock",
        chinese: "BehaviorSubject 在解锁之后才把值发给新订阅者",
        file: "BehaviorSubject.swift",
        changes: [
            "        self.lock.performLocked { self.synchronizedSubscribe(observer) }":
                """
                    let (subscription, element) = self.lock.performLocked { (self.synchronizedSubscribe(observer), self.element) }
                    observer.on(.next(element))
                    return subscription
            """,
            "        let key = self.observers.insert(observer.on)\n        observer.on(.next(self.element))":
                "        let key = self.observers.insert(observer.on)",
        ]),
    Mutant(
        step: .rxDemo10, mistake: "observe(on:) delivers at once, on the sending thread, never on the scheduler",
        chinese: "observe(on:) 在发送的线程上立即投递，从不经过调度器", file: "ObserveOn.swift",
        changes: [
            "        self.scheduleDisposable.disposable = self.scheduler.schedule(()) { _ in\n            self.deliverOne()\n            return Disposables.create()\n        }":
                "        self.deliverOne()"
        ]),
    Mutant(
        step: .rxDemo10, mistake: "observe(on:) delivers the newest queued event first",
        chinese: "observe(on:) 先投递队列里最新的事件", file: "ObserveOn.swift",
        changes: ["return self.queue.removeFirst()": "return self.queue.removeLast()"]),
    Mutant(
        step: .rxDemo10, mistake: "observe(on:) neither cancels nor checks what it queued before a dispose",
        chinese: "observe(on:) 对释放之前已排入队列的东西既不取消，也不检查",
        file: "ObserveOn.swift",
        changes: [
            "guard let next, !self.cancel.isDisposed else { return }": "guard let next else { return }",
            "        self.cancel.dispose()\n        self.scheduleDisposable.dispose()": "        self.cancel.dispose()",
        ]),
    Mutant(
        step: .rxDemo10, mistake: "subscribe(on:) subscribes at once, on the caller's thread",
        chinese: "subscribe(on:) 立即在调用者的线程上订阅",
        file: "SubscribeOn.swift",
        changes: [
            "let disposeSchedule = parent.scheduler.schedule(()) {":
                "let disposeSchedule = CurrentThreadScheduler.instance.schedule(()) {"
        ]),
    Mutant(
        step: .rxDemo10, mistake: "subscribe(on:) wraps its source with asObservable()",
        chinese: "subscribe(on:) 用 asObservable() 包装它的源序列", file: "SubscribeOn.swift",
        changes: [
            "SubscribeOn(source: self, scheduler: scheduler)":
                "SubscribeOn(source: self.asObservable(), scheduler: scheduler)"
        ]),
    Mutant(
        step: .rxDemo10, mistake: "buffer sends the elements it holds before an error",
        chinese: "buffer 在错误之前先发出它持有的元素", file: "Buffer.swift",
        changes: [
            "                self.buffer = []\n                self.forwardOn(.error(error))":
                "                self.forwardOn(.next(self.buffer))\n                self.forwardOn(.error(error))"
        ]),
    Mutant(
        step: .rxDemo10, mistake: "buffer drops the elements it holds when the source completes",
        chinese: "源序列完成时，buffer 丢掉了它持有的元素", file: "Buffer.swift",
        changes: [
            "                self.forwardOn(.next(self.buffer))\n                self.forwardOn(.completed)":
                "                self.forwardOn(.completed)"
        ]),
    Mutant(
        step: .rxDemo10, mistake: "buffer never starts the next window's timer",
        chinese: "buffer 从不为下一个窗口启动定时器", file: "Buffer.swift",
        changes: [
            "        self.forwardOn(.next(buffer))\n        self.createTimer(windowID)":
                "        self.forwardOn(.next(buffer))"
        ]),
    Mutant(
        step: .rxDemo10, mistake: "the trampoline runs the newest queued action first",
        chinese: "trampoline 先运行队列里最新的动作",
        file: "CurrentThreadScheduler.swift",
        changes: [
            "            let item = self.items[self.head]\n            self.head += 1":
                "            let item = self.items.removeLast()"
        ]),
    Mutant(
        step: .rxDemo10, mistake: "the trampoline runs a nested schedule at once, on the stack",
        chinese: "trampoline 立即在栈上运行嵌套的 schedule",
        file: "CurrentThreadScheduler.swift",
        changes: ["guard Self.isScheduleRequired else {": "guard Self.isScheduleRequired || true else {"]),
    Mutant(
        step: .rxDemo11,
        mistake:
            "share() asks whether it is the first subscriber and inserts it under two holds of the lock (RxSwift 6.10.0)",
        chinese: "share() 判断是否为第一个订阅者和插入这个订阅者，分在两次持锁中进行（RxSwift 6.10.0）",
        file: "ShareReplayScope.swift",
        changes: [
            "        let isFirst = connection.observers.count == 0\n        let disposable = connection.synchronizedSubscribe(observer)\n        self.lock.unlock()\n        if isFirst {\n            connection.connect()\n        }\n        return disposable\n    }\n}\n":
                "        let isFirst = connection.observers.count == 0\n        self.lock.unlock()\n        self.lock.lock()\n        let disposable = connection.synchronizedSubscribe(observer)\n        self.lock.unlock()\n        if isFirst {\n            connection.connect()\n        }\n        return disposable\n    }\n}\n"
        ],
        onlyTheExplorer: .shareFirstSubscribers),
    Mutant(
        step: .rxDemo11,
        mistake: "share(replay: 1) replays its latest element under the lock (RxSwift before 6.10.0: #2653)",
        chinese: "share(replay: 1) 在锁内回放最新的元素（RxSwift 6.10.0 之前：#2653）",
        file: "ShareReplayScope.swift",
        changes: [
            "        let key = self.observers.insert(observer.on)\n        return (SubscriptionDisposable(owner: self, key: key), self.element)":
                "        if let element = self.element {\n            observer.on(.next(element))\n        }\n        let key = self.observers.insert(observer.on)\n        return (SubscriptionDisposable(owner: self, key: key), nil)"
        ]),
    Mutant(
        step: .rxDemo11,
        mistake: "share() decides to disconnect and ends the connection under two holds of the lock",
        chinese: "share() 决定断开连接和结束连接，分在两次持锁中进行",
        file: "ShareReplayScope.swift",
        changes: [
            "        if disconnect { self.synchronizedDispose() }\n        self.lock.unlock()\n        if disconnect {\n":
                "        self.lock.unlock()\n        if disconnect {\n            self.lock.performLocked { self.synchronizedDispose() }\n"
        ],
        onlyTheExplorer: .shareSubscribeRacingDispose),
    Mutant(
        step: .rxDemo11,
        mistake: "refCount() decides whether to connect and counts the subscriber under two holds of the lock",
        chinese: "refCount() 决定是否建立连接和把订阅者计入，分在两次持锁中进行",
        file: "RefCount.swift",
        changes: [
            "        self.parent.lock.lock()\n        defer { self.parent.lock.unlock() }\n        self.connectionIdSnapshot":
                "        let isFirst = self.parent.lock.performLocked { self.parent.count == 0 }\n        self.parent.lock.lock()\n        defer { self.parent.lock.unlock() }\n        self.connectionIdSnapshot",
            "        if self.parent.count == 0 {\n            self.parent.count = 1":
                "        if isFirst {\n            self.parent.count += 1",
        ],
        onlyTheExplorer: .refCountSubscribeRacingDispose),
    Mutant(
        step: .rxDemo11,
        mistake: "a ReplaySubject replays its buffer and adds the subscriber under two holds of the lock",
        chinese: "ReplaySubject 回放缓冲区和添加订阅者，分在两次持锁中进行",
        file: "ReplaySubject.swift",
        changes: [
            "        self.lock.performLocked { self.synchronizedSubscribe(observer) }\n    }\n\n    private func synchronizedSubscribe":
                "        self.lock.performLocked { self.replayBuffer(observer) }\n        return self.lock.performLocked { self.synchronizedSubscribe(observer) }\n    }\n\n    private func synchronizedSubscribe",
            "        self.replayBuffer(observer)\n        if let stoppedEvent": "        if let stoppedEvent",
        ],
        onlyTheExplorer: .replaySubscribeRacingNewValue),
    Mutant(
        step: .rxDemo11, mistake: "share(replay: 1) keeps the latest element in the share, not in its connection",
        chinese: "share(replay: 1) 把最新的元素保存在 share 里，而不是它的连接里",
        file: "ShareReplayScope.swift",
        changes: [
            "            self.element = element": "            self.parent.latest = element",
            "        return (SubscriptionDisposable(owner: self, key: key), self.element)":
                "        return (SubscriptionDisposable(owner: self, key: key), self.parent.latest)",
            "    fileprivate var connection: ShareReplay1WhileConnectedConnection<Element>?":
                "    fileprivate var connection: ShareReplay1WhileConnectedConnection<Element>?\n    fileprivate var latest: Element?",
        ]),
    Mutant(
        step: .rxDemo11, mistake: "refCount() connects before it subscribes the subscriber to the subject",
        chinese: "refCount() 先建立连接，再让订阅者订阅 Subject",
        file: "RefCount.swift",
        changes: [
            "        let subscription = self.parent.source.subscribe(self)\n        self.parent.lock.lock()":
                "        self.parent.lock.lock()",
            "            self.parent.count += 1\n        }\n":
                "            self.parent.count += 1\n        }\n        let subscription = self.parent.source.subscribe(self)\n",
        ]),
    Mutant(
        step: .rxDemo11, mistake: "refCount() ends the connection on a terminal event only when the count reaches 0",
        chinese: "收到终止事件时，refCount() 只在计数降到 0 时才结束连接",
        file: "RefCount.swift",
        changes: [
            "            if self.parent.connectionId == self.connectionIdSnapshot {\n                let connection":
                "            if false {\n                let connection"
        ]),
    Mutant(
        step: .rxDemo11, mistake: "a multicast connection passes a terminal event on before it disposes the source",
        chinese: "multicast 的连接先把终止事件传下去，再释放源序列",
        file: "Multicast.swift",
        changes: [
            "        if event.isStopEvent {\n            self.dispose()\n        }\n        self.subjectObserver.on(event)":
                "        self.subjectObserver.on(event)\n        if event.isStopEvent {\n            self.dispose()\n        }"
        ]),
    Mutant(
        step: .rxDemo11, mistake: "publish() keeps one subject for every connection",
        chinese: "publish() 让每一次连接都共用同一个 Subject", file: "Multicast.swift",
        changes: [
            "        self.multicast(makeSubject: { PublishSubject() })": "        self.multicast(PublishSubject())"
        ]),
    Mutant(
        step: .rxDemo11, mistake: "a bounded ReplaySubject trims in a loop that removes nothing",
        chinese: "有界的 ReplaySubject 用一个什么也不移除的循环来裁剪缓冲区",
        file: "ReplaySubject.swift",
        changes: [
            "        if self.queue.count > self.bufferSize {\n            self.queue.removeFirst(self.queue.count - self.bufferSize)\n        }":
                "        while self.queue.count > self.bufferSize {\n            _ = self.queue.first\n        }"
        ], hangs: true),
    Mutant(
        step: .rxDemo11, mistake: "the lock is not recursive: a re-entrant call deadlocks",
        chinese: "锁不是递归锁：重入的调用会死锁", file: "Lock.swift",
        changes: ["typealias RecursiveLock = NSRecursiveLock": "typealias RecursiveLock = NSLock"], hangs: true),
    Mutant(
        step: .rxDemo11, mistake: "ReplaySubject.createUnbounded() keeps only the latest element",
        chinese: "ReplaySubject.createUnbounded() 只保留最新的元素",
        file: "ReplaySubject.swift", changes: ["        ReplayAll()": "        ReplayOne()"]),
    // Moves the generated programs make: connect() while connected, a subject after dispose().
    Mutant(
        step: .rxDemo11, mistake: "connect() while connected returns a connection that disposes nothing",
        chinese: "已连接时再调用 connect()，返回的连接释放时什么也不做", file: "Multicast.swift",
        changes: [
            "            if let connection = self.connection {\n                return connection\n            }":
                "            if self.connection != nil {\n                return Disposables.create()\n            }"
        ]),
    Mutant(
        step: .rxDemo11, mistake: "connect() while connected subscribes to the source again",
        chinese: "已连接时再调用 connect()，会再次订阅源序列", file: "Multicast.swift",
        changes: [
            "            if let connection = self.connection {\n                return connection\n            }\n":
                ""
        ]),
    Mutant(
        step: .rxDemo11, mistake: "a ReplaySubject after dispose() replays to a new subscriber and keeps it",
        chinese: "dispose() 之后的 ReplaySubject 仍向新的订阅者重放，并留下它", file: "ReplaySubject.swift",
        changes: [
            "        if self.disposed {\n            observer.on(.error(RxError.disposed(object: self)))\n            return Disposables.create()\n        }\n        self.replayBuffer(observer)":
                "        self.replayBuffer(observer)"
        ]),
    Mutant(
        step: .rxDemo12, mistake: "retry forwards the first attempt's error, not the last",
        chinese: "retry 转发的是第一次尝试的错误，而不是最后一次的", file: "Catch.swift",
        changes: ["            self.lastError = error\n": "            self.lastError = self.lastError ?? error\n"]),
    Mutant(
        step: .rxDemo12, mistake: "catch forwards the source's error when the handler throws, not the handler's",
        chinese: "catch 的处理闭包抛出错误时，转发的是源序列的错误，而不是处理闭包的", file: "Catch.swift",
        changes: [
            "            } catch let handlerError {\n                self.forwardOn(.error(handlerError))":
                "            } catch _ {\n                self.forwardOn(.error(error))"
        ]),
    Mutant(
        step: .rxDemo12,
        mistake:
            "flatMap forwards completed before it disposes a source that completes after every inner (RxSwift's main branch, not 6.10.2)",
        chinese: "源序列在所有内部序列之后完成时，flatMap 先转发 completed，再释放源序列（RxSwift 的 main 分支，而非 6.10.2）",
        file: "Merge.swift",
        changes: [
            "                self.stopped = true\n                self.sourceSubscription.dispose()\n                self.checkCompleted()":
                "                self.stopped = true\n                if self.activeCount == 0 {\n                    self.forwardOn(.completed)\n                    self.dispose()\n                } else {\n                    self.sourceSubscription.dispose()\n                }"
        ]),
    Mutant(
        step: .rxDemo12, mistake: "flatMapLatest subscribes the new inner before it disposes the previous one",
        chinese: "flatMapLatest 先订阅新的内部序列，再释放前一个",
        file: "Switch.swift",
        changes: [
            "                self.innerSubscription.disposable = disposable\n                let observer = SwitchSinkIter(parent: self, id: latest, this: disposable)\n                disposable.setDisposable(observable.subscribe(observer))":
                "                let observer = SwitchSinkIter(parent: self, id: latest, this: disposable)\n                disposable.setDisposable(observable.subscribe(observer))\n                self.innerSubscription.disposable = disposable"
        ]),
    Mutant(
        step: .rxDemo12, mistake: "concatMap subscribes to every inner at once",
        chinese: "concatMap 立即订阅每一个内部序列", file: "Merge.swift",
        changes: ["super.init(maxConcurrent: 1,": "super.init(maxConcurrent: Int.max,"]),
    Mutant(
        step: .rxDemo12, mistake: "concatMap takes the newest queued inner first",
        chinese: "concatMap 先取队列里最新的内部序列", file: "Merge.swift",
        changes: [
            "if let next = self.queue.first {\n            self.queue.removeFirst()":
                "if let next = self.queue.last {\n            self.queue.removeLast()"
        ]),
    Mutant(
        step: .rxDemo12, mistake: "catch disposes the failed source before it subscribes the fallback",
        chinese: "catch 先释放失败的源序列，再订阅备用序列",
        file: "Catch.swift",
        changes: [
            "                self.subscription.disposable = catchSequence.subscribe(observer)":
                "                self.subscription.disposable = Disposables.create()\n                self.subscription.disposable = catchSequence.subscribe(observer)"
        ]),
    Mutant(
        step: .rxDemo12, mistake: "flatMap's inner observers call the observer without the sink's lock",
        chinese: "flatMap 的内部观察者不持有 sink 的锁就调用观察者",
        file: "Merge.swift",
        changes: [
            "    func on(_ event: Event<Element>) {\n        self.parent.lock.performLocked {\n            switch event {\n            case .next(let value):":
                "    func on(_ event: Event<Element>) {\n        do {\n            switch event {\n            case .next(let value):"
        ]),
    Mutant(
        step: .rxDemo12,
        mistake: "flatMap reads how many inners run and marks its source stopped under two holds of the lock",
        chinese: "flatMap 读取正在运行的内部序列个数和把源序列标记为已停止，分在两次持锁中进行",
        file: "Merge.swift",
        changes: [
            "            self.lock.performLocked {\n                self.stopped = true\n                self.sourceSubscription.dispose()\n                self.checkCompleted()":
                "            let running = self.lock.performLocked { self.activeCount }\n            self.lock.performLocked {\n                self.stopped = true\n                self.sourceSubscription.dispose()\n                if running == 0 {\n                    self.forwardOn(.completed)\n                    self.dispose()\n                }"
        ],
        onlyTheExplorer: .flatMapInnerRacingSourceCompleted),
    Mutant(
        step: .rxDemo12, mistake: "amb asks whether a source has won and makes its choice under two holds of the lock",
        chinese: "amb 询问是否已有源序列胜出和做出选择，分在两次持锁中进行",
        file: "Amb.swift",
        changes: [
            "            self.lock.performLocked {\n                if self.choice == .neither {":
                "            let undecided = self.lock.performLocked { self.choice == .neither }\n            self.lock.performLocked {\n                if undecided {"
        ],
        onlyTheExplorer: .ambFirstElements),
    Mutant(
        step: .rxDemo12, mistake: "retry(n) makes n retries, one attempt too many",
        chinese: "retry(n) 重试 n 次，多了一次尝试", file: "Catch.swift",
        changes: ["count: maxAttemptCount))": "count: maxAttemptCount + 1))"]),
    Mutant(
        step: .rxDemo13, mistake: "Single.create sends a success as a next without the completed that ends the run",
        chinese: "Single.create 把 success 作为 next 发出，却不发出结束这次运行的 completed",
        file: "Single.swift",
        changes: [
            "                    observer.on(.next(element))\n                    observer.on(.completed)\n                case .failure":
                "                    observer.on(.next(element))\n                case .failure"
        ]),
    Mutant(
        step: .rxDemo13, mistake: "a Single's subscribe passes on every event, so a success is followed by a completed",
        chinese: "Single 的 subscribe 把每个事件都传下去，于是 success 之后还跟着一个 completed",
        file: "Single.swift", changes: ["            if stopped { return }\n": ""]),
    Mutant(
        step: .rxDemo13,
        mistake: "a Single without onFailure drops the error instead of calling Hooks.defaultErrorHandler",
        chinese: "没有 onFailure 的 Single 丢掉了错误，而没有调用 Hooks.defaultErrorHandler",
        file: "Single.swift",
        changes: [
            "                if let onFailure {\n                    onFailure(error)\n                } else {\n                    Hooks.defaultErrorHandler(callStack, error)\n                }":
                "                onFailure?(error)"
        ]),
    hookCalledAlongside(
        "subscribe(onNext:onError:…)", "onError",
        chinese: "即使 onError 接收了错误，subscribe(onNext:onError:…) 仍会调用 Hooks.defaultErrorHandler", file: "Subscribe.swift",
        binding: "onError = onError"),
    hookCalledAlongside(
        "a Single", "onFailure", chinese: "即使 onFailure 接收了错误，Single 仍会调用 Hooks.defaultErrorHandler",
        file: "Single.swift"),
    hookCalledAlongside(
        "a Maybe", "onError", chinese: "即使 onError 接收了错误，Maybe 仍会调用 Hooks.defaultErrorHandler", file: "Maybe.swift"),
    Mutant(
        step: .rxDemo13, mistake: "asSingle() passes the element on at once instead of holding it until completed",
        chinese: "asSingle() 立即把元素传下去，而不是留到 completed 时再发",
        file: "AsSingle.swift",
        changes: [
            "            self.element = event\n        case .error:":
                "            self.element = event\n            self.forwardOn(event)\n        case .error:"
        ]),
    Mutant(
        step: .rxDemo14, mistake: "asDriver(onErrorJustReturn:) delivers at once, not on the Driver's scheduler",
        chinese: "asDriver(onErrorJustReturn:) 立即投递，而不是在 Driver 的调度器上投递", file: "Driver.swift",
        changes: [
            "        let source = self.asObservable()\n            .observe(on: DriverSharingStrategy.scheduler)\n            .catchAndReturn(onErrorJustReturn)":
                "        let source = self.asObservable()\n            .catchAndReturn(onErrorJustReturn)"
        ]),
    Mutant(
        step: .rxDemo14, mistake: "asDriver(onErrorJustReturn:) lets the error through: a Driver that can fail",
        chinese: "asDriver(onErrorJustReturn:) 放过了错误：一个会失败的 Driver",
        file: "Driver.swift",
        changes: [
            "            .observe(on: DriverSharingStrategy.scheduler)\n            .catchAndReturn(onErrorJustReturn)":
                "            .observe(on: DriverSharingStrategy.scheduler)"
        ]),
    Mutant(
        step: .rxDemo14, mistake: "withLatestFrom completes when its second source completes",
        chinese: "withLatestFrom 在第二个源序列完成时就完成", file: "WithLatestFrom.swift",
        changes: [
            "            case .completed:\n                self.disposable.dispose()":
                "            case .completed:\n                self.parent.forwardOn(.completed)\n                self.parent.dispose()"
        ]),
    Mutant(
        step: .rxDemo14, mistake: "withLatestFrom subscribes the first source before the second",
        chinese: "withLatestFrom 先订阅第一个源序列，再订阅第二个",
        file: "WithLatestFrom.swift",
        changes: [
            "        secondSubscription.setDisposable(self.parent.second.subscribe(secondObserver))\n        let firstSubscription = self.parent.first.subscribe(self)\n":
                "        let firstSubscription = self.parent.first.subscribe(self)\n        secondSubscription.setDisposable(self.parent.second.subscribe(secondObserver))\n"
        ]),
    Mutant(
        step: .rxDemo14,
        mistake: "the delegate proxy keeps the delegate it forwards to, although retainDelegate is false",
        chinese: "代理对象持有它转发调用的那个代理，尽管 retainDelegate 为 false",
        file: "DelegateProxy.swift",
        changes: [
            "strongForwardToDelegate = retainDelegate ? weakForwardToDelegate : nil":
                "strongForwardToDelegate = weakForwardToDelegate"
        ]),
    Mutant(
        step: .rxDemo14, mistake: "Signal shares with a replay, as a Driver does",
        chinese: "Signal 像 Driver 那样带回放地共享", file: "Signal.swift",
        changes: ["source.share(scope: .whileConnected)": "source.share(replay: 1, scope: .whileConnected)"]),
    Mutant(
        step: .rxDemo14, mistake: "the view model uses flatMap: a new query does not cancel the request before it",
        chinese: "视图模型用了 flatMap：新的查询不会取消它之前的请求",
        file: "SearchViewModel.swift",
        changes: ["let states = queries.flatMapLatest {": "let states = queries.flatMap {"]),
    Mutant(
        step: .rxDemo14, mistake: "the network wrapper's dispose closure does not stop the request",
        chinese: "网络 agent 包装层的释放闭包不会停止请求",
        file: "NetworkAgent+Rx.swift",
        changes: [
            "            return Disposables.create {\n                cancle?.stop()\n            }":
                "            return Disposables.create()"
        ]),
    // Step 15: RxSwift's concurrency bugs of 2022-2026 and its 2026 campaign, as a participant
    // writes them again.
    Mutant(
        step: .rxDemo15, mistake: "values never disposes when the loop is left or its task cancelled (#2426)",
        chinese: "退出循环或取消它所在的任务时，values 从不释放订阅（#2426）",
        file: "Observable+Concurrency.swift",
        changes: [
            "                if case .cancelled = termination {\n                    subscription.value.dispose()\n                }":
                "                _ = (termination, subscription)"
        ]),
    Mutant(
        step: .rxDemo15, mistake: "values has no onDisposed: a loop that the Rx side stops ends as if it had completed",
        chinese: "values 没有 onDisposed：被 Rx 一侧停下的循环，会像已经完成那样结束",
        file: "Observable+Concurrency.swift",
        changes: [
            "                },\n                onDisposed: {\n                    guard !isFinished else { return }\n                    continuation.finish(throwing: CancellationError())\n                }\n            )":
                "                }\n            )"
        ]),
    Mutant(
        step: .rxDemo15,
        mistake: "value resumes from onDisposed even after a success: the continuation is resumed twice (#2563)",
        chinese: "value 即使在成功之后也会从 onDisposed 恢复：continuation 被恢复了两次（#2563）",
        file: "PrimitiveSequence+Concurrency.swift",
        changes: [
            "onDisposed: {\n                                    if once.claim() {":
                "onDisposed: {\n                                    if true {"
        ]),
    Mutant(
        step: .rxDemo15,
        mistake: "value resumes its continuation with its lock held, as RxSwift's main branch does (#2727)",
        chinese: "value 持着自己的锁恢复 continuation，和 RxSwift 的 main 分支一样（#2727）",
        file: "PrimitiveSequence+Concurrency.swift",
        changes: [
            "    // True for the first caller only.\n    func claim() -> Bool {":
                "    func locked(_ body: () -> Void) { self.lock.performLocked(body) }\n\n    // True for the first caller only.\n    func claim() -> Bool {",
            "                                onSuccess: { value in\n                                    if once.claim() { continuation.resume(returning: UncheckedBox(value)) }\n                                },":
                "                                onSuccess: { value in\n                                    once.locked { if once.claim() { continuation.resume(returning: UncheckedBox(value)) } }\n                                },",
        ], onlyTheExplorer: .singleValueSuccessRacingFailure),
    Mutant(
        step: .rxDemo15,
        mistake: "Single.create(work:) calls the work again until it succeeds: a cancelled task never ends",
        chinese: "Single.create(work:) 一直重新调用工作闭包直到它成功：被取消的任务永远不会结束",
        file: "PrimitiveSequence+Concurrency.swift",
        changes: [
            "                do {\n                    let element = UncheckedBox(try await work())\n                    observer.value(.success(element.value))\n                } catch {\n                    observer.value(.failure(error))\n                }":
                "                while true {\n                    do {\n                        let element = UncheckedBox(try await work())\n                        observer.value(.success(element.value))\n                        return\n                    } catch {\n                        continue\n                    }\n                }"
        ], hangs: true),
    Mutant(
        step: .rxDemo15, mistake: "Single.create(work:) never cancels its task: a dispose leaves the work running",
        chinese: "Single.create(work:) 从不取消它的任务：释放订阅后工作闭包仍在运行",
        file: "PrimitiveSequence+Concurrency.swift",
        changes: [
            "            return Disposables.create { task.cancel() }\n        }\n    }\n\n    var value":
                "            _ = task\n            return Disposables.create()\n        }\n    }\n\n    var value"
        ],
        hangs: true),
    Mutant(
        step: .rxDemo15,
        mistake: "Single.create(work:) drops priority: the work runs at whatever priority its task inherits",
        chinese: "Single.create(work:) 丢掉了 priority：工作闭包以它的任务继承来的优先级运行",
        file: "PrimitiveSequence+Concurrency.swift",
        changes: [
            "                ? Task.detached(priority: priority, operation: operation)\n                : Task(priority: priority, operation: operation)":
                "                ? Task.detached(operation: operation)\n                : Task(operation: operation)"
        ]),
    Mutant(
        step: .rxDemo15,
        mistake:
            "asObservable() waits in subscribe until its task has reached the main actor: subscribed there, both wait for ever",
        chinese: "asObservable() 在 subscribe 里一直等到它的任务到达主 actor：在主 actor 上订阅时，两边都永远等下去",
        file: "Observable+Concurrency.swift",
        changes: [
            "            let sink = UncheckedBox(observer)\n            let task = Task.detached(priority: priority) {":
                "            let sink = UncheckedBox(observer)\n            let started = DispatchSemaphore(value: 0)\n            let task = Task.detached(priority: priority) {\n                await MainActor.run { started.signal() }",
            "            return Disposables.create { task.cancel() }\n        }\n    }\n}":
                "            started.wait()\n            return Disposables.create { task.cancel() }\n        }\n    }\n}",
        ], hangs: true),
    Mutant(
        step: .rxDemo15,
        mistake: "asObservable() starts the loop on the subscribing thread, inside subscribe (#2553)",
        chinese: "asObservable() 在订阅所在的线程上、在 subscribe 之内启动循环（#2553）",
        file: "Observable+Concurrency.swift",
        changes: ["Task.detached(priority: priority) {": "Task.immediate(priority: priority) {"]),
    // The bridge's own API, each caught by the generated bridge programs (BridgePrograms.swift).
    Mutant(
        step: .rxDemo15,
        mistake: "asObservable() sends the sequence's CancellationError as an error, not completed (RxSwift ef1d4dea)",
        chinese: "asObservable() 把序列的 CancellationError 当作错误发出，而不是 completed（RxSwift ef1d4dea）",
        file: "Observable+Concurrency.swift",
        changes: [
            "                } catch is CancellationError {\n                    sink.value.onCompleted()":
                "                } catch is CancellationError {\n                    sink.value.onError(CancellationError())"
        ]),
    Mutant(
        step: .rxDemo15,
        mistake: "asObservable() iterates in Task(priority:): the loop inherits the subscriber's task-locals",
        chinese: "asObservable() 在 Task(priority:) 里遍历：循环继承了订阅者的任务局部值",
        file: "Observable+Concurrency.swift",
        changes: ["let task = Task.detached(priority: priority) {": "let task = Task(priority: priority) {"]),
    Mutant(
        step: .rxDemo15, mistake: "asObservable() shares one iterator between its subscriptions",
        chinese: "asObservable() 的所有订阅共用同一个迭代器",
        file: "Observable+Concurrency.swift",
        changes: [
            "extension AsyncSequence {":
                "final class SharedIterator<I>: @unchecked Sendable { var iterator: I? }\n\nextension AsyncSequence {",
            "        Observable.create { observer in":
                "        let shared = SharedIterator<AsyncIterator>()\n        return Observable.create { observer in",
            "            var iterator: AsyncIterator? = nil\n": "",
            "                if iterator == nil { iterator = self.makeAsyncIterator() }\n                return try await iterator!.next()":
                "                if shared.iterator == nil { shared.iterator = self.makeAsyncIterator() }\n                return try await shared.iterator!.next()",
        ]),
    Mutant(
        step: .rxDemo15, mistake: "Maybe's value throws RxError.noElements for an empty Maybe instead of returning nil",
        chinese: "Maybe 的 value 在 Maybe 为空时抛出 RxError.noElements，而不是返回 nil",
        file: "PrimitiveSequence+Concurrency.swift",
        changes: [
            "if once.claim() { continuation.resume(returning: UncheckedBox(nil)) }":
                "if once.claim() { continuation.resume(throwing: RxError.noElements) }"
        ]),
    Mutant(
        step: .rxDemo15,
        mistake: "Completable's value returns when its task is cancelled instead of throwing CancellationError",
        chinese: "任务被取消时，Completable 的 value 直接返回，而不是抛出 CancellationError",
        file: "PrimitiveSequence+Concurrency.swift",
        changes: [
            "                                    if once.claim() { continuation.resume(throwing: error) }\n                                },\n                                onDisposed: {\n                                    if once.claim() { continuation.resume(throwing: CancellationError()) }\n                                }\n                            ))\n                    }\n                },\n                onCancel: { disposable.dispose() }\n            )\n        }\n    }\n}":
                "                                    if once.claim() { continuation.resume(throwing: error) }\n                                },\n                                onDisposed: {\n                                    if once.claim() { continuation.resume() }\n                                }\n                            ))\n                    }\n                },\n                onCancel: { disposable.dispose() }\n            )\n        }\n    }\n}"
        ]),
    Mutant(
        step: .rxDemo15,
        mistake: "Single's value checks for cancellation after the result: a result that raced a cancel is thrown away",
        chinese: "Single 的 value 在拿到结果之后再检查取消：与取消竞争的结果被丢掉了",
        file: "PrimitiveSequence+Concurrency.swift",
        changes: [
            "            return try await withTaskCancellationHandler(\n                operation: {\n                    try await withCheckedThrowingContinuation {\n                        (continuation: CheckedContinuation<UncheckedBox<Element>, Error>) in":
                "            let result = try await withTaskCancellationHandler(\n                operation: {\n                    try await withCheckedThrowingContinuation {\n                        (continuation: CheckedContinuation<UncheckedBox<Element>, Error>) in",
            "            ).value\n        }\n    }\n}\n\nextension PrimitiveSequenceType where Trait == MaybeTrait {":
                "            )\n            try Task.checkCancellation()\n            return result.value\n        }\n    }\n}\n\nextension PrimitiveSequenceType where Trait == MaybeTrait {",
        ]),
    Mutant(
        step: .rxDemo15,
        mistake: "values on a Driver or a Signal never disposes: leaving the loop leaves the subscription running",
        chinese: "Driver 或 Signal 上的 values 从不释放订阅：离开循环后订阅仍在运行",
        file: "SharedSequence+Concurrency.swift",
        changes: ["                    subscription.value.dispose()": "                    _ = subscription"]),
    Mutant(
        step: .rxDemo15, mistake: "ReplaySubject replays to a newcomer with its lock held (#2723)",
        chinese: "ReplaySubject 持着自己的锁向新来者回放（#2723）",
        file: "ReplaySubject.swift",
        changes: [
            "        let subscription = self.lock.performLocked { self.synchronizedSubscribe(observer) }\n        if let replayObserver":
                "        self.lock.lock()\n        defer { self.lock.unlock() }\n        let subscription = self.synchronizedSubscribe(observer)\n        if let replayObserver"
        ], onlyTheExplorer: .replayHandlerTakesLock),
    Mutant(
        step: .rxDemo15, mistake: "connect() subscribes the source with the connectable's lock held (#2723)",
        chinese: "connect() 持着可连接序列的锁订阅源序列（#2723）",
        file: "Multicast.swift",
        changes: [
            "            self.connection = connection\n            return (subscription, connection)":
                "            self.connection = connection\n            subscription.setDisposable(self.source.subscribe(connection))\n            return (nil, connection)"
        ], onlyTheExplorer: .connectGeneratorTakesLock),
    Mutant(
        step: .rxDemo15, mistake: "flatMap tears down with forwardLock held: the dispose closures run under it (#2711)",
        chinese: "flatMap 持着 forwardLock 拆除订阅：释放闭包在这把锁之下运行（#2711）",
        file: "Merge.swift",
        changes: [
            "            self.forwardOn(event)\n            self.markDisposed()\n        }\n        self.dispose()":
                "            self.forwardOn(event)\n            self.markDisposed()\n            self.dispose()\n        }"
        ], onlyTheExplorer: .flatMapTeardownTakesLock),
    Mutant(
        step: .rxDemo15,
        mistake: "flatMap removes a completed inner under its lock: the inner's dispose closure runs under it (#2711)",
        chinese: "flatMap 持着锁移除一个已完成的内部序列：内部序列的释放闭包在这把锁之下运行（#2711）",
        file: "Merge.swift",
        changes: [
            "                self.parent.activeCount -= 1\n                return self.parent.shouldComplete\n            }\n            // Removing disposes the inner's subscription: its dispose closure is user code.\n            self.parent.group.remove(for: self.disposeKey)\n":
                "                self.parent.activeCount -= 1\n                self.parent.group.remove(for: self.disposeKey)\n                return self.parent.shouldComplete\n            }\n"
        ], onlyTheExplorer: .flatMapInnerCompletedTakesLock),
    // The demand act: the rules a publisher keeps, each broken once.
    Mutant(
        step: .rxDemo16, mistake: "a sequence that sends past its demand: it never counts an element off",
        chinese: "发送超出需求的序列：它从不为发出的元素扣减需求",
        file: "Sequence.swift", changes: ["                    pendingDemand -= 1\n": ""]),
    Mutant(
        step: .rxDemo16,
        mistake: "a request from inside receive recurses: the sequence starts a loop of its own inside receive",
        chinese: "在 receive 里发出的 request 递归了：序列在 receive 里面又开始一个自己的循环",
        file: "Sequence.swift", changes: ["            if recursion {\n                return\n            }\n": ""]),
    Mutant(
        step: .rxDemo16, mistake: "filter drops an element without asking upstream for another",
        chinese: "filter 丢掉一个元素，却不向上游再要一个",
        file: "Filter.swift", changes: ["            return .max(1)": "            return .none"]),
    Mutant(
        step: .rxDemo16, mistake: "a Future sends its value to a subscriber that has not asked for it",
        chinese: "Future 把值发给还没有要它的订阅者",
        file: "Future.swift",
        changes: ["            if case .success = result, !hasAnyDemand {\n                return\n            }\n": ""]
    ),
    Mutant(
        step: .rxDemo16,
        mistake: "the demand receive returns replaces what is outstanding instead of adding to it (= for +=)",
        chinese: "receive 返回的需求替换了尚未满足的需求，而不是加上去（把 += 写成了 =）",
        file: "Sequence.swift",
        changes: [
            "                    pendingDemand += additionalDemand\n":
                "                    pendingDemand = additionalDemand\n"
        ]),
    Mutant(
        step: .rxDemo16, mistake: "Just's subscription takes request(.none) as a request: it never checks for zero",
        chinese: "Just 的订阅把 request(.none) 当成一次请求：它从不检查零",
        file: "Just.swift",
        changes: [
            "            demand.assertNonZero()\n            guard let downstream = self.downstream else { return }\n            self.downstream = nil\n            _ = downstream.receive(value)\n":
                "            guard let downstream = self.downstream else { return }\n            self.downstream = nil\n            _ = downstream.receive(value)\n"
        ]),
    Mutant(
        step: .rxDemo16, mistake: "the sequence's cancel only marks it cancelled: it keeps its subscriber",
        chinese: "序列的 cancel 只是标记为已取消：它一直持有订阅者",
        file: "Sequence.swift",
        changes: [
            "        private var recursion = false\n":
                "        private var recursion = false\n        private var cancelled = false\n",
            "            guard downstream != nil else {\n": "            guard downstream != nil, !cancelled else {\n",
            "            while let downstream = self.downstream, pendingDemand > 0 {\n":
                "            while let downstream = self.downstream, !cancelled, pendingDemand > 0 {\n",
            "        func cancel() {\n            downstream = nil\n":
                "        func cancel() {\n            cancelled = true\n",
        ]),
    Mutant(
        step: .rxDemo16, mistake: "Just's cancel does nothing: a request after it still sends the value",
        chinese: "Just 的 cancel 什么也不做：之后的 request 仍然发出值",
        file: "Just.swift",
        changes: [
            "        func cancel() {\n            downstream = nil\n        }\n\n        var description: String { \"Just\" }":
                "        func cancel() {}\n\n        var description: String { \"Just\" }"
        ]),
    Mutant(
        step: .rxDemo16, mistake: "a Future's promise counts every call: a second call replaces the result",
        chinese: "Future 的 promise 每次调用都算数：第二次调用替换了结果",
        file: "Future.swift",
        changes: [
            "        guard self.result == nil else {\n            return\n        }\n        self.result = result":
                "        self.result = result"
        ]),
    Mutant(
        step: .rxDemo16, mistake: "sink takes a second subscription instead of cancelling it",
        chinese: "sink 接受了第二个订阅，而不是取消它",
        file: "Sink.swift",
        changes: [
            "            guard case .awaitingSubscription = status else {\n                subscription.cancel()\n                return\n            }\n            status = .subscribed(subscription)":
                "            status = .subscribed(subscription)"
        ]),
    // Step 17: subjects and sharing under demand, and the locks.
    Mutant(
        step: .rxDemo17,
        mistake: "a PassthroughSubject sends to a subscriber that has not asked: it never checks the demand",
        chinese: "PassthroughSubject 把值发给还没开口要的订阅者：它从不检查需求",
        file: "PassthroughSubject.swift",
        changes: [
            "            guard demand > 0, let downstream = self.downstream else {\n                lock.unlock()\n                return\n            }\n            demand -= 1\n":
                "            guard let downstream = self.downstream else {\n                lock.unlock()\n                return\n            }\n            if demand > 0 { demand -= 1 }\n"
        ]),
    Mutant(
        step: .rxDemo17, mistake: "a subject's completion goes only to the subscribers that have demand",
        chinese: "subject 的结束只发给有需求的订阅者",
        file: "PassthroughSubject.swift",
        changes: [
            "        override func finish(completion: Subscribers.Completion<Failure>) {\n            lock.lock()\n            guard let downstream = self.downstream else {":
                "        override func finish(completion: Subscribers.Completion<Failure>) {\n            lock.lock()\n            guard demand > 0, let downstream = self.downstream else {"
        ]),
    Mutant(
        step: .rxDemo17,
        mistake: "a PassthroughSubject forgets its completion: a subscriber after the end waits for ever",
        chinese: "PassthroughSubject 忘了自己的结束：结束之后才来的订阅者永远等下去",
        file: "PassthroughSubject.swift",
        changes: [
            "        if let completion = self.completion {\n            lock.unlock()\n            subscriber.receive(subscription: Subscriptions.empty)\n            subscriber.receive(completion: completion)\n            return\n        }\n":
                ""
        ]),
    Mutant(
        step: .rxDemo17, mistake: "a CurrentValueSubject sends its value at subscription, before anyone asked",
        chinese: "CurrentValueSubject 在订阅时就发出它的值，在任何人开口要之前",
        file: "CurrentValueSubject.swift",
        changes: [
            "        downstreams.insert(conduit)\n        lock.unlock()\n        subscriber.receive(subscription: conduit)\n":
                "        downstreams.insert(conduit)\n        let current = currentValue\n        lock.unlock()\n        subscriber.receive(subscription: conduit)\n        _ = subscriber.receive(current)\n"
        ]),
    Mutant(
        step: .rxDemo17,
        mistake: "a CurrentValueSubject's send does not keep the value: a first request gets the old one",
        chinese: "CurrentValueSubject 的 send 不保留值：第一次 request 得到的是旧值",
        file: "CurrentValueSubject.swift",
        changes: [
            "        currentValue = newValue\n        let downstreams = self.downstreams\n":
                "        let downstreams = self.downstreams\n"
        ]),
    Mutant(
        step: .rxDemo17, mistake: "multicast drops the demand its subscriber's receive returns",
        chinese: "multicast 丢掉了订阅者的 receive 返回的需求",
        file: "Multicast.swift",
        changes: [
            "            let newDemand = downstream.receive(input)\n            if newDemand > 0 {\n                subjectSubscription.request(newDemand)\n            }\n":
                "            _ = downstream.receive(input)\n"
        ]),
    Mutant(
        step: .rxDemo17, mistake: "autoconnect cancels its connection at the first cancel, not the last",
        chinese: "autoconnect 在第一个订阅者取消时就取消连接，而不是最后一个",
        file: "Autoconnect.swift", changes: ["                if refcount <= 1 {": "                if refcount >= 1 {"]
    ),
    Mutant(
        step: .rxDemo17,
        mistake: "multicast subscribes the subject to the upstream for each subscriber, not at connect()",
        chinese: "multicast 为每个订阅者把 subject 订阅到上游，而不是在 connect() 时",
        file: "Multicast.swift",
        changes: [
            "            lazySubject.subscribe(Inner(downstream: subscriber))\n":
                "            lazySubject.subscribe(Inner(downstream: subscriber))\n            _ = upstream.subscribe(lazySubject)\n"
        ]),
    Mutant(
        step: .rxDemo17,
        mistake:
            "the sequence calls receive with its lock held: a cancel from inside receive waits for that lock for ever",
        chinese: "序列持着自己的锁调用 receive：在 receive 里调用 cancel 会永远等这把锁",
        file: "Sequence.swift",
        changes: [
            "                    recursion = true\n                    lock.unlock()\n                    let additionalDemand = downstream.receive(current)\n                    lock.lock()\n":
                "                    recursion = true\n                    let additionalDemand = downstream.receive(current)\n"
        ], hangs: true),
    // Only the explorer shows it: one thread's programs cancel a sink once at a time, and a
    // real round seldom lands the second cancel between the two holds of the lock.
    Mutant(
        step: .rxDemo17,
        mistake:
            "Subscribers.Sink's cancel() reads its status and sets it under two holds of the lock: both cancels may pass",
        chinese: "Subscribers.Sink 的 cancel() 分两次持锁读取和设置状态：两次 cancel 可能都会通过",
        file: "Sink.swift",
        changes: [
            "        func cancel() {\n            lock.lock()\n            guard case .subscribed(let subscription) = status else {\n                lock.unlock()\n                return\n            }\n            status = .terminal\n":
                "        func cancel() {\n            lock.lock()\n            guard case .subscribed(let subscription) = status else {\n                lock.unlock()\n                return\n            }\n            lock.unlock()\n            lock.lock()\n            status = .terminal\n"
        ], onlyTheExplorer: .sinkCancelledTwice),
    // Step 18: flatMap under demand.
    Mutant(
        step: .rxDemo18,
        mistake: "flatMap asks each child for .unlimited and passes on everything it sends, as RxSwift's flatMap does",
        chinese: "flatMap 向每个子发布者要 .unlimited，把它发来的全部往下传，就像 RxSwift 的 flatMap",
        file: "FlatMap.swift",
        changes: [
            "            let demand: Subscribers.Demand = downstreamDemand == .unlimited ? .unlimited : .max(1)\n":
                "            let demand = Subscribers.Demand.unlimited\n",
            "        fileprivate func receiveInner(_ input: Child.Output, _ index: Int) -> Subscribers.Demand {\n            lock.lock()\n":
                "        fileprivate func receiveInner(_ input: Child.Output, _ index: Int) -> Subscribers.Demand {\n            deliver(input)\n            return .none\n        }\n\n        fileprivate func receiveInnerAsked(_ input: Child.Output, _ index: Int) -> Subscribers.Demand {\n            lock.lock()\n",
        ]),
    Mutant(
        step: .rxDemo18, mistake: "flatMap asks the upstream for .unlimited publishers, not for maxPublishers",
        chinese: "flatMap 向上游要 .unlimited 个发布者，而不是 maxPublishers 个",
        file: "FlatMap.swift",
        changes: ["            subscription.request(maxPublishers)\n": "            subscription.request(.unlimited)\n"]
    ),
    Mutant(
        step: .rxDemo18, mistake: "flatMap never asks the upstream for another publisher when a child finishes",
        chinese: "子发布者结束时，flatMap 从不向上游再要一个发布者",
        file: "FlatMap.swift",
        changes: [
            "                if !downstreamCompleted { requestOneMorePublisher() }\n":
                "                _ = downstreamCompleted\n"
        ]),
    Mutant(
        step: .rxDemo18, mistake: "flatMap finishes when the upstream finishes, with children still sending",
        chinese: "上游一结束 flatMap 就结束，子发布者还在发送",
        file: "FlatMap.swift",
        changes: [
            "            guard\n                !cancelledOrCompleted && outerFinished && buffer.isEmpty\n                    && children.count + pendingSubscriptions == 0\n":
                "            guard\n                !cancelledOrCompleted && outerFinished && buffer.isEmpty\n"
        ]),
    Mutant(
        step: .rxDemo18, mistake: "a buffered element delivered on request does not ask its child for the next one",
        chinese: "按 request 交出缓冲里的元素后，没有向它的子发布者再要下一个",
        file: "FlatMap.swift",
        changes: [
            "                    if let child {\n                        innerRecursive = true\n                        lock.unlock()\n                        child.request(.max(1))\n                        lock.lock()\n                        innerRecursive = false\n                    }\n":
                "                    _ = child\n"
        ]),
    Mutant(
        step: .rxDemo18, mistake: "a child that fails does not cancel the other children",
        chinese: "一个子发布者失败时，没有取消其他子发布者",
        file: "FlatMap.swift",
        changes: [
            "                for child in children where child.index != index { child.subscription.cancel() }\n":
                "                _ = children\n"
        ]),
    // Only the explorer shows these two: one thread's programs never fail and cancel at once.
    Mutant(
        step: .rxDemo18,
        mistake:
            "flatMap's cancel() takes the children under one hold of its lock and clears them under another: a failure in between cancels them too",
        chinese: "flatMap 的 cancel() 在一次持锁时取出子发布者，在另一次持锁时才清空：中间到来的失败也会取消它们",
        file: "FlatMap.swift",
        changes: [
            "            cancelledOrCompleted = true\n            let children = self.children\n            self.children = []\n            let outerSubscription = self.outerSubscription\n":
                "            cancelledOrCompleted = true\n            let children = self.children\n            lock.unlock()\n            lock.lock()\n            self.children = []\n            let outerSubscription = self.outerSubscription\n"
        ], onlyTheExplorer: .flatMapUpstreamFailsWhileCancelled),
    Mutant(
        step: .rxDemo18,
        mistake: "flatMap cancels its children with its lock held when the upstream fails, as OpenCombine does",
        chinese: "上游失败时，flatMap 持着锁取消子发布者，和 OpenCombine 一样",
        file: "FlatMap.swift",
        changes: [
            "                lock.unlock()\n                for child in children { child.subscription.cancel() }\n                if wasAlreadyCancelledOrCompleted { return }\n":
                "                for child in children { child.subscription.cancel() }\n                lock.unlock()\n                if wasAlreadyCancelledOrCompleted { return }\n"
        ], onlyTheExplorer: .flatMapUpstreamFailsWhileCancelled),
    // Step 19: switchToLatest under demand.
    Mutant(
        step: .rxDemo19, mistake: "switchToLatest never cancels the child before: it goes on working for nobody",
        chinese: "switchToLatest 从不取消前一个子发布者：它继续为没人听的订阅干活",
        file: "SwitchToLatest.swift",
        changes: [
            "                lock.unlock()\n                previous.cancel()\n":
                "                lock.unlock()\n                _ = previous\n"
        ]
    ),
    Mutant(
        step: .rxDemo19,
        mistake:
            "switchToLatest asks a new child for one element, not for all its subscriber asked for and did not get",
        chinese: "switchToLatest 只向新的子发布者要一个元素，而不是订阅者要过、还没收到的全部",
        file: "SwitchToLatest.swift",
        changes: [
            "            if demand > 0 { subscription.request(demand) }\n":
                "            if demand > 0 { subscription.request(.max(1)) }\n"
        ]),
    Mutant(
        step: .rxDemo19, mistake: "switchToLatest does not count what it delivers: a new child is asked for too much",
        chinese: "switchToLatest 不记下已经交出的元素：新的子发布者被要得太多",
        file: "SwitchToLatest.swift",
        changes: ["            downstreamDemand -= 1\n": ""]),
    Mutant(
        step: .rxDemo19, mistake: "a request is kept for the next child and never passed to the one running",
        chinese: "request 只留给下一个子发布者，从不转给正在运行的那个",
        file: "SwitchToLatest.swift",
        changes: [
            "            lock.unlock()\n            child?.request(demand)\n":
                "            lock.unlock()\n            _ = child\n"
        ]),
    Mutant(
        step: .rxDemo19,
        mistake: "switchToLatest finishes when the upstream finishes, with its latest child still sending",
        chinese: "上游一结束 switchToLatest 就结束，最新的子发布者还在发送",
        file: "SwitchToLatest.swift",
        changes: [
            "                if awaitingInnerSubscription || currentInnerSubscription != nil {\n":
                "                if awaitingInnerSubscription {\n"
        ]),
    Mutant(
        step: .rxDemo19, mistake: "a child that fails does not cancel the upstream",
        chinese: "子发布者失败时，没有取消上游",
        file: "SwitchToLatest.swift",
        changes: [
            "                lock.unlock()\n                upstream?.cancel()\n":
                "                lock.unlock()\n                _ = upstream\n"
        ]),
    Mutant(
        step: .rxDemo19,
        mistake: "switchToLatest asks the upstream for one publisher, as flatMap(maxPublishers: .max(1)) does",
        chinese: "switchToLatest 只向上游要一个发布者，就像 flatMap(maxPublishers: .max(1))",
        file: "SwitchToLatest.swift",
        changes: ["            subscription.request(.unlimited)\n": "            subscription.request(.max(1))\n"]),
    // Only the explorer shows these two: one thread's programs never cancel while a publisher comes.
    Mutant(
        step: .rxDemo19, mistake: "switchToLatest's cancel() cancels the child with its lock held",
        chinese: "switchToLatest 的 cancel() 持着锁取消子发布者",
        file: "SwitchToLatest.swift",
        changes: [
            "            let upstream = outerSubscription\n            outerSubscription = nil\n            lock.unlock()\n            child?.cancel()\n            upstream?.cancel()\n":
                "            let upstream = outerSubscription\n            outerSubscription = nil\n            child?.cancel()\n            lock.unlock()\n            upstream?.cancel()\n"
        ], onlyTheExplorer: .switchToLatestNextChildWhileCancelled),
    Mutant(
        step: .rxDemo19,
        mistake:
            "switchToLatest's receive(_:) reads the child before under one hold of its lock and clears it under another: a cancel in between cancels it too",
        chinese: "switchToLatest 的 receive(_:) 在一次持锁时读出前一个子发布者，在另一次持锁时才清空：中间到来的 cancel 也会取消它",
        file: "SwitchToLatest.swift",
        changes: [
            "            if let previous = currentInnerSubscription {\n                currentInnerSubscription = nil\n                lock.unlock()\n":
                "            if let previous = currentInnerSubscription {\n                lock.unlock()\n                lock.lock()\n                currentInnerSubscription = nil\n                lock.unlock()\n"
        ], onlyTheExplorer: .switchToLatestNextChildWhileCancelled),
    // Step 17's two faults, which step 19 mends, made again: only the explorer shows them.
    Mutant(
        step: .rxDemo19,
        mistake:
            "autoconnect stays disconnected until connect() returns, as in step 18: two first subscribers at once both connect",
        chinese: "autoconnect 在 connect() 返回之前一直是未连接状态，和第 18 步一样：两个同时到来的第一批订阅者都会连接",
        file: "Autoconnect.swift",
        changes: [
            "                state = .connecting(refcount: 1)\n                lock.unlock()\n                upstream.subscribe(inner)\n                let connection = upstream.connect()\n                lock.lock()\n                if case .connecting(let refcount) = state {\n                    state = .connected(refcount: refcount, connection: connection)\n                }\n":
                "                lock.unlock()\n                upstream.subscribe(inner)\n                let connection = upstream.connect()\n                lock.lock()\n                state = .connected(refcount: 1, connection: connection)\n"
        ], onlyTheExplorer: .autoconnectFirstSubscribersAtOnce),
    Mutant(
        step: .rxDemo19, mistake: "multicast creates its subject with its lock held, as in step 18",
        chinese: "multicast 持着锁创建它的 subject，和第 18 步一样",
        file: "Multicast.swift",
        changes: [
            "            lock.unlock()\n            let made = createSubject()\n            lock.lock()\n":
                "            let made = createSubject()\n"
        ], onlyTheExplorer: .multicastSubscribersShareOneSubject),
    // Step 20: buffer under demand.
    Mutant(
        step: .rxDemo20, mistake: "buffer asks the upstream for everything with keepFull too, as byRequest does",
        chinese: "keepFull 的 buffer 也向上游要无限多，和 byRequest 一样",
        file: "Buffer.swift",
        changes: [
            "            subscription.request(prefetch == .keepFull ? .max(size) : .unlimited)\n":
                "            subscription.request(.unlimited)\n"
        ]),
    Mutant(
        step: .rxDemo20, mistake: "keepFull never asks the upstream again: the buffer fills once, then starves",
        chinese: "keepFull 再也不向上游要：buffer 只装满一次，之后就断了粮",
        file: "Buffer.swift",
        changes: ["                    upstreamDemand += count\n": ""]),
    Mutant(
        step: .rxDemo20, mistake: "buffer sends everything it holds, past what its subscriber asked for",
        chinese: "buffer 把手里的全部送出，超过订阅者要的数量",
        file: "Buffer.swift",
        changes: [
            "                let count = downstreamDemand.max.map { min($0, values.count) } ?? values.count\n":
                "                let count = values.count\n"
        ]),
    Mutant(
        step: .rxDemo20, mistake: "a request from inside receive(_:) drains again, inside the loop that is sending",
        chinese: "在 receive(_:) 里调用的 request 再次清空缓冲，嵌套在正在发送的循环里",
        file: "Buffer.swift",
        changes: ["            guard !isDraining else { return }\n": "            _ = isDraining\n"]),
    Mutant(
        step: .rxDemo20, mistake: "dropOldest drops the newest buffered element instead of the oldest",
        chinese: "dropOldest 丢掉的是缓冲里最新的元素，不是最早的",
        file: "Buffer.swift",
        changes: ["                    values.removeFirst()\n": "                    values.removeLast()\n"]),
    Mutant(
        step: .rxDemo20, mistake: "customError sends the error at once, not when the subscriber next asks",
        chinese: "customError 立刻送出错误，而不是等订阅者下次要的时候",
        file: "Buffer.swift",
        changes: [
            "                    subscription.cancel()\n                    return .none\n":
                "                    subscription.cancel()\n                    return drain()\n"
        ]),
    Mutant(
        step: .rxDemo20, mistake: "a finish overtakes the buffer too, and the buffered elements are lost",
        chinese: "finished 也越过缓冲，缓冲的元素丢失",
        file: "Buffer.swift",
        changes: [
            "                guard downstreamDemand > .none else {\n                    if case .failure = terminal {\n":
                "                guard downstreamDemand > .none else {\n                    if terminal != nil {\n"
        ]),
    Mutant(
        step: .rxDemo20, mistake: "buffer's cancel() empties the buffer but leaves the upstream running",
        chinese: "buffer 的 cancel() 清空了缓冲，却让上游继续运行",
        file: "Buffer.swift",
        changes: [
            "            values = []\n            lock.unlock()\n            subscription.cancel()\n":
                "            values = []\n            lock.unlock()\n            _ = subscription\n"
        ]),
    Mutant(
        step: .rxDemo20,
        mistake: "buffer gives its subscriber the subscription before it asks the upstream",
        chinese: "buffer 先把订阅交给订阅者，再向上游要",
        file: "Buffer.swift",
        changes: [
            "            subscription.request(prefetch == .keepFull ? .max(size) : .unlimited)\n            downstream.receive(subscription: self)\n":
                "            downstream.receive(subscription: self)\n            subscription.request(prefetch == .keepFull ? .max(size) : .unlimited)\n"
        ]),
    // Step 21: merge under demand.
    Mutant(
        step: .rxDemo21, mistake: "merge asks each publisher for everything, not for one element at a time",
        chinese: "merge 向每个发布者要全部，而不是每次一个",
        file: "Merge.swift",
        changes: [
            "            let asked = demand == .unlimited ? demand : .max(1)\n":
                "            let asked = Subscribers.Demand.unlimited\n"
        ]),
    Mutant(
        step: .rxDemo21, mistake: "merge forgets to ask a publisher for its next element after passing one on",
        chinese: "merge 传下一个元素之后，忘了向那个发布者要下一个",
        file: "Merge.swift",
        changes: [
            "            pending = .none\n            lock.unlock()\n            return .max(1)\n":
                "            pending = .none\n            lock.unlock()\n            return .none\n"
        ]),
    Mutant(
        step: .rxDemo21, mistake: "merge does not count what it passes on: its subscriber gets more than it asked for",
        chinese: "merge 不记下已经传下去的元素：订阅者收到的比要的多",
        file: "Merge.swift",
        changes: [
            "            demand = more + pending + demand - 1\n": "            demand = more + pending + demand\n"
        ]),
    Mutant(
        step: .rxDemo21, mistake: "an element that comes unasked is dropped, not kept in its publisher's slot",
        chinese: "没人要就来了的元素被丢掉，而不是留在它的发布者的位置里",
        file: "Merge.swift",
        changes: ["                buffers[index] = input\n": "                _ = input\n"]),
    Mutant(
        step: .rxDemo21, mistake: "merge finishes when the first publisher finishes",
        chinese: "第一个发布者一结束，merge 就结束",
        file: "Merge.swift",
        changes: [
            "                guard upstreamFinished == count, buffers.allSatisfy({ $0 == nil }) else {\n":
                "                guard upstreamFinished >= 1, buffers.allSatisfy({ $0 == nil }) else {\n"
        ]),
    Mutant(
        step: .rxDemo21, mistake: "a failure from one publisher does not cancel the other",
        chinese: "一个发布者失败时，没有取消另一个",
        file: "Merge.swift",
        changes: [
            "                guard !wasTerminated else { return }\n                becomeTerminal()\n":
                "                guard !wasTerminated else { return }\n"
        ]),
    Mutant(
        step: .rxDemo21, mistake: "a request from inside receive(_:) is lost, not kept for when the call returns",
        chinese: "在 receive(_:) 里发出的 request 丢失了，而不是留到调用返回时再算",
        file: "Merge.swift",
        changes: [
            "            guard !recursive else {\n                pending += demand\n":
                "            guard !recursive else {\n"
        ]),
    Mutant(
        step: .rxDemo21, mistake: "a request for unlimited asks every publisher for one more, not for everything",
        chinese: "要 unlimited 时，只向每个发布者多要一个，而不是要全部",
        file: "Merge.swift",
        changes: [
            "                for subscription in subscriptions {\n                    subscription?.request(.unlimited)\n":
                "                for subscription in subscriptions {\n                    subscription?.request(.max(1))\n"
        ]),
    // The side step: what the article's own text warns about, forgotten.
    Mutant(
        step: .rxDemoSignal, mistake: "map forgets to keep its subscription in objects: the mapped signal goes quiet",
        chinese: "map 忘了把它的订阅保存进 objects：映射出的 signal 就此沉默",
        file: "Map.swift", changes: ["        signal.objects.append(dispose)\n": "        _ = dispose\n"]),
    Mutant(
        step: .rxDemoSignal, mistake: "Disposable without its deinit: letting go of it never unsubscribes",
        chinese: "没有 deinit 的 Disposable：放开它永远不会取消订阅",
        file: "Disposable.swift", changes: ["    deinit {\n        dispose()\n    }\n": ""]),
]
