// MARK: - TextField+Signal

// The article's binding: a new signal, fed by an observer that the signal keeps in `objects`.
// The observer's callback calls the sink; the sink holds the signal weakly, so the signal is
// freed with whoever holds it (without `[weak signal]` in `empty()`, never).
extension TextField {
    var signal: Signal<String> {
        let (sink, signal) = Signal<String>.empty()
        let observer = KeyValueObserver<String>(object: self) { str in
            sink(.success(str))
        }
        signal.objects.append(observer)
        return signal
    }
}
