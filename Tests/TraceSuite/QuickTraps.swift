import Foundation

// MARK: - A trap without the backtrace nobody reads

// A trap in step code (`fatalError`, a failed precondition, a nil unwrapped, a failed `as!`),
// in a child that runs scenarios, generated programs or shape checks: the runtime has printed
// its message, which is all such a crash's report quotes (`crashAdvice`), and the backtracer's
// symbolicated stacks of every thread cost a tenth of a second a crash, seconds for a mistake
// that crashes most scenarios. Such a child dies of its signal at once, as it would have after
// the backtrace. The watchdog's own trap still gets the backtracer, whose stacks say where
// each thread stood; so do the thread scenarios' children, whose report names the crashing
// line from the backtrace (`crashReport`), which install none of this.
public enum QuickTraps {
    // In the child, before it runs step code.
    public static func install() { _ = installed }

    #if os(Linux)
        nonisolated(unsafe) private static var previousIllegal = sigaction()
        nonisolated(unsafe) private static var previousTrap = sigaction()

        private static let installed: Void = {
            // The signal's default action would write a core file where the limit allows one.
            var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
            var action = sigaction()
            // Back to the default action as the signal arrives: the trapping instruction runs
            // again on return and the child dies of it.
            action.sa_flags = SA_SIGINFO | Int32(bitPattern: UInt32(SA_RESETHAND))
            action.__sigaction_handler.sa_sigaction = { signal, _, _ in
                // The watchdog's trap: the backtracer's handler takes it when it runs again.
                guard Watchdog.isFiring else { return }
                if signal == SIGILL {
                    sigaction(signal, &QuickTraps.previousIllegal, nil)
                } else {
                    sigaction(signal, &QuickTraps.previousTrap, nil)
                }
            }
            sigaction(SIGILL, &action, &previousIllegal)
            sigaction(SIGTRAP, &action, &previousTrap)
        }()
    #else
        // Elsewhere the backtracer reports every trap, as before.
        private static let installed: Void = ()
    #endif
}
