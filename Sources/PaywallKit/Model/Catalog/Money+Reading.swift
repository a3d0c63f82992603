/// A price read from the catalog's text exactly: no locale, no Foundation number parser, no `Decimal`.
extension Money {
    /// Why plain digits are no price.
    enum Unreadable: Error {
        /// Not digits with at most one '.', or more than 18 significant digits.
        case notDigits
        /// More minor units than `maximumMinorUnits`.
        case tooLarge
    }

    /// "49.99", "7800", "12.345" as an amount of `currency`, in its `currencyDigits` (its minor-unit digits), or in
    /// more where the text has more decimals that are not trailing zeros ("9.990" is 999 cents, "9.999" 9999 tenths
    /// of a cent).
    static func reading(_ text: String, currency: String, currencyDigits: Int) throws(Unreadable) -> Money {
        var significand: UInt64 = 0, exponent = 0, seenPoint = false, significant = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), !seenPoint { seenPoint = true; continue }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw .notDigits }
            if seenPoint { exponent -= 1 }
            if significand == 0 && byte == UInt8(ascii: "0") { continue }
            significant += 1
            guard significant <= 18 else { throw .notDigits }
            significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        while exponent < 0 && significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        let digits = max(currencyDigits, -exponent)
        let units = Int128(significand) * powerOfTen(digits + exponent)
        guard units <= Int128(maximumMinorUnits) else { throw .tooLarge }
        return Money(minorUnits: Int64(units), digits: digits, currency: currency)
    }

    /// The amount cut to `digits` decimals toward minus infinity ("9.999" to 2 is 9.99), in those digits; itself
    /// when it has no more.
    func roundedDown(toDigits digits: Int) -> Money {
        self.digits > digits ? ExactCost(self).roundedDown(toDigits: digits) : self
    }
}
