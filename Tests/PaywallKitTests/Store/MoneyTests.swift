import Testing
@testable import PaywallKit

@Suite("Money: prices as whole minor units, and exact per-unit costs")
struct MoneyTests {
    @Test("prices are read exactly, in the currency's minor units", arguments: [
        ("0.99", "USA", 99, 2, "USD"), ("9.990", "USA", 999, 2, "USD"), ("1000", "JPN", 1000, 0, "JPY"),
        ("007.50", "DEU", 750, 2, "EUR"), ("0", "USA", 0, 2, "USD"), ("0.000", "KOR", 0, 0, "KRW"),
        ("1.23456", "ZZZ", 123456, 5, "USD"),   // no known currency: priced as US dollars, with its decimals
    ] as [(String, String, Int64, Int, String)])
    func reading(_ text: String, _ storefront: String, _ units: Int64, _ digits: Int, _ currency: String) throws {
        let money = try Money.reading(text, currency: Money.currency(of: storefront))
        #expect(money == Money(minorUnits: units, digits: digits, currency: currency))
    }

    @Test("three-digit currencies keep their third decimal")
    func threeDigits() throws {
        #expect(Money.of("12.345", currency: "KWD") == Money(minorUnits: 12345, digits: 3, currency: "KWD"))
        #expect(Money.of("12.3", currency: "BHD") == Money(minorUnits: 12300, currency: "BHD"))
        #expect(Money.of("12.3456", currency: "KWD").digits == 4, "more decimals than the currency, kept to be refused")
    }

