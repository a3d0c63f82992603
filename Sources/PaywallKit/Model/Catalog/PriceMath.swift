/// Exact price arithmetic on `Money`: per-unit equivalents rounded down, relative discounts.
public enum PriceMath {
    /// How many of each unit fit in a year; a month is 1/12 year, a week 1/52, a day 1/365.
    static func perYear(_ unit: Period.Unit) -> Int128 {
        switch unit {
        case .day: 365
        case .week: 52
        case .month: 12
        case .year: 1
        }
    }

    /// The unrounded price of one `unit` when `price` buys `period`.
    public static func exactPrice(_ price: Money, per unit: Period.Unit, for period: Period) -> ExactCost {
        ExactCost(Int128(price.minorUnits) * perYear(period.unit), over: Int128(period.count) * perYear(unit),
                  digits: price.digits, currency: price.currency)
    }

    /// The price of one `unit`, rounded down to `fractionDigits`, the currency's minor unit (49.99/year →
    /// 4.16/month).
    public static func price(_ price: Money, per unit: Period.Unit, for period: Period,
                             fractionDigits: Int) -> Money {
        exactPrice(price, per: unit, for: period).roundedDown(toDigits: fractionDigits)
    }

    /// Whole percent saved against `reference` (both per month), rounded down; nil below 1%.
    public static func relativeDiscount(_ value: ExactCost, comparedTo reference: ExactCost) -> Int? {
        value.percentSaved(against: reference).flatMap { $0 >= 1 ? $0 : nil }
    }
}
