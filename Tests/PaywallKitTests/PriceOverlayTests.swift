import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// `prices.yml` beside a `.storekit` catalog: other storefronts' prices, merged at load, errors at their lines.
@Suite("prices.yml adds storefronts to a .storekit catalog")
struct PriceOverlayTests {
    static let storekit = try! String(contentsOf: CatalogImportTests.ownFixtures.appendingPathComponent("storekit/commitment-v5.storekit"), encoding: .utf8)

    static let config = """
        catalog: Products.storekit
        locales: [en-GB, de-DE]
        storefronts: { de-DE: DEU }
        actions: { subscribe: "https://pay.example.com/checkout?product={productID}" }

        """

    static let page = "---\ngroupID: \"5A0C0100\"\nbillingPlan: monthly\nadditionalProductIDs: [lifetime, season.pass]\n---\n# Tempo\n"

    static let prices = """
        pro.yearly:
          price: { DEU: "69.99" }
          offers: { yearly.comeback: { DEU: "44.99" }, monthly.comeback: { DEU: "3.49" }, monthly.winback: { DEU: "3.99" } }
          billingPlans:
            monthly: { price: { DEU: "6.49" }, commitmentPrice: { DEU: "77.80" }, introductoryOffer: { DEU: "1.29" } }
        lite.yearly: { DEU: "34.99" }
        pro.monthly: { DEU: "8.99" }
        lifetime: { DEU: "169.99" }
        season.pass: { DEU: "16.99" }

        """

    /// The site read through `SiteInputs.load`, as a build reads it from disk.
    static func build(prices: String?) -> SiteBuilder.Result {
        var files = ["site/paywall.yml": config, "site/Products.storekit": storekit, "site/content/tempo.md": page]
        files["site/prices.yml"] = prices
        return SiteBuilder.build(SiteInputs.load("site", fs: .memory(files)))
    }

    @Test func aGermanPageShowsThePricesOfPricesYml() throws {
        let result = Self.build(prices: Self.prices)
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let german = try #require(TestSite.file("de-DE/tempo/index.html", of: result))
        #expect(german.contains("6,49\u{A0}€/Monat") && german.contains("12 Monatsraten, 77,80\u{A0}€ insgesamt"))
        #expect(german.contains("1,29\u{A0}€/Monat für 2 Monate"), "the monthly plan's introductory offer")
        #expect(german.contains("169,99\u{A0}€") && german.contains("16,99\u{A0}€") && german.contains("8,99\u{A0}€"))
        let british = try #require(TestSite.file("en-GB/tempo/index.html", of: result))
        #expect(british.contains("£5.49/month") && british.contains("£65.80 total"), "the file's own prices stay")
    }

    @Test func withoutPricesYmlTheGermanStorefrontHasNoPrice() {
        let errors = Self.build(prices: nil).diagnostics.errors
        #expect(errors.contains { $0.message.contains("no price for storefront DEU") })
    }

    @Test(arguments: [
        ("pro.yearli: { DEU: \"1.99\" }", "no product 'pro.yearli'", 1, "did you mean 'pro.yearly'?"),
        ("pro.monthly: { DEU: \"1.999\" }", "more decimals than EUR has", 1, "such as 1.99"),
        ("pro.monthly: { GBR: \"1.99\" }", "sets a GBR price, which the .storekit file gives", 1, "Xcode"),
        ("pro.monthly:\n  billingPlans: { monthly: { price: { DEU: \"0.99\" } } }", "'pro.monthly' has no MONTHLY billing plan", 2, "P1Y"),
        ("pro.yearly:\n  offers: { comebak: { DEU: \"1.99\" } }", "no paid promotional or win-back offer 'comebak'", 2, "its priced offers are: yearly.comeback"),
        ("pro.yearly:\n  introductoryOffer: { DEU: \"1.99\" }", "'pro.yearly' has no paid introductory offer", 2, "remove this key"),
        ("pro.yearly:\n  prise: { DEU: \"1.99\" }", "prise", 2, nil),
    ] as [(String, String, Int, String?)])
    func mistakesAreErrorsAtTheirLines(_ prices: String, _ message: String, _ line: Int, _ hint: String?) {
        let result = Self.build(prices: prices + "\n")
        expectError(result.diagnostics.errors, message, file: "site/prices.yml", line: line, hint: hint)
        #expect(result.files.isEmpty, "nothing is written")
    }
}
