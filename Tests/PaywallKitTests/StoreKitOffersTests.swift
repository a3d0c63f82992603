import Foundation
import Testing
@testable import PaywallKit

/// A `.storekit` file of our own with an introductory, a promotional and a win-back offer,
/// and a EULA given as text: the variants and texts a page gets from it.
@Suite("A .storekit catalog with every kind of offer")
struct StoreKitOffersTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/offers.storekit")

    static func build() throws -> SiteBuilder.Result {
        let site = TestSite().with { site in
            site.config = """
                catalog: Products.storekit
                actions:
                  subscribe: "https://pay.example.com/{productID}?offer={offerID}"
                  changePlan: "https://pay.example.com/change/{currentProductID}/{productID}?offer={offerID}"

                """
            site.catalogPath = "Products.storekit"
            site.catalog = try? Data(contentsOf: Self.fixture)
            site.content = ["atlas.md": "---\ngroupID: \"21000001\"\nvisibleRelationships: [all]\noffer: { promotional: loyal }\n---\n"]
        }
        return site.build()
    }

    @Test("the page is written for new, current and lapsed customers")
    func variants() throws {
        let result = try Self.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let pages = Set(result.manifest?.pages.map(\.path) ?? [])
        #expect(pages == ["en-US/atlas/index.html", "en-US/atlas/current/atlas.plus.yearly/index.html",
                          "en-US/atlas/current/atlas.basic.monthly/index.html", "en-US/atlas/lapsed/atlas.plus.yearly/index.html"])
    }

    @Test("each state shows the offer it is eligible for", arguments: [
        ("en-US/atlas/index.html", ["2 weeks free, then $39.99/year", "$0.99 for 1 month, then $4.99/month"]),
        ("en-US/atlas/current/atlas.basic.monthly/index.html", ["$24.99 for 1 year, then $39.99/year"]),
        ("en-US/atlas/lapsed/atlas.plus.yearly/index.html", ["$1.99/month for 3 months, then $39.99/year"]),
    ])
    func offers(_ path: String, _ texts: [String]) throws {
        let html = try #require(TestSite.file(path, of: try Self.build()))
        for text in texts { #expect(html.contains(text), "\(path) lacks \(text)") }
        if path != "en-US/atlas/index.html" { #expect(!html.contains("free, then"), "no introductory offer for a former subscriber") }
    }

    @Test("subscribe and change-plan links carry the offer ID")
    func offerIDs() throws {
        let result = try Self.build()
        #expect(TestSite.file("en-US/atlas/current/atlas.basic.monthly/index.html", of: result)?
            .contains("https://pay.example.com/change/atlas.basic.monthly/atlas.plus.yearly?offer=loyal") == true)
        #expect(TestSite.file("en-US/atlas/lapsed/atlas.plus.yearly/index.html", of: result)?
            .contains("https://pay.example.com/atlas.plus.yearly?offer=return") == true)
    }

    @Test("the EULA text becomes a terms page, the policy URL the privacy link")
    func policies() throws {
        let result = try Self.build()
        let terms = try #require(TestSite.file("en-US/policies/terms/index.html", of: result))
        #expect(terms.contains("<h1>Terms of Use</h1>"))
        let page = try #require(TestSite.file("en-US/atlas/index.html", of: result))
        #expect(page.contains(#"<a href="../../en-US/policies/terms/" data-policy="termsOfService">"#))
        #expect(page.contains(#"<a href="https://example.com/privacy" data-policy="privacyPolicy">"#))
    }
}
