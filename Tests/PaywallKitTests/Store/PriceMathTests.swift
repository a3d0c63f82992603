import Foundation
import Testing
@testable import PaywallKit

@Suite("Prices: per-period equivalents and relative discounts")
struct PriceMathTests {
    @Test("per-unit equivalents round down", arguments: [
        ("49.99", "P1Y", Period.Unit.month, "USD", "4.16"),     // 4.1658…, not 4.17
        ("59.99", "P1Y", .month, "USD", "4.99"),
        ("99.99", "P1Y", .week, "USD", "1.92"),                 // 1.9228…
        ("19.99", "P3M", .month, "USD", "6.66"),                // 6.6633…
        ("29.99", "P6M", .month, "USD", "4.99"),                // 4.9983…
        ("9.99", "P1M", .week, "USD", "2.30"),                  // 9.99 × 12 / 52 = 2.3053…
        ("9.99", "P1M", .day, "USD", "0.32"),                   // 0.3284…
        ("4.99", "P1W", .year, "USD", "259.48"),
        ("7800", "P1Y", .month, "JPY", "650"),
        ("9800", "P1Y", .month, "JPY", "816"),                  // 816.67, no yen fractions
        ("3.000", "P1Y", .month, "KWD", "0.25"),                // KWD: three decimals
        ("0", "P1Y", .month, "USD", "0"),
    ])
    func perUnit(_ price: String, _ period: String, _ unit: Period.Unit, _ currency: String, _ expected: String) {
        let digits = ICU.fractionDigits(currency: currency)
        let value = PriceMath.price(.of(price, currency: currency), per: unit, for: Period(iso8601: period)!,
                                    fractionDigits: digits)
        #expect(value == .of(expected, currency: currency))
    }

    @Test("relative discount: whole percent rounded down, only from 1%", arguments: [
        ("4.16", "9.99", 58),     // 58.36…
        ("4.99", "7.99", 37),     // 37.5…
        ("9.90", "9.99", nil),    // 0.9 % is not shown
        ("9.89", "9.99", 1),      // 1.001 %
        ("9.99", "9.99", nil),
        ("10.99", "9.99", nil),
    ] as [(String, String, Int?)])
    func discount(_ value: String, _ reference: String, _ expected: Int?) {
        #expect(PriceMath.relativeDiscount(ExactCost(.of(value)), comparedTo: ExactCost(.of(reference))) == expected)
    }

    @Test("relative discount compares options of the same level only")
    func sameLevel() throws {
        let (model, _) = Fixture.resolve(Fixture.tiers, Fixture.page())
        let options = try #require(model).options
        let discounts = Dictionary(uniqueKeysWithValues: options.map { ($0.id, $0.relativeDiscount) })
        #expect(discounts["gold.yearly"] == 16)     // 8.3325 vs 9.99 a month
        #expect(discounts["silver.yearly"] == 33)   // 3.3325 vs 4.99
        #expect(discounts["bronze.yearly"] == 16)   // 1.6658 vs 1.99
        #expect(discounts["gold.monthly"]! == nil)
    }

    @Test("ISO 8601 periods", arguments: [("P1W", 1, Period.Unit.week), ("P3M", 3, .month), ("P1Y", 1, .year), ("P14D", 14, .day)])
    func periods(_ text: String, _ count: Int, _ unit: Period.Unit) {
        #expect(Period(iso8601: text) == Period(count, unit))
        #expect(Period(iso8601: text)?.description == text)
    }

    @Test("malformed periods are rejected", arguments: ["1M", "P", "PM", "P0M", "P1X", "P-1M", "p1m", "P1.5Y"])
    func badPeriods(_ text: String) {
        #expect(Period(iso8601: text) == nil)
    }

    @Test("plain digits are what Decimal.description wrote for the same amounts")
    func plainDigits() throws {
        var amounts: [(Int64, Int)] = [(4999, 2), (7800, 0), (0, 2), (5, 1), (-50, 2), (1, 2), (-1230, 2), (1, 6),
                                       (99_999_999_999_999_999, 0), (123_456_789_123_456_789, 9)]
        for step in Int64(0)..<3_000 {
            amounts += [(step - 700, 2), (step, 3), (step * step * step * 1_000, 0)]
        }
        for (units, digits) in amounts {
            let decimal = Decimal(sign: units < 0 ? .minus : .plus, exponent: -digits,
                                  significand: Decimal(units.magnitude))
            #expect(Money(minorUnits: units, digits: digits, currency: "USD").plain == decimal.description,
                    "\(units) × 10^-\(digits)")
        }
        #expect(PriceMath.price(.of("49.99"), per: .month, for: Period(1, .year), fractionDigits: 2).plain == "4.16")
    }
}
