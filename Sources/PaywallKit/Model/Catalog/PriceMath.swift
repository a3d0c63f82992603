#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        price * perYear(period.unit) / (Decimal(period.count) * perYear(unit))
    }

    /// The price of one `unit`, rounded down to the currency's minor unit (49.99/year → 4.16/month). Not memoized
    /// here: the resolver's cache keeps each product's per-unit prices in each locale.
    public static func price(_ price: Decimal, per unit: Period.Unit, for period: Period,
                             fractionDigits: Int) -> Decimal {
        roundDown(exactPrice(price, per: unit, for: period), fractionDigits)
    }

    /// `value` rounded toward minus infinity to `fractionDigits` places, with the digits `NSDecimalRound(_:_:_:.down)`
    /// gives (cut from its plain digits: FoundationEssentials has no rounding of its own).
    public static func roundDown(_ value: Decimal, _ fractionDigits: Int) -> Decimal {
        let text = plain(value)
        guard let point = text.firstIndex(of: "."),
              text.distance(from: point, to: text.endIndex) - 1 > fractionDigits else { return value }
        let end = fractionDigits <= 0 ? point : text.index(point, offsetBy: fractionDigits + 1)
        var result = Decimal(string: String(text[..<end])) ?? value
        if value < 0 && text[end...].contains(where: { $0 != "0" && $0 != "." }) {
            result -= Decimal(sign: .plus, exponent: -fractionDigits, significand: 1)
        }
        return result
    }

    /// Whole percent saved against `reference` (both per month), rounded down; nil below 1%. Not memoized here: the
    /// resolver's cache keeps the discounts of each set of options.
    public static func relativeDiscount(_ value: Decimal, comparedTo reference: Decimal) -> Int? {
        guard reference > 0, value < reference else { return nil }
        let whole = Int(plain(roundDown((reference - value) / reference * 100, 0))) ?? 0
        return whole >= 1 ? whole : nil
    }

    /// "49.99", "7800": a decimal as plain digits for the formatter (`description` writes "." and no grouping,
    /// as `NSDecimalString` does for en_US_POSIX, without making a Foundation locale).
    public static func plain(_ value: Decimal) -> String {
        DecimalDigits.layout.flatMap { $0.plain(value) } ?? value.description
    }
}
