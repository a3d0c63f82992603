/// A subscription or offer period: an ISO 8601 duration such as `P1W`, `P3M`, `P1Y`.
public struct Period: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable {
        case day, week, month, year
    }

    public var count: Int
    public var unit: Unit

    public init(_ count: Int, _ unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// Parses `P1W`, `P3M`, `P1Y`, `P3D`; nil for anything else.
    public init?(iso8601 text: String) {
        guard text.count >= 3, text.first == "P", let count = Int(text.dropFirst().dropLast()), count > 0
        else { return nil }
        switch text.last {
        case "D": self.init(count, .day)
        case "W": self.init(count, .week)
        case "M": self.init(count, .month)
        case "Y": self.init(count, .year)
        default: return nil
        }
    }

    public var description: String {
        "P\(count)\(["day": "D", "week": "W", "month": "M", "year": "Y"][unit.rawValue]!)"
    }

    /// How long App Store subscriptions may renew for: 1 week, 1, 2, 3 or 6 months, or 1 year.
    public static let renewalPeriods: [Period] = [Period(1, .week), Period(1, .month), Period(2, .month),
                                                  Period(3, .month), Period(6, .month), Period(1, .year)]

    /// The length in days (a month as 31, a year as 366: an upper bound, for limits).
    public var maximumDays: Int {
        let perUnit = switch unit { case .day: 1; case .week: 7; case .month: 31; case .year: 366 }
        let (days, overflow) = count.multipliedReportingOverflow(by: perUnit)
        return overflow ? .max : days
    }

    /// The length in months, for per-month prices (a week is 12/52 of a month, a day 12/365).
    public var months: Double {
        switch unit {
        case .day: Double(count) * 12 / 365
        case .week: Double(count) * 12 / 52
        case .month: Double(count)
        case .year: Double(count) * 12
        }
    }
}
