// MARK: - Demand

// The namespace of the subscribers (`Sink`, `Assign`) and of what they exchange.
enum Subscribers {}

extension Subscribers {
    // How many values a subscriber still accepts: a count, or `unlimited`. It only adds up:
    // a subscriber cannot take back what it asked for, so the arithmetic saturates at
    // `unlimited`, and a count below zero is a programming error.
    struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible {
        // `unlimited` is one past Int.max, so that every count fits below it.
        private let rawValue: UInt

        private init(rawValue: UInt) {
            self.rawValue = min(UInt(Int.max) + 1, rawValue)
        }

        static let unlimited = Demand(rawValue: .max)

        static let none = Demand(rawValue: .zero)

        static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "Demand cannot be negative")
            return Demand(rawValue: UInt(value))
        }

        var description: String {
            if self == .unlimited {
                return "unlimited"
            } else {
                return "max(\(rawValue))"
            }
        }

        // MARK: Arithmetic: `unlimited` absorbs, an overflow becomes `unlimited`, an
        // underflow `none`; a result below zero without overflow traps in `max(_:)`.

        static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited {
                return .unlimited
            } else {
                if rhs == .unlimited {
                    return .unlimited
                } else {
                    let lhsValue: Int = numericCast(lhs.rawValue)
                    let rhsValue: Int = numericCast(rhs.rawValue)
                    let r = lhsValue.addingReportingOverflow(rhsValue)
                    if r.overflow {
                        return .unlimited
                    } else {
                        return .max(r.partialValue)
                    }
                }
            }
        }

        static func += (lhs: inout Demand, rhs: Demand) {
            if lhs == .unlimited { return }
            lhs = lhs + rhs
        }

        static func + (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited {
                return .unlimited
            } else {
                let lhsValue: Int = numericCast(lhs.rawValue)
                let r = lhsValue.addingReportingOverflow(rhs)
                if r.overflow {
                    return .unlimited
                } else {
                    return .max(r.partialValue)
                }
            }
        }

        static func += (lhs: inout Demand, rhs: Int) {
            lhs = lhs + rhs
        }

        static func * (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited {
                return .unlimited
            } else {
                let lhsValue: Int = numericCast(lhs.rawValue)
                let r = lhsValue.multipliedReportingOverflow(by: rhs)
                if r.overflow {
                    return .unlimited
                } else {
                    return .max(r.partialValue)
                }
            }
        }

        static func *= (lhs: inout Demand, rhs: Int) {
            lhs = lhs * rhs
        }

        // Taking `unlimited` away from a count leaves nothing; from `unlimited`, nothing changes.
        static func - (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited {
                return .unlimited
            } else {
                if rhs == .unlimited {
                    return .none
                } else {
                    let lhsValue: Int = numericCast(lhs.rawValue)
                    let rhsValue: Int = numericCast(rhs.rawValue)
                    let r = lhsValue.subtractingReportingOverflow(rhsValue)
                    if r.overflow {
                        return .max(0)
                    } else {
                        return .max(r.partialValue)
                    }
                }
            }
        }

        static func -= (lhs: inout Demand, rhs: Demand) {
            lhs = lhs - rhs
        }

        static func - (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited {
                return .unlimited
            } else {
                let lhsValue: Int = numericCast(lhs.rawValue)
                let r = lhsValue.subtractingReportingOverflow(rhs)
                if r.overflow {
                    return .max(0)
                } else {
                    return .max(r.partialValue)
                }
            }
        }

        static func -= (lhs: inout Demand, rhs: Int) {
            if lhs == .unlimited { return }
            lhs = lhs - rhs
        }

        // MARK: Comparison with a count: `unlimited` is above every Int.

        static func > (lhs: Demand, rhs: Int) -> Bool {
            if lhs == .unlimited {
                return true
            } else {
                return numericCast(lhs.rawValue) > rhs
            }
        }

        static func >= (lhs: Demand, rhs: Int) -> Bool {
            if lhs == .unlimited {
                return true
            } else {
                return numericCast(lhs.rawValue) >= rhs
            }
        }

        static func > (lhs: Int, rhs: Demand) -> Bool {
            if rhs == .unlimited {
                return false
            } else {
                return lhs > numericCast(rhs.rawValue)
            }
        }

        static func >= (lhs: Int, rhs: Demand) -> Bool {
            if rhs == .unlimited {
                return false
            } else {
                return lhs >= numericCast(rhs.rawValue)
            }
        }

        static func < (lhs: Demand, rhs: Int) -> Bool {
            if lhs == .unlimited {
                return false
            } else {
                return numericCast(lhs.rawValue) < rhs
            }
        }

        static func < (lhs: Int, rhs: Demand) -> Bool {
            if rhs == .unlimited {
                return true
            } else {
                return lhs < numericCast(rhs.rawValue)
            }
        }

        static func <= (lhs: Demand, rhs: Int) -> Bool {
            if lhs == .unlimited {
                return false
            } else {
                return numericCast(lhs.rawValue) <= rhs
            }
        }

        static func <= (lhs: Int, rhs: Demand) -> Bool {
            if rhs == .unlimited {
                return true
            } else {
                return lhs <= numericCast(rhs.rawValue)
            }
        }

        // MARK: Comparison of two demands.

        static func < (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs, rhs) {
            case (.unlimited, .unlimited):
                return false
            case (.unlimited, _):
                return false
            case (_, .unlimited):
                return true
            default:
                return lhs.rawValue < rhs.rawValue
            }
        }

        static func <= (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs, rhs) {
            case (.unlimited, .unlimited):
                return true
            case (.unlimited, _):
                return false
            case (_, .unlimited):
                return true
            default:
                return lhs.rawValue <= rhs.rawValue
            }
        }

        static func >= (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs, rhs) {
            case (.unlimited, .unlimited):
                return true
            case (.unlimited, _):
                return true
            case (_, .unlimited):
                return false
            default:
                return lhs.rawValue >= rhs.rawValue
            }
        }

        static func > (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs, rhs) {
            case (.unlimited, .unlimited):
                return false
            case (.unlimited, _):
                return true
            case (_, .unlimited):
                return false
            default:
                return lhs.rawValue > rhs.rawValue
            }
        }

        // MARK: Equality with a count: `unlimited` equals none.

        static func == (lhs: Demand, rhs: Int) -> Bool {
            if lhs == .unlimited {
                return false
            } else {
                return numericCast(lhs.rawValue) == rhs
            }
        }

        static func != (lhs: Demand, rhs: Int) -> Bool {
            if lhs == .unlimited {
                return true
            } else {
                return numericCast(lhs.rawValue) != rhs
            }
        }

        static func == (lhs: Int, rhs: Demand) -> Bool {
            if rhs == .unlimited {
                return false
            } else {
                return rhs.rawValue == lhs
            }
        }

        static func != (lhs: Int, rhs: Demand) -> Bool {
            if rhs == .unlimited {
                return true
            } else {
                return Int(rhs.rawValue) != lhs
            }
        }

        // The count, or nil for `unlimited`.
        var max: Int? {
            if self == .unlimited {
                return nil
            } else {
                return numericCast(rawValue)
            }
        }

        // Encoded as its raw number (`unlimited` as Int.max + 1).
        init(from decoder: Decoder) throws {
            try self.init(rawValue: decoder.singleValueContainer().decode(UInt.self))
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        static func == (lhs: Demand, rhs: Demand) -> Bool {
            lhs.rawValue == rhs.rawValue
        }
    }
}

extension Subscribers.Demand: Sendable {}

extension Subscribers.Demand {
    // Asking for nothing is a bug in the subscriber: the publishers that check it trap.
    func assertNonZero() {
        precondition(self != 0)
    }
}
