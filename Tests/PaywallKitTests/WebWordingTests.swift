import Foundation
import Testing
@testable import PaywallKit

/// Words that fit a web purchase: a price of 0 is warned about, the scaffold's example.com links are warned about
/// by `check`, hints take the right article.
@Suite struct WebWordingTests {
    @Test(arguments: ["\"0\"", "\"0.0\"", "\"0.00\""])
    func aProductPricedZeroIsWarnedAtItsPriceLine(_ price: String) throws {
        let site = TestSite().catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { USA: \(price) }")
        let result = site.build()
        #expect(!result.diagnostics.hasErrors)
        let warning = try #require(result.diagnostics.warnings.first { $0.message.contains("priced 0") }, "\(result.diagnostics.all)")
        #expect(warning.message.contains("'pro.monthly' is priced 0 in USA"))
        #expect(warning.location.file == "site/catalog.yml" && warning.location.line == TestSite.line(of: "price: { USA: \"4.99\" }", in: TestSite.defaultCatalog))
        #expect(TestSite().build().diagnostics.all.isEmpty, "a priced product is not warned about")
    }

    @Test func theScaffoldsExampleDotComLinksAreEachWarnedAbout() {
        let warnings = TestSite().inputs.placeholderLinkWarnings
        let config = TestSite.defaultConfig
        #expect(warnings.map(\.message) == [
            "baseURL still points at the placeholder https://example.com/subscribe/",
            "actions.subscribe still points at the placeholder https://pay.example.com/checkout?product={productID}&locale={locale}",
            "policies.termsOfService still points at the placeholder https://example.com/terms",
            "policies.privacyPolicy still points at the placeholder https://example.com/privacy",
        ])
        #expect(warnings.map(\.location.line) == ["baseURL:", "  subscribe:", "  termsOfService:", "  privacyPolicy:"].map { TestSite.line(of: $0, in: config) })
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.location.file == "site/paywall.yml" })
    }

    @Test(arguments: ["https://example.org/x", "https://myexample.com/", "https://shop.birdwatch.app/checkout", "https://example.com.evil.net/"])
    func otherHostsAreNotPlaceholders(_ url: String) {
        #expect(!SiteConfig.isPlaceholder(url))
    }

    @Test(arguments: [("ar-SA", "an"), ("en-GB", "an"), ("fr-FR", "an"), ("he-IL", "an"), ("de-DE", "a"), ("ja-JP", "a"), ("pt-BR", "a")])
    func codesReadLetterByLetterTakeTheirArticle(_ code: String, _ expected: String) {
        #expect(article(for: code) == expected)
    }

    @Test func aMissingCatalogLocalizationHintSaysAnArSA() {
        let site = TestSite().config(replacing: "locales: [en-US]", with: "locales: [en-US, ar-SA]")
        let hints = site.build().diagnostics.warnings.compactMap(\.hint)
        #expect(hints.contains("add an ar-SA localization to the catalog"), "\(hints)")
        #expect(!hints.contains { $0.contains("add a ar-SA") })
    }
}