    @Test("a price with more decimals than its currency is the loaders' error, with the price cut as the hint",
          arguments: [("1.005", "USA", "the USA price 1.005 has more decimals than USD has (2)", "such as 1"),
                      ("9.999", "DEU", "the DEU price 9.999 has more decimals than EUR has (2)", "such as 9.99"),
                      ("480.5", "JPN", "the JPN price 480.5 has more decimals than JPY has (0)", "such as 480"),
                      ("0.995", "GBR", "the GBR price 0.995 has more decimals than GBP has (2)", "such as 0.99")])
    func tooManyDecimals(_ text: String, _ storefront: String, _ message: String, _ hint: String) throws {
        let money = try Money.reading(text, currency: Money.currency(of: storefront))
        let here = SourceLocation(file: "catalog.yml")
        #expect(throws: Diagnostic.self) {
            try NativeCatalogLoader.checkDecimals(money, storefront: storefront, at: here)
        }
        do {
            try NativeCatalogLoader.checkDecimals(money, storefront: storefront, at: here)
        } catch {
            #expect(error.message == message)
            #expect(error.hint?.hasSuffix(hint) == true, "\(error.hint ?? "")")
        }
        // A storefront without a known currency keeps the decimals as written.
        #expect(throws: Never.self) {
            try NativeCatalogLoader.checkDecimals(money, storefront: "ZZZ", at: here)
        }
    }

    @Test("signs, letters, a second point, and too many digits are no price",
          arguments: ["-4.99", "4,99", "1.2.3", "1e3", "1234567890123456789", "99999999999999999", "100000000000000.00"])
    func unreadable(_ text: String) {
        #expect(throws: Money.Unreadable.self) { try Money.reading(text, currency: "USD") }
    }

    @Test("the largest price reads, and its per-unit prices and discounts do not overflow")
    func largest() throws {
        let largest = try Money.reading("99999999999999.99", currency: "USD")
        #expect(largest.minorUnits == Money.maximumMinorUnits)
        let perYear = PriceMath.price(largest, per: .year, for: Period(1, .day), fractionDigits: 2)
        #expect(perYear.minorUnits == Money.maximumMinorUnits * 365)
        let rupiah = Money.of("999999999999", "IDN")
        #expect(rupiah.currency == "IDR" && rupiah.plain == "999999999999")
        #expect(PriceMath.price(rupiah, per: .month, for: Period(1, .year), fractionDigits: rupiah.digits).plain
                == "83333333333.25")
        let yearly = PriceMath.exactPrice(rupiah, per: .month, for: Period(1, .year))
        let monthly = PriceMath.exactPrice(.of("99999999999", "IDN"), per: .month, for: Period(1, .month))
        #expect(PriceMath.relativeDiscount(yearly, comparedTo: monthly) == 16)   // 83 333 333 333.25 a month: 16.66…
        #expect(PriceMath.relativeDiscount(monthly, comparedTo: yearly) == nil)  // dearer than the yearly
        // A non-renewing subscription of 10^18 years: its denominators pass Int64, the comparison is exact.
        let ages = PriceMath.exactPrice(largest, per: .month, for: Period(1_000_000_000_000_000_000, .year))
        let tiny = PriceMath.exactPrice(.of("0.01"), per: .month, for: Period(1, .year))
        #expect(ages < tiny && tiny > ages)
        #expect(PriceMath.relativeDiscount(ages, comparedTo: tiny) == 99)
        #expect(ages.roundedDown(toDigits: 2).isZero)
    }

    @Test("per-unit equivalents round down to the minor unit", arguments: [
        ("49.99", "P1Y", Period.Unit.month, "4.16"), ("49.99", "P1Y", .week, "0.96"), ("49.99", "P1Y", .day, "0.13"),
        ("9.99", "P1M", .year, "119.88"), ("9.99", "P1M", .month, "9.99"), ("0.01", "P1Y", .month, "0"),
    ])
    func perUnit(_ price: String, _ period: String, _ unit: Period.Unit, _ expected: String) {
        let value = PriceMath.price(.of(price), per: unit, for: Period(iso8601: period)!, fractionDigits: 2)
        #expect(value.plain == expected)
        #expect(value.digits == 2 && value.currency == "USD")
    }

    @Test("exact costs round toward minus infinity")
    func roundingDown() {
        #expect(ExactCost(-1, over: 2, digits: 2, currency: "USD").roundedDown(toDigits: 2).plain == "-0.01")
        #expect(ExactCost(-50, over: 1, digits: 2, currency: "USD").roundedDown(toDigits: 2).plain == "-0.5")
        #expect(ExactCost(1, over: -3, digits: 0, currency: "JPY").roundedDown(toDigits: 0).plain == "-1")
        #expect(ExactCost(12345, over: 1, digits: 3, currency: "KWD").roundedDown(toDigits: 2).plain == "12.34")
        #expect(ExactCost(7, over: 3, digits: 0, currency: "JPY").roundedDown(toDigits: 2).plain == "2.33")
    }

    @Test("relative discounts compare exact monthly costs")
    func discounts() {
        let yearly = PriceMath.exactPrice(.of("59.99"), per: .month, for: Period(1, .year))
        let monthly = PriceMath.exactPrice(.of("9.99"), per: .month, for: Period(1, .month))
        #expect(PriceMath.relativeDiscount(yearly, comparedTo: monthly) == 49)    // 49.95…
        // A monthly plan: 12 payments of 8.99 (107.88 in all) against 9.99 a month.
        var option = StoreOption(product: Fixture.product("p", level: 1, "P1Y", "99.99"),
                                 text: LocalizedText(displayName: "P", description: ""), relationship: nil,
                                 isCurrent: false, price: .of("8.99"), pricePer: [:])
        option.commitment = Commitment(payments: 12, total: .of("107.88"), period: Period(1, .year))
        #expect(option.monthlyCost == ExactCost(.of("8.99")))
        #expect(PriceMath.relativeDiscount(option.monthlyCost!, comparedTo: monthly) == 10)   // 10.01…
        // Exactly 10 % (3.00 against 3.333…) is 10, though 10.00 / 3 has no end in decimals.
        let quarterly = PriceMath.exactPrice(.of("10.00"), per: .month, for: Period(3, .month))
        let annual = PriceMath.exactPrice(.of("36.00"), per: .month, for: Period(1, .year))
        #expect(PriceMath.relativeDiscount(annual, comparedTo: quarterly) == 10)
        // Free costs nothing: 100 % saved; against nothing, no saving.
        let free = ExactCost(.of("0"))
        #expect(PriceMath.relativeDiscount(free, comparedTo: monthly) == 100)
        #expect(PriceMath.relativeDiscount(monthly, comparedTo: free) == nil)
        // Kuwaiti dinars and yen: the same rule in three and no decimals.
        let dinars = PriceMath.exactPrice(.of("29.990", currency: "KWD"), per: .month, for: Period(1, .year))
        #expect(PriceMath.relativeDiscount(dinars, comparedTo: ExactCost(.of("4.999", currency: "KWD"))) == 50)   // 50.006…
        let yen = PriceMath.exactPrice(.of("9800", "JPN"), per: .month, for: Period(1, .year))
        #expect(PriceMath.relativeDiscount(yen, comparedTo: ExactCost(.of("1200", "JPN"))) == 31)       // 31.94…
    }

    @Test("exact costs order by value, whatever their digits")
    func ordering() {
        let cents = ExactCost(.of("4.99")), tenths = ExactCost(.of("4.995", "ZZZ"))
        #expect(cents < tenths && !(tenths < cents) && cents != tenths)
        #expect(ExactCost(499, over: 1, digits: 2, currency: "USD") == ExactCost(4990, over: 10, digits: 2, currency: "USD"))
        #expect(ExactCost(4990, over: 1, digits: 3, currency: "USD") == cents)
    }

    @Test("plain digits: a point only before decimals that are not all zeros", arguments: [
        (4999, 2, "49.99"), (7800, 0, "7800"), (-50, 2, "-0.5"), (0, 2, "0"), (5, 2, "0.05"), (12345, 3, "12.345"),
        (100, 2, "1"), (-1, 3, "-0.001"),
    ] as [(Int64, Int, String)])
    func plain(_ units: Int64, _ digits: Int, _ expected: String) {
        let money = Money(minorUnits: units, digits: digits, currency: "USD")
        #expect(money.plain == expected && money.description == expected)
    }
}
