/// An exact, unrounded cost: a fraction of a currency's minor units, such as the price of one month of a yearly
/// subscription (49.99 USD a year is 4999/12 cents a month). Compared and turned into discounts without rounding;
/// rounded down to the minor unit only to be shown.
///
/// A price's minor units (`Money.maximumMinorUnits`) times a year's 365 days, scaled to 18 decimals, stay within
/// `Int128`; products of two such values are compared at full width.
public struct ExactCost: Sendable, Comparable, CustomStringConvertible {
    /// The cost in units of 10^-`digits` of the currency is `numerator` / `denominator`.
    public var numerator: Int128
    /// Greater than 0.
    public var denominator: Int128
    public var digits: Int
    public var currency: String

    /// `numerator` / `denominator` units of 10^-`digits` of `currency`; `denominator` is made positive.
    public init(_ numerator: Int128, over denominator: Int128, digits: Int, currency: String) {
        (self.numerator, self.denominator) = denominator < 0 ? (-numerator, -denominator) : (numerator, denominator)
        self.digits = digits
        self.currency = currency
    }

    /// `money`, exactly.
    public init(_ money: Money) {
        self.init(Int128(money.minorUnits), over: 1, digits: money.digits, currency: money.currency)
    }

    public var isPositive: Bool { numerator > 0 }

    public var description: String { "\(numerator)/\(denominator) × 10^-\(digits) \(currency)" }

    /// The cost rounded toward minus infinity to `digits` decimals (4999/12 cents is 4.16; -0.5 cents is -0.01).
    public func roundedDown(toDigits digits: Int) -> Money {
        let scaled = digits >= self.digits ? numerator * Money.powerOfTen(digits - self.digits) : numerator
        var units = Self.floorDivision(scaled, denominator)
        if digits < self.digits { units = Self.floorDivision(units, Money.powerOfTen(self.digits - digits)) }
        return Money(minorUnits: Int64(clamping: units), digits: digits, currency: currency)
    }

    /// Whole percent saved against `reference`, rounded down: the largest `k` with (100 - k) × reference ≥
    /// 100 × self. nil when `reference` is not positive or `self` is not less; capped at 100 for a negative cost.
    public func percentSaved(against reference: ExactCost) -> Int? {
        guard reference.isPositive, self < reference else { return nil }
        let digits = max(self.digits, reference.digits)
        let (value, base) = (numerator(atDigits: digits), reference.numerator(atDigits: digits))
        var (low, high) = (0, 100)
        while low < high {
            let k = (low + high + 1) / 2
            if Self.product(base, Int128(100 - k) * denominator) >= Self.product(value, 100 * reference.denominator) {
                low = k
            } else {
                high = k - 1
            }
        }
        return low
    }

    public static func < (a: ExactCost, b: ExactCost) -> Bool {
        let digits = max(a.digits, b.digits)
        return product(a.numerator(atDigits: digits), b.denominator)
            < product(b.numerator(atDigits: digits), a.denominator)
    }

    public static func == (a: ExactCost, b: ExactCost) -> Bool { !(a < b) && !(b < a) }

    /// The numerator in units of 10^-`digits`, for `digits` no fewer than its own.
    func numerator(atDigits digits: Int) -> Int128 { numerator * Money.powerOfTen(digits - self.digits) }

    /// `a` × `b` at full width, ordered as the product is.
    static func product(_ a: Int128, _ b: Int128) -> FullWidth {
        let (high, low) = a.multipliedFullWidth(by: b)
        return FullWidth(high: high, low: low)
    }

    /// A 256-bit product: `high` signed, `low` unsigned, compared in that order.
    struct FullWidth: Comparable {
        var high: Int128, low: UInt128

        static func < (a: FullWidth, b: FullWidth) -> Bool { (a.high, a.low) < (b.high, b.low) }
    }

    /// `a` / `b` rounded toward minus infinity, for `b` > 0.
    static func floorDivision(_ a: Int128, _ b: Int128) -> Int128 {
        let quotient = a / b
        return a % b < 0 ? quotient - 1 : quotient
    }
}
