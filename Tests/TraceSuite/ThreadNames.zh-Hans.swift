// The Chinese of every thread scenario's and explored scenario's name (the English sentence,
// `rawValue`, stays the key). A new case without its Chinese does not compile.
extension ThreadScenarioID {
    public var chineseName: String {
        switch self {
        case .disposeRacingCompleted: "一个线程发出 completed，同时另一个线程执行 dispose()"
        case .twoDisposesAtOnce: "两个线程同时执行 dispose()"
        case .subjectSendsWhileObserversChange: "Subject 在一个线程上发送，观察者在另一个线程上来来去去，随后那个线程释放 Subject"
        case .handlerWaitsForAnotherThread: "观察者的处理闭包等待另一个线程，而那个线程要访问 Subject"
        case .hotSourceSendsWhileSubscribersChange: "“热”事件源在一个线程上发送，订阅者在另一个线程上来来去去"
        case .elementsRacingDispose: "一个线程发送元素，同时另一个线程执行 dispose()"
        case .elementRacingCompleted: "两个线程同时向同一个 AnonymousObserver 发送一个元素和 completed"
        case .anonymousDisposableTwice: "两个线程同时释放 Disposables.create(with:) 创建的 Disposable"
        case .binaryDisposableTwice: "两个线程同时释放 Disposables.create(a, b)"
        case .bagFromTwoThreads: "两个线程把订阅放进同一个 DisposeBag，随后它被释放"
        case .askedWhileObserversChange: "一个线程调用 hasObservers 和 value()，观察者在另一个线程上来来去去，随后那个线程释放 Subject"
        case .valueRacingOnNext: "一个线程调用 value()，同时另一个线程在执行 onNext"
        case .observeOnQueueRacingDispose: "observe(on:) 一个 dispatch 队列：元素来自一个线程，仍有元素在排队时另一个线程调用 dispose()"
        case .subscribeOnQueue: "subscribe(on:) 一个串行队列：事件生成器和它的释放闭包都在那个队列上运行"
        case .shareFirstSubscribersAtOnce: "两个线程同时作为第一个订阅者订阅同一个 share()：事件生成器只运行一次"
        case .flatMapInnersFromTwoThreads: "flatMap：两个内部序列同时从两个线程发送：每个元素都能到达，completed 只有一次，而且一次一个"
        case .hooksReplacedWhileErrorsArrive: "一个线程替换 Hooks.defaultErrorHandler，同时未处理的错误在另一个线程上到达它"
        case .valuesEveryElement: "values：循环拿到每一个元素，在可观察序列完成时结束"
        case .valuesThrowsError: "values：可观察序列的错误结束循环，并被抛出"
        case .valuesLeftEarly: "values：提前离开循环会释放订阅"
        case .valuesCancelledBeforeAnElement: "values：在任何元素到来之前取消任务，会结束循环并释放订阅；不留下任何存活的对象"
        case .valuesBuffersForASlowConsumer: "values：比可观察序列慢的消费者仍然按顺序拿到每一个元素（流把它们全部缓冲起来）"
        case .singleValueRacingCancellation: "Single 的 value：与任务的取消相竞争的一次成功，恰好只恢复 await 一次"
        case .valuesCompletionRacingCancellation: "values：completed 与循环的取消相竞争，无论哪个先到，循环都只结束一次，订阅也只释放一次"
        case .asObservableDisposeCancelsTheTask: "AsyncSequence 的 asObservable()：释放会取消运行循环的任务"
        case .asObservableLoopsOnATaskOfItsOwn: "AsyncSequence 的 asObservable()：循环在自己的任务里运行，绝不在 subscribe 内部"
        case .createWorkCancelledByDispose:
            "Single.create(work:)：工作进行中释放订阅会取消它的任务；什么都不发送，任务结束并放开这个工作闭包"
        case .createWorkThrowsCancellation: "Single.create(work:)：工作闭包自己抛出 CancellationError 时，Single 以这个错误失败"
        case .createWorkInheritsWhatItShould:
            "Single.create(detached:priority:work:)：工作闭包以要求的优先级运行；不是 detached 时，带着订阅者的任务局部值"
        case .bridgeOnTheMainActor:
            "主 actor 上的桥接：遍历 values、订阅 asObservable()、等待 Single 的 value，都不阻塞主线程"
        case .requestWhileSequenceSends: "Publishers.Sequence 在一个线程上发送，另一个线程同时请求更多：每个元素一次、按顺序、一次一个"
        case .sinkCancelledTwiceAtOnce: "两个线程同时取消 Subscribers.Sink：它的上游只被取消一次"
        case .futurePromisedWhileSubscribersCome: "Future 在一个线程上兑现承诺，订阅者在另一个线程上到来：每个订阅者都收到一次值，然后是 finished"
        case .subjectSendsWhileSubscribersCome:
            "PassthroughSubject 在一个线程上发送，订阅者在另一个线程上来来去去：每个订阅者收到的值都各一次、按顺序"
        case .subjectSendsWhileItsSubscriberCancels:
            "PassthroughSubject 在一个线程上发送，它的订阅者在另一个线程上取消：没有重复收到的值，两边都结束后也不再收到任何东西"
        case .flatMapChildrenSendFromTwoThreads:
            "flatMap 的两个子发布者在两个线程上同时发送：每个元素一次，各自按顺序，一次一个 receive"
        case .switchToLatestSwitchesWhileChildSends:
            "switchToLatest 的子发布者在一个线程上发送，下一个发布者在另一个线程上到来：先是前一个的一段连续元素，然后是下一个的全部，一次一个 receive"
        }
    }
}

