import Foundation
import Testing
@testable import PaywallKit

@Suite("Prices: per-period equivalents and relative discounts")
struct PriceMathTests {
    static func d(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test("per-unit equivalents round down", arguments: [
        ("49.99", "P1Y", Period.Unit.month, 2, "4.16"),     // 4.1658…, not 4.17
        ("59.99", "P1Y", .month, 2, "4.99"),
        ("99.99", "P1Y", .week, 2, "1.92"),                 // 1.9228…
        ("19.99", "P3M", .month, 2, "6.66"),                // 6.6633…
        ("29.99", "P6M", .month, 2, "4.99"),                // 4.9983…
        ("9.99", "P1M", .week, 2, "2.30"),                  // 9.99 × 12 / 52 = 2.3053…
        ("9.99", "P1M", .day, 2, "0.32"),                   // 0.3284…
        ("4.99", "P1W", .year, 2, "259.48"),
        ("7800", "P1Y", .month, 0, "650"),
        ("9800", "P1Y", .month, 0, "816"),                  // 816.67, no yen fractions
        ("3.000", "P1Y", .month, 3, "0.25"),                // KWD: three decimals
        ("0", "P1Y", .month, 2, "0"),
    ])
    func perUnit(_ price: String, _ period: String, _ unit: Period.Unit, _ digits: Int, _ expected: String) {
        let value = PriceMath.price(Self.d(price), per: unit, for: Period(iso8601: period)!, fractionDigits: digits)
        #expect(value == Self.d(expected))
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
        #expect(PriceMath.relativeDiscount(Self.d(value), comparedTo: Self.d(reference)) == expected)
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

    @Test("plain digits are what Decimal.description writes, for prices and for values no price has")
    func plainDigits() throws {
        #expect(DecimalDigits.layout != nil, "this platform's Decimal layout is read directly")
        var values = ["49.99", "7800", "0", "0.5", "-0.5", "0.01", "-12.30", "0.000001", "1e3", "99999999999999999999",
                      "184467440737095516150", "123456789.123456789"].map { Decimal(string: $0)! }
        values += [Decimal.nan, Decimal(string: "49.99")! * 12 / 52, PriceMath.price(Decimal(string: "49.99")!, per: .month, for: Period(1, .year), fractionDigits: 2)]
        for step in 0..<3_000 {
            values += [Decimal(step) / 100 - 7, Decimal(step) * Decimal(string: "0.001")!, Decimal(step * step * step) * 1_000]
        }
        for value in values { #expect(PriceMath.plain(value) == value.description) }
        #expect(PriceMath.plain(Decimal(string: "4.16")!) == "4.16")
    }
}
