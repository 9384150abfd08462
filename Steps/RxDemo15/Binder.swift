// MARK: - Binder

// The observer a UI property is bound with: it holds its target weakly (a binding never
// keeps a screen alive), applies each element on the main scheduler, and cannot be handed an
// error (a debug build stops: an error reaching a label is a bug upstream).
struct Binder<Value>: ObserverType {
    typealias Element = Value

    private let binding: (Event<Value>) -> Void

    init<Target: AnyObject>(
        _ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void
    ) {
        self.binding = { [weak target] event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { [weak target] element in
                    if let target {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                rxFatalErrorInDebug("Binding error: \(error)")
            case .completed:
                break
            }
        }
    }

    func on(_ event: Event<Value>) {
        self.binding(event)
    }

    func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: self.on)
    }
}
