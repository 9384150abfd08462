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

extension ObservableType {
    // The common cases have classes of their own; the others are multicast + refCount.
    func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            switch replay {
            case 0: return self.multicast(PublishSubject()).refCount()
            default: return self.multicast(ReplaySubject.create(bufferSize: replay)).refCount()
            }
        case .whileConnected:
            switch replay {
            case 0: return ShareWhileConnected(source: self.asObservable())
            case 1: return ShareReplay1WhileConnected(source: self.asObservable())
            default: return self.multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
            }
        }
    }
}
