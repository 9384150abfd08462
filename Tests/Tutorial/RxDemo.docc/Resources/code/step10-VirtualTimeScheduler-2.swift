import Foundation

// MARK: - VirtualTimeScheduler

enum VirtualTimeComparison {
    case lessThan
    case equal
    case greaterThan
}
