import Foundation
import Synchronization

/// Exact price arithmetic on `Decimal`: per-unit equivalents rounded down, relative discounts.
public enum PriceMath {
    /// How many of each unit fit in a year; a month is 1/12 year, a week 1/52, a day 1/365.
    static func perYear(_ unit: Period.Unit) -> Decimal {
        switch unit {
        case .day: 365
        case .week: 52
        case .month: 12
        case .year: 1
        }
    }

    /// The unrounded price of one `unit` when `price` buys `period`.
    public static func exactPrice(_ price: Decimal, per unit: Period.Unit, for period: Period) -> Decimal {
        let key = PerUnitKey(price: price, unit: unit, period: period, digits: -1)
        if let known = perUnit.withLock({ $0[key] }) { return known }
        let value = price * perYear(period.unit) / (Decimal(period.count) * perYear(unit))
        perUnit.withLock { $0[key] = value }
        return value
    }

    /// The price of one `unit`, rounded down to the currency's minor unit (49.99/year → 4.16/month).
    public static func price(_ price: Decimal, per unit: Period.Unit, for period: Period, fractionDigits: Int) -> Decimal {
        let key = PerUnitKey(price: price, unit: unit, period: period, digits: fractionDigits)
        if let known = perUnit.withLock({ $0[key] }) { return known }
        let value = roundDown(exactPrice(price, per: unit, for: period), fractionDigits)
        perUnit.withLock { $0[key] = value }
        return value
    }

    /// Decimal division is slow and a site asks for the same few per-unit prices on every page
    /// (`digits` -1: the exact quotient).
    private struct PerUnitKey: Hashable {
        var price: Decimal
        var unit: Period.Unit
        var period: Period
        var digits: Int
    }
    private static let perUnit = Mutex<[PerUnitKey: Decimal]>([:])

    public static func roundDown(_ value: Decimal, _ fractionDigits: Int) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, fractionDigits, .down)
        return result
    }

    /// Whole percent saved against `reference` (both per month), rounded down; nil below 1%.
    public static func relativeDiscount(_ value: Decimal, comparedTo reference: Decimal) -> Int? {
        guard reference > 0, value < reference else { return nil }
        let key = DiscountKey(value: value, reference: reference)
        let whole = discounts.withLock({ $0[key] }) ?? {
            let whole = NSDecimalNumber(decimal: roundDown((reference - value) / reference * 100, 0)).intValue
            discounts.withLock { $0[key] = whole }
            return whole
        }()
        return whole >= 1 ? whole : nil
    }

    private struct DiscountKey: Hashable {
        var value: Decimal
        var reference: Decimal
    }
    private static let discounts = Mutex<[DiscountKey: Int]>([:])

    /// "49.99", "7800": a decimal as plain digits for the formatter (`description` writes "." and no grouping,
    /// as `NSDecimalString` does for en_US_POSIX, without making a Foundation locale).
    public static func plain(_ value: Decimal) -> String {
        value.description
    }
}
