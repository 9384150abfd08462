// MARK: - Buffer

extension ObservableType {
    // Collects elements into arrays: an array goes out when it holds `count` elements or when
    // `timeSpan` has passed since the last one went out, whichever comes first (an empty one
    // if nothing came); on completion the last, possibly empty, array, then completed.
    func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        BufferTimeCount(source: self.asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

final class BufferTimeCountSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [Element] {
    typealias Parent = BufferTimeCount<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    private var buffer: [Element] = []
    // Which window the current timer belongs to: a timer of a window sent early by `count`
    // finds a newer window and does nothing.
    private var windowID = 0
    private let timerD = SerialDisposable()

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        self.createTimer(self.windowID)
        return Disposables.create(self.timerD, self.parent.source.subscribe(self))
    }

    private func startNewWindowAndSendCurrentOne() {
        self.windowID = self.windowID &+ 1
        let windowID = self.windowID
        let buffer = self.buffer
        self.buffer = []
        self.forwardOn(.next(buffer))
        self.createTimer(windowID)
    }

    func on(_ event: Event<Element>) {
        self.lock.performLocked {
            switch event {
            case .next(let element):
                self.buffer.append(element)
                if self.buffer.count == self.parent.count {
                    self.startNewWindowAndSendCurrentOne()
                }
            case .error(let error):
                self.buffer = []
                self.forwardOn(.error(error))
                self.dispose()
            case .completed:
                self.forwardOn(.next(self.buffer))
                self.forwardOn(.completed)
                self.dispose()
            }
        }
    }

    private func createTimer(_ windowID: Int) {
        if self.timerD.isDisposed || self.windowID != windowID { return }
        let nextTimer = SingleAssignmentDisposable()
        self.timerD.disposable = nextTimer
        let disposable = self.parent.scheduler.scheduleRelative(windowID, dueTime: self.parent.timeSpan) {
            previousWindowID in
            self.lock.performLocked {
                if previousWindowID == self.windowID {
                    self.startNewWindowAndSendCurrentOne()
                }
            }
            return Disposables.create()
        }
        nextTimer.setDisposable(disposable)
    }
}

final class BufferTimeCount<Element>: Producer<[Element]> {
    let source: Observable<Element>
    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: SchedulerType

    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (
        sink: Disposable, subscription: Disposable
    ) where Observer.Element == [Element] {
        let sink = BufferTimeCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
