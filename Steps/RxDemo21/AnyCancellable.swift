// MARK: - AnyCancellable

// What `sink` and `assign` return. Unlike a Disposable, it cancels when it is freed: drop
// the token and the subscription ends, which is why programs keep it in a property or a set.
final class AnyCancellable: Cancellable, Hashable {
    private var _cancel: (() -> Void)?

    init(_ cancel: @escaping () -> Void) {
        _cancel = cancel
    }

    init<OtherCancellable: Cancellable>(_ canceller: OtherCancellable) {
        _cancel = canceller.cancel
    }

    // Runs the closure once; letting go of it also lets go of what it holds.
    func cancel() {
        _cancel?()
        _cancel = nil
    }

    static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    deinit {
        _cancel?()
    }
}

extension AnyCancellable {
    func store<Cancellables: RangeReplaceableCollection>(in collection: inout Cancellables)
    where Cancellables.Element == AnyCancellable {
        collection.append(self)
    }

    func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }
}
