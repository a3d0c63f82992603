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
        let warnings = TestSite().build().config?.placeholderLinkWarnings ?? []
        let config = TestSite.defaultConfig
        #expect(warnings.map(\.message) == [
            "baseURL still points at the placeholder https://example.com/subscribe/",
            "actions.subscribe still points at the placeholder https://pay.example.com/checkout?product={productID}&locale={locale}",
            "actions.changePlan still points at the placeholder https://pay.example.com/change?from={currentProductID}&to={productID}",
            "policies.termsOfService still points at the placeholder https://example.com/terms",
            "policies.privacyPolicy still points at the placeholder https://example.com/privacy",
        ])
        #expect(warnings.map(\.location.line) == ["baseURL:", "  subscribe:", "  changePlan:", "  termsOfService:", "  privacyPolicy:"].map { TestSite.line(of: $0, in: config) })
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

/// `groupID:` takes a group's unique reference name as well as its ID; messages name groups by both.
@Suite struct GroupReferenceTests {
    @Test func groupIDMayBeTheGroupsReferenceName() throws {
        let result = TestSite().page(replacing: "groupID: birdwatch.pro", with: "groupID: Birdwatch Pro").build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
        let html = try #require(TestSite.file("en-US/pro/index.html", of: result))
        #expect(html.contains("data-product-id=\"pro.yearly\""))
    }

    @Test func aReferenceNameTwoGroupsShareIsAnErrorNamingBoth() {
        let second = """
              - id: D129D5D3
                name: Birdwatch Pro
                subscriptions:
                  - { id: other.monthly, level: 1, period: P1M, price: { USA: "1.99" } }

            """
        let errors = TestSite().catalog(replacing: "subscriptionGroups:\n", with: "subscriptionGroups:\n" + second)
            .page(replacing: "groupID: birdwatch.pro", with: "groupID: Birdwatch Pro").errors
        expectError(errors, "no subscription group 'Birdwatch Pro'", file: "site/content/pro.md", line: 3,
                    hint: "2 groups have that reference name: group 'Birdwatch Pro' (D129D5D3), group 'Birdwatch Pro' (birdwatch.pro); write the ID of one")
    }

    @Test func anUnknownGroupListsTheGroupsByNameAndID() {
        let errors = TestSite().page(replacing: "groupID: birdwatch.pro", with: "groupID: zzzzzzzzzzzzzzzzzzzzzzz").errors
        expectError(errors, "no subscription group 'zzzzzzzzzzzzzzzzzzzzzzz'", file: "site/content/pro.md", line: 3,
                    hint: "the catalog's groups are: group 'Birdwatch Pro' (birdwatch.pro)")
    }
}

/// `Diagnostics.counted`: one line per repeated kind, saying how many and where.
@Suite struct CountedDiagnosticsTests {
    static func missing(_ subject: String, _ locale: String, line: Int) -> Diagnostic {
        .warning(SourceLocation(file: "catalog.yml", line: line, column: 5), "\(subject) has no \(locale) text; using en-US", hint: "add a \(locale) localization",
                 group: Diagnostic.Group(key: "no text", subject: subject, plural: "subscriptions", place: locale,
                                         one: "has no text in {places}; using en-US", many: "have no text in {places}; using en-US", hint: "add them"))
    }

    @Test func repeatedWarningsCountIntoOneLineAtTheFirstsPlace() {
        let other = Diagnostic.warning(SourceLocation(file: "paywall.yml", line: 1, column: 1), "something else")
        let all = ["de-DE", "fr-FR", "ja-JP", "ko-KR"].flatMap { locale in [Self.missing("subscription 'a'", locale, line: 3), Self.missing("subscription 'b'", locale, line: 9)] }
        let counted = Diagnostics.counted([other] + all)
        #expect(counted.map(\.description) == [
            "paywall.yml:1:1: warning: something else",
            "catalog.yml:3:5: warning: 2 subscriptions have no text in 4 locales (de-DE, fr-FR, ja-JP, …); using en-US; add them",
        ])
    }

    @Test func oneSubjectOrOnePlaceReadsAsSuch() {
        #expect(Diagnostics.counted(["de-DE", "fr-FR"].map { Self.missing("subscription 'a'", $0, line: 3) }).map(\.message)
                == ["subscription 'a' has no text in 2 locales (de-DE, fr-FR); using en-US"])
        #expect(Diagnostics.counted(["a", "b"].map { Self.missing("subscription '\($0)'", "de-DE", line: 3) }).map(\.message)
                == ["2 subscriptions have no text in de-DE; using en-US"])
        let single = Self.missing("subscription 'a'", "de-DE", line: 3)
        #expect(Diagnostics.counted([single]) == [single], "a warning that is not repeated stays as it is")
    }

    @Test func carryIntoStripesClientReferenceIDIsWarnedAboutOnce() throws {
        let carrying = TestSite().config(replacing: "actions:\n", with: "actions:\n  carry: { app_user_id: client_reference_id }\n")
        let warnings = try #require(carrying.build().config).carryWarnings
        #expect(warnings.count == 1 && warnings.first?.severity == .warning)
        #expect(warnings.first?.message.contains("fills client_reference_id from 'app_user_id'") == true)
        #expect(warnings.first?.location.line == TestSite.line(of: "  carry:", in: carrying.config ?? ""))
        let other = TestSite().config(replacing: "actions:\n", with: "actions:\n  carry: [utm_source]\n")
        #expect(try #require(other.build().config).carryWarnings.isEmpty, "another parameter is not Stripe's")
    }

}
