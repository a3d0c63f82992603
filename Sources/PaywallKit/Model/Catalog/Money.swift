/// An exact amount of money: a whole number of a currency's minor units (49.99 USD is 4999 cents, 7800 JPY is 7800
/// yen, 12.345 KWD is 12345 fils). Equal amounts of one currency are equal values: `digits` is the currency's
/// minor-unit digits unless the price was written with more (which the loaders refuse where the currency is known).
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The amount in units of 10^-`digits` of the currency.
    public var minorUnits: Int64
    /// How many decimals `minorUnits` has: the currency's minor-unit digits (2 for USD, 0 for JPY, 3 for KWD); more
    /// only for a price written with more decimals than its currency has, none of them trailing zeros.
    public var digits: Int
    /// The ISO 4217 code: the storefront's currency, US dollars where the storefront has no known currency (as its
    /// pages show it).
    public var currency: String

    /// The largest `minorUnits` a price may have, with room for any per-unit or commitment arithmetic in `Int64`
    /// (365 days a year, 12 monthly payments) and in `Int128` once scaled to 18 decimals.
    public static let maximumMinorUnits: Int64 = 9_999_999_999_999_999

    public init(minorUnits: Int64, digits: Int, currency: String) {
        self.minorUnits = minorUnits
        self.digits = digits
        self.currency = currency
    }

    public var isZero: Bool { minorUnits == 0 }

    /// "49.99", "7800", "0.5", "-12.3": the amount as plain digits for a formatter, with "." and no grouping, and no
    /// trailing zeros after the point (as `Decimal.description` wrote prices).
    public var plain: String { Self.plain(Int128(minorUnits), digits: digits) }

    public var description: String { plain }

    /// `units` of 10^-`digits` as plain digits: "-0.5" for (-50, 2), "7800" for (7800, 0).
    static func plain(_ units: Int128, digits: Int) -> String {
        let magnitude = units.magnitude
        var text = String(magnitude)
        if digits > 0 {
            if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
            var fraction = text.suffix(digits)
            text.removeLast(digits)
            while fraction.last == "0" { fraction.removeLast() }
            if !fraction.isEmpty { text += "." + fraction }
        }
        return units < 0 && magnitude != 0 ? "-" + text : text
    }

    /// The amount in units of 10^-`digits`, for `digits` no fewer than its own (at most 18: a price's units stay
    /// within `Int128`).
    func units(atDigits digits: Int) -> Int128 {
        Int128(minorUnits) * Self.powerOfTen(digits - self.digits)
    }

    /// 10^`exponent`, for 0 ≤ `exponent` ≤ 38.
    static func powerOfTen(_ exponent: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<max(exponent, 0) { result *= 10 }
        return result
    }
}
