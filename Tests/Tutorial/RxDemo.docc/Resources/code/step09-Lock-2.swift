import Foundation

// MARK: - Lock

// RxSwift's lock for state that one thread may touch again while it holds it (an observer
// that subscribes to the subject it is being called from).
typealias RecursiveLock = NSRecursiveLock
