import Foundation
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// What the prices include (`taxes:`), said below them and with each spoken price, and the EU's withdrawal link.
@Suite struct TaxAndWithdrawalTests {
    /// Four locales in four storefronts: USA (tax added), DEU (VAT included), JPN and AUS (tax included, not VAT).
    static let site = TestSite().with { site in
        site.config = TestSite.defaultConfig
            .replacingOccurrences(of: "locales: [en-US]", with: "locales: [en-US, de-DE, ja-JP, en-AU]")
            .replacingOccurrences(of: "storefronts: { default: USA }",
                                  with: "storefronts: { en-US: USA, de-DE: DEU, ja-JP: JPN, en-AU: AUS }")
        site.catalogText = TestSite.defaultCatalog
            .replacingOccurrences(of: "price: { USA: \"4.99\" }",
                                  with: "price: { USA: \"4.99\", DEU: \"4.99\", JPN: \"700\", AUS: \"7.99\" }")
            .replacingOccurrences(of: "price: { USA: \"49.99\" }",
                                  with: "price: { USA: \"49.99\", DEU: \"49.99\", JPN: \"7000\", AUS: \"79.99\" }")
    }

    static func page(_ locale: String, of site: TestSite = site) throws -> String {
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        return try #require(TestSite.file("\(locale)/pro/index.html", of: result))
    }

    @Test("each storefront's note, as the App Store prices it", arguments: [
        ("en-US", "Plus applicable tax", "plus applicable tax"),
        ("de-DE", "Preise inkl. MwSt.", "inklusive Mehrwertsteuer"),
        ("ja-JP", "価格は税込みです", "税込み"),
        ("en-AU", "Prices include tax", "including tax"),
    ])
    func theNoteSaysWhatThePricesInclude(_ locale: String, _ note: String, _ spoken: String) throws {
        let html = try Self.page(locale)
        #expect(html.contains("<p class=\"tax-note\">\(note)</p>"))
        // Read with each option: the radio's name and the purchase link's spoken text end with it.
        let labels = html.components(separatedBy: "aria-label=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            .filter { $0.contains(", ") }
        #expect(!labels.isEmpty && labels.allSatisfy { $0.hasSuffix(", " + spoken) }, "\(labels)")
        #expect(html.components(separatedBy: "<p class=\"tax-note\">").count == 2, "one note per page")
    }

    @Test func taxesSetsItByStorefrontOrDefault() throws {
        let site = Self.site.with { $0.config! += "taxes: { DEU: none, default: excluded }\n" }
        #expect(try !Self.page("de-DE", of: site).contains("tax-note"))
        #expect(try !Self.page("de-DE", of: site).contains("Mehrwertsteuer"))
        #expect(try Self.page("ja-JP", of: site).contains("<p class=\"tax-note\">別途、適用される税金がかかります</p>"))
    }

    @Test func aStorefrontOrAValueTaxesDoesNotKnowIsAnErrorAtItsPlace() {
        let line = TestSite.defaultConfig.split(separator: "\n").count + 1
        let unknown = Self.site.with { $0.config! += "taxes: { DEX: included }\n" }.errors
        #expect(unknown.map(\.message) == ["'DEX' is not an App Store storefront"])
        #expect(unknown.first?.location.line == line && unknown.first?.location.column == 10)
        #expect(unknown.first?.hint == "did you mean 'DEU'?")
        let value = Self.site.with { $0.config! += "taxes: { DEU: inclusive }\n" }.errors
        #expect(value.count == 1 && value[0].location.line == line, "\(value)")
        #expect(value.first?.message == "'inclusive' is not a valid taxes.DEU")
        #expect(value.first?.hint == "use one of: included, excluded, none")
    }

    @Test func aPageSoldInTheEEALinksTheWithdrawalFunction() throws {
        let site = Self.site.with {
            $0.config = $0.config!.replacingOccurrences(
                of: "  changePlan:", with: "  withdraw: https://example.com/withdraw?locale={locale}\n  changePlan:")
        }
        let result = site.build()
        #expect(!result.diagnostics.all.contains { $0.message.contains("withdrawal") })
        let german = try Self.page("de-DE", of: site)
        #expect(german.contains("<li><a href=\"https://example.com/withdraw?locale=de-DE\" data-policy=\"withdraw\">"
                                + "Vertrag widerrufen</a></li>"))
        #expect(try !Self.page("en-US", of: site).contains("withdraw"), "the USA is not in the EEA")
        // Required by law: shown where the policy links are hidden too.
        let hidden = site.with { $0.content["pro.md"] = TestSite.page(frontMatter: "storeButtons: { policies: hidden }\n") }
        let page = try Self.page("de-DE", of: hidden)
        #expect(page.contains("data-policy=\"withdraw\"") && !page.contains("data-policy=\"termsOfService\""))
    }

    @Test func billingOnTheWebInTheEEAWithoutTheLinkIsAWarning() throws {
        let warnings = Self.site.build().diagnostics.all.filter { $0.message.contains("withdrawal") }
        #expect(warnings.map(\.message) == ["the site bills on the web in DEU (de-DE), where EU law asks every page for "
                                            + "a withdrawal link (from 19 June 2026)"])
        #expect(warnings.first?.severity == .warning && warnings.first?.location.file == "site/paywall.yml")
        let appStore = Self.site.with { $0.config! += "billing: appStore\n" }.build()
        #expect(!appStore.diagnostics.all.contains { $0.message.contains("withdrawal") })
    }
}
