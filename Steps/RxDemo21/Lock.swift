import Foundation

// MARK: - Lock

// Step 16's missing locks, under OpenCombine's names. Each is held only around the state it
// guards and let go before a call goes out to a subscriber or upstream: that code may call
// back in (a request from inside `receive`), and a lock held across it would deadlock or
// hold another thread for as long as the subscriber runs.
typealias UnfairLock = NSLock

// For the subject's conduit's downstream calls, which may come back to the same conduit on the
// same thread: a subscriber that sends to the subject it is receiving from.
typealias UnfairRecursiveLock = NSRecursiveLock