extension InterleavingScenarioID {
    public var chineseName: String {
        switch self {
        case .disposeTwice: "两个线程对同一个订阅执行 dispose()，穷举每一种交错"
        case .anonymousDisposeTwice: "两个线程释放 Disposables.create(with:) 创建的 Disposable，穷举每一种交错"
        case .binaryDisposeTwice: "两个线程释放 Disposables.create(a, b)，穷举每一种交错"
        case .completedRacingDispose: "一个线程发出 completed，同时另一个线程执行 dispose()，穷举每一种交错"
        case .subscribeRacingCompleted: "一个线程给 PublishSubject 添加订阅者，同时另一个线程让它完成，穷举每一种交错"
        case .subscribeRacingNewValue: "一个线程给 BehaviorSubject 添加订阅者，同时另一个线程给它发送一个值，穷举每一种交错"
        case .publishHandlerTakesLock: "PublishSubject 的处理闭包去拿一把锁，而持有这把锁的另一个线程正在访问这个 Subject，穷举每一种交错"
        case .behaviorHandlerTakesLock: "BehaviorSubject 的处理闭包去拿一把锁，而持有这把锁的另一个线程正在访问这个 Subject，穷举每一种交错"
        case .shareFirstSubscribers: "两个线程都作为第一个订阅者订阅同一个 share()，穷举每一种交错"
        case .shareSubscribeRacingDispose: "share() 的最后一个订阅者在一个线程上离开，同时新订阅者在另一个线程上到来，穷举每一种交错"
        case .refCountSubscribeRacingDispose: "publish().refCount() 的最后一个订阅者在一个线程上离开，同时新订阅者在另一个线程上到来，穷举每一种交错"
        case .replaySubscribeRacingNewValue: "一个 ReplaySubject 在一个线程上获得订阅者，同时另一个线程向它发送一个值，穷举每一种交错"
        case .shareReplayHandlerTakesLock: "share(replay: 1) 的迟到订阅者的处理闭包要拿一把锁，而另一个线程正持有这把锁去订阅，穷举每一种交错"
        case .replayHandlerTakesLock: "ReplaySubject 的迟到订阅者的处理闭包要拿一把锁，而另一个线程正持有这把锁去订阅，穷举每一种交错"
        case .connectGeneratorTakesLock: "publish() 的事件生成器要拿一把锁，而另一个线程正持有这把锁去订阅，此时 connect() 正在运行，穷举每一种交错"
        case .flatMapInnerRacingSourceCompleted: "flatMap 的内部序列在一个线程上完成，同时它的源序列在另一个线程上完成，穷举每一种交错"
        case .ambFirstElements: "amb 的两个源序列同时发出第一个元素，穷举每一种交错"
        case .singleValueSuccessRacingFailure:
            "Single 的 value：两个线程同时发出成功和失败，await 恰好恢复一次，恢复时不持有任何锁，穷举每一种交错"
        case .flatMapTeardownTakesLock: "一个 flatMap 在一个线程上失败，它的内部序列的释放闭包要拿一把锁，而另一个线程正持有这把锁向源发送元素，穷举每一种交错"
        case .flatMapInnerCompletedTakesLock:
            "一个 flatMap 的内部序列在一个线程上完成，它的释放闭包要拿一把锁，而另一个线程正持有这把锁向源发送元素，穷举每一种交错"
        case .sequenceRequestsFromTwoThreads: "Publishers.Sequence：两个线程同时请求，穷举每一种交错：每个元素一次、按顺序、一次一个 receive"
        case .sinkCancelledTwice: "两个线程取消同一个 Sink，穷举每一种交错：它的上游只被取消一次"
        case .futurePromisedWhileSubscribing: "Future 在一个线程上兑现承诺，订阅者在另一个线程上到来，穷举每一种交错：它收到一次值，然后是 finished"
        case .subjectSendRacingCancel: "PassthroughSubject 在一个线程上发送，它的订阅者在另一个线程上取消，穷举每一种交错：值至多到达一次，之后什么也没有"
        case .autoconnectFirstSubscribersAtOnce: "两个线程同时作为第一个订阅者订阅同一个 share()，穷举每一种交错：上游只被订阅一次"
        case .multicastSubscribersShareOneSubject:
            "两个线程同时作为第一个订阅者订阅同一个 multicast { … }，穷举每一种交错：两者都在 connect() 连接的那个 subject 上"
        case .flatMapChildrenSendAtOnce:
            "同一个 flatMap 的两个子发布者在只有一个元素的需求时同时发送，穷举每一种交错：一个传下去，另一个等下一次 request"
        case .flatMapUpstreamFailsWhileCancelled:
            "flatMap 的上游在一个线程上失败，它的订阅者在另一个线程上取消，穷举每一种交错：子发布者只被取消一次，取消时不持有锁"
        case .switchToLatestNextChildWhileCancelled:
            "switchToLatest 在一个线程上收到下一个发布者，它的订阅者在另一个线程上取消，穷举每一种交错：每个子发布者只被取消一次，取消时不持有锁"
        }
    }
}
