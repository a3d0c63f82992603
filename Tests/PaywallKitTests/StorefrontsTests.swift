import Testing
@testable import PaywallKit

/// The App Store storefront table.
@Suite struct StorefrontsTests {
    /// Every currency the App Store charges in (App Store Connect's reporting currencies).
    static let appStoreCurrencies: Set<String> = [
        "AED", "AUD", "BRL", "CAD", "CHF", "CLP", "CNY", "COP", "CZK", "DKK", "EGP", "EUR", "GBP",
        "HKD", "HUF", "IDR", "ILS", "INR", "JPY", "KRW", "KZT", "MXN", "MYR", "NGN", "NOK", "NZD",
        "PEN", "PHP", "PKR", "PLN", "QAR", "RON", "RUB", "SAR", "SEK", "SGD", "THB", "TRY", "TWD",
        "TZS", "USD", "VND", "ZAR",
    ]

    @Test func all175StorefrontsSorted() {
        #expect(Storefronts.all.count == 175)
        #expect(Storefronts.all == Storefronts.all.sorted())
        #expect(Set(Storefronts.all).count == 175)
        #expect(Storefronts.all.first == "AFG")
        #expect(Storefronts.all.last == "ZWE")
    }

    @Test(arguments: [
        ("USA", "US", "USD"), ("DEU", "DE", "EUR"), ("JPN", "JP", "JPY"), ("GBR", "GB", "GBP"),
        ("FRA", "FR", "EUR"), ("CHN", "CN", "CNY"), ("BRA", "BR", "BRL"), ("KOR", "KR", "KRW"),
        ("IND", "IN", "INR"), ("TUR", "TR", "TRY"), ("SAU", "SA", "SAR"), ("ISR", "IL", "ILS"),
        ("HRV", "HR", "EUR"), ("BGR", "BG", "EUR"), ("SRB", "RS", "EUR"), ("XKS", "XK", "EUR"),
        // Billed in US dollars.
        ("ARG", "AR", "USD"), ("CRI", "CR", "USD"), ("VEN", "VE", "USD"), ("KEN", "KE", "USD"),
        ("UKR", "UA", "USD"), ("ISL", "IS", "USD"), ("KWT", "KW", "USD"), ("MAC", "MO", "USD"),
        ("LBN", "LB", "USD"), ("GEO", "GE", "USD"),
    ])
    func storefront(code: String, region: String, currency: String) {
        #expect(Storefronts.region(of: code) == region)
        #expect(Storefronts.currency(of: code) == currency)
        #expect(Storefronts.storefront(forRegion: region) == code)
    }

    @Test func lookupsIgnoreCase() {
        #expect(Storefronts.currency(of: "deu") == "EUR")
        #expect(Storefronts.region(of: "jpn") == "JP")
        #expect(Storefronts.storefront(forRegion: "de") == "DEU")
    }

    @Test(arguments: ["", "XXX", "DE", "ATA", "MCO", "BGD"])
    func unknownStorefront(code: String) {
        #expect(Storefronts.currency(of: code) == nil)
        #expect(Storefronts.region(of: code) == nil)
    }

    @Test(arguments: ["", "AQ", "MC", "BD", "DEU"])
    func regionWithoutStorefront(region: String) {
        #expect(Storefronts.storefront(forRegion: region) == nil)
    }

    @Test func everyEntryIsConsistent() {
        for code in Storefronts.all {
            let region = Storefronts.region(of: code)
            let currency = Storefronts.currency(of: code)
            #expect(region.map { Storefronts.storefront(forRegion: $0) } == code, "\(code)")
            #expect(currency.map(Self.appStoreCurrencies.contains) == true, "\(code)")
            // ICU knows every currency: no "USD 1" fallback.
            let price = currency.map { ICU.formatCurrency("1", currency: $0, locale: "en-US") }
            #expect(price != currency.map { "\($0) 1" }, "\(code)")
        }
    }
}
