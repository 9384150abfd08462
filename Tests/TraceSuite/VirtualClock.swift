// A clock that only moves when `run` says so: "dispose at 2, complete at 3" happens
// instantly and in a fixed order, with no sleeps and no real timers.
public final class VirtualClock: Timeline {
    private struct Scheduled {
        let time: Int
        let order: Int
        let action: () -> Void
    }

    public private(set) var now = 0
    private var queue: [Scheduled] = []
    private var scheduledSoFar = 0

    public init() {}

    // Actions due at the same time run in the order they were scheduled.
    public func schedule(at time: Int, _ action: @escaping () -> Void) {
        precondition(time >= now, "cannot schedule in the past (t=\(time), now t=\(now))")
        queue.append(Scheduled(time: time, order: scheduledSoFar, action: action))
        scheduledSoFar += 1
    }

    // Runs every action, including those scheduled while running, then forgets them all,
    // so the clock keeps nothing alive afterwards.
    public func run() {
        while let next = queue.min(by: { ($0.time, $0.order) < ($1.time, $1.order) }) {
            queue.removeAll { $0.order == next.order }
            now = next.time
            next.action()
        }
    }
}

// What a scenario's times run on: the harness's own clock, or (from step 10) the step's own
// virtual-time scheduler, so that its timers and the scenario's script share one clock.
public protocol Timeline: AnyObject {
    var now: Int { get }
    func schedule(at time: Int, _ action: @escaping () -> Void)
    func run()
}

// The step's scheduler as a timeline: whole seconds since it started.
final class StepTimeline<Stream>: Timeline {
    let handle: VirtualTimeHandle<Stream>

    init(_ handle: VirtualTimeHandle<Stream>) { self.handle = handle }

    var now: Int { handle.now() }
    func schedule(at time: Int, _ action: @escaping () -> Void) { handle.schedule(time, action) }
    func run() { handle.run() }
}
