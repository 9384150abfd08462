import Foundation

// MARK: - Demo

// The article's examples in its order, with its printed output. Its network calls waited on
// `DispatchQueue.main.asyncAfter`; here they wait on a virtual clock that the demo runs.

// A clock that runs scheduled work in order of time, with no waiting.
final class VirtualClock {
    private var now = 0
    private var queue: [(time: Int, order: Int, work: () -> Void)] = []

    func after(_ delay: Int, _ work: @escaping () -> Void) {
        queue.append((now + delay, queue.count, work))
    }

    func run() {
        while let next = queue.min(by: { ($0.time, $0.order) < ($1.time, $1.order) }) {
            queue.removeAll { $0.time == next.time && $0.order == next.order }
            now = next.time
            next.work()
        }
    }
}
let clock = VirtualClock()
