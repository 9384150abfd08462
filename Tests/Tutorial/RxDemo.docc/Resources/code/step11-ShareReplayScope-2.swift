import Foundation

// MARK: - share(replay:scope:)

// How long the replay buffer lives. `.whileConnected`: one subject per connection, so a
// subscriber after the last one left (or after the source ended) starts afresh and gets no
// stale elements. `.forever`: one subject for good, so it replays what the earlier
// connection left before the source is subscribed again.
enum SubjectLifetimeScope {
    case whileConnected
    case forever
}
