import Foundation
import PaywallPlatform
import PaywallTestSupport
import Testing
@testable import PaywallKit

/// Every kind of bad input is an error naming the file, the place and the fix (DESIGN.md section 1 and 2).
@Suite struct BadInputTests {
    let site = TestSite()
    let config = "site/paywall.yml"
    let catalog = "site/catalog.yml"
    let page = "site/content/pro.md"

    @Test func theDefaultTestSiteBuildsWithoutDiagnostics() {
        let result = site.build()
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.all.map(\.description))")
        #expect(result.files.contains { $0.path == "en-US/pro/index.html" })
    }

    // MARK: 1. Syntax errors

    @Test func yamlSyntaxErrorInPaywallYmlIsReportedAtItsLine() {
        let errors = site.config(replacing: "app: { name: Birdwatch }", with: "app: name: Birdwatch").errors
        let line = TestSite.line(of: "app:", in: TestSite.defaultConfig)
        expectError(errors, "YAML syntax error", file: config, line: line, column: 10, hint: "indentation")
    }

    @Test func yamlSyntaxErrorInCatalogIsReportedAtItsLine() {
        let errors = site.catalog(replacing: "period: P1M", with: "period: P1M: monthly").errors
        let line = TestSite.line(of: "period: P1M", in: TestSite.defaultCatalog)
        expectError(errors, "YAML syntax error", file: catalog, line: line, column: 20)
    }

    @Test func yamlSyntaxErrorInFrontMatterCountsTheOpeningDashLine() {
        // `groupID` is on line 3 of the file, line 2 of the front matter.
        let errors = unique(site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch: pro").errors)
        expectError(errors, "YAML syntax error", file: page, line: 3, column: 19)
    }

    @Test func yamlSyntaxErrorInATranslationIsReportedInTheTranslationFile() {
        let errors = site.with { $0.content["pro.de.md"] = "---\ntitle: Birdwatch\nbadges: { pro.yearly: [ }\n---\n# Pro\n" }
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]").errors
        expectError(unique(errors), "YAML syntax error", file: "site/content/pro.de.md", line: 3)
    }

    @Test func jsonSyntaxErrorInStoreKitFileIsReportedAtItsLine() {
        let json = """
            {
              "settings": { "_storefront": "USA" },
              "subscriptionGroups": [
                { "id": "g1" "name": "Pro" }
              ]
            }
            """
        let errors = storeKitSite(json).errors
        expectError(errors, "syntax error", file: "site/Products.storekit", line: 4, column: 18)
    }

    // MARK: 2. Encoding and shape

    static let notUTF8 = Data([0xFF, 0xFE, 0x73, 0x00, 0x75, 0x00, 0x62, 0x00, 0x0A, 0x00])

    @Test(arguments: ["catalog.yml", "Products.storekit"])
    func catalogThatIsNotUTF8IsAnErrorNamingTheFile(_ path: String) {
        let errors = site.config(replacing: "catalog: catalog.yml", with: "catalog: \(path)")
            .with { $0.catalogPath = path; $0.catalog = Self.notUTF8 }.errors
        expectError(errors, "not UTF-8", file: "site/\(path)", line: 1, hint: "UTF-8")
    }

    @Test(arguments: ["paywall.yml", "content/pro.md"])
    func textFileThatIsNotUTF8IsAnErrorNamingTheFile(_ path: String) {
        var files = TestSite().files(under: "site")
        files["site/" + path] = Self.notUTF8
        let inputs = SiteInputs.load("site", fs: .bytes(files))
        #expect(inputs.unreadable == ["site/" + path])
        let errors = SiteBuilder.build(inputs).diagnostics.errors
        expectError(errors, "not UTF-8", file: "site/" + path, line: 1, hint: "UTF-8")
    }

    @Test(arguments: [
        ("[]", "must be a JSON object, not a list", 1),
        ("\"hello\"", "must be a JSON object", 1),
        ("{\n  \"subscriptionGroups\": \"monthly\"\n}", "subscriptionGroups must be a list", 2),
        ("{\n  \"subscriptionGroups\": [\n    \"monthly\"\n  ]\n}", "a subscription group must be an object", 3),
        ("{\n  \"subscriptionGroups\": [ { \"id\": \"g\", \"subscriptions\": { \"a\": 1 } } ]\n}", "subscriptions must be a list", 2),
        ("{\n  \"products\": []\n}", "has no subscription groups", 1),
    ])
    func storeKitFileOfTheWrongShapeIsAnError(_ json: String, _ fragment: String, _ line: Int) {
        let errors = storeKitSite(json).errors
        expectError(errors, fragment, file: "site/Products.storekit", line: line)
    }

    // MARK: 3. Unknown groups and products

    @Test func unknownGroupIDIsReportedAtTheGroupIDLineWithDidYouMean() {
        let errors = site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pr0").errors
        let error = expectError(errors, "no subscription group 'birdwatch.pr0'", file: page, line: 3, column: 10,
                                hint: "did you mean 'birdwatch.pro'?")
        #expect(error?.message.contains("site/catalog.yml") == true)
    }

    @Test func unknownGroupIDFarFromAnyListsTheCatalogsGroups() {
        let errors = site.page(replacing: "groupID: birdwatch.pro", with: "groupID: premium").errors
        expectError(errors, "no subscription group 'premium'", file: page, line: 3, hint: "birdwatch.pro")
    }

    @Test func unknownProductIDInProductIDsIsReportedAtItsLineWithDidYouMean() {
        let errors = site.page(replacing: "groupID: birdwatch.pro", with: "productIDs: [pro.yearly, pro.montly]").errors
        expectError(errors, "no product 'pro.montly'", file: page, line: 3, hint: "did you mean 'pro.monthly'?")
    }

    @Test func unknownProductIDInABlockListIsReportedAtItsOwnLine() {
        // pro.jahr is on line 5 of the translation; line 4 holds pro.yearly, which is fine.
        let errors = site.with { $0.content["pro.de.md"] = "---\ntitle: Pro\nproductIDs:\n  - pro.yearly\n  - pro.jahr\n---\n" }
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .page(replacing: "groupID: birdwatch.pro", with: "productIDs: [pro.yearly]").errors
        expectError(errors, "no product 'pro.jahr'", file: "site/content/pro.de.md", line: 5, column: 5)
    }

    // MARK: 4. Duplicates

    @Test func duplicateProductIDIsReportedAtTheSecondOccurrence() {
        let first = TestSite.line(of: "id: pro.monthly", in: TestSite.defaultCatalog)
        let second = TestSite.line(of: "id: pro.yearly", in: TestSite.defaultCatalog)
        let errors = site.catalog(replacing: "- id: pro.yearly", with: "- id: pro.monthly").errors
        let error = expectError(errors, "duplicate product ID 'pro.monthly'", file: catalog, line: second,
                                column: TestSite.column(of: "id: pro.monthly", in: TestSite.defaultCatalog))
        #expect(error?.message.contains("first at line \(first)") == true)
    }

    @Test func duplicateProductIDAcrossGroupsIsReported() {
        let text = TestSite.defaultCatalog + """
              - id: birdwatch.plus
                subscriptions:
                  - { id: pro.yearly, level: 1, period: P1Y, price: { USA: "9.99" } }

            """
        let errors = site.with { $0.catalogText = text }.errors
        expectError(errors, "duplicate product ID 'pro.yearly'", file: catalog,
                    line: TestSite.line(of: "{ id: pro.yearly", in: text))
    }

    @Test func duplicateGroupIDIsReported() {
        let text = TestSite.defaultCatalog + """
              - id: birdwatch.pro
                subscriptions:
                  - { id: other.yearly, level: 1, period: P1Y, price: { USA: "9.99" } }

            """
        let errors = site.with { $0.catalogText = text }.errors
        expectError(errors, "duplicate subscription group ID 'birdwatch.pro'", file: catalog,
                    line: TestSite.line(of: "{ id: other.yearly", in: text) - 2)
    }

    // MARK: 5. Periods

    @Test(arguments: ["P1X", "1M", "P0M", "P1.5M", "P1m", "month"])
    func invalidISO8601PeriodIsAnError(_ period: String) {
        let errors = site.catalog(replacing: "period: P1M", with: "period: \"\(period)\"").errors
        expectError(errors, "'\(period)' is not an ISO 8601 period", file: catalog,
                    line: TestSite.line(of: "period: P1M", in: TestSite.defaultCatalog),
                    column: TestSite.column(of: "P1M", in: TestSite.defaultCatalog), hint: "P1M")
    }

    @Test func invalidPeriodOfAnOfferIsAnError() {
        let errors = site.catalog(replacing: "price: { USA: \"4.99\" }",
                                  with: "price: { USA: \"4.99\" }\n        introductoryOffer: { paymentMode: freeTrial, period: P2X }").errors
        expectError(errors, "'P2X' is not an ISO 8601 period", file: catalog,
                    line: TestSite.line(of: "price: { USA: \"4.99\" }", in: TestSite.defaultCatalog) + 1)
    }

    /// A free trial with a price would be shown as free while the checkout may charge it.
    @Test func aFreeTrialWithAPriceIsAnErrorAtThePrice() {
        let offer = "introductoryOffer: { paymentMode: freeTrial, period: P1W, price: { USA: \"0.99\" } }"
        let errors = site.catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { USA: \"4.99\" }\n        " + offer).errors
        expectError(errors, "a freeTrial offer has no price, but this one has a price", file: catalog,
                    line: TestSite.line(of: "price: { USA: \"4.99\" }", in: TestSite.defaultCatalog) + 1,
                    column: 8 + TestSite.column(of: "price: { USA: \"0", in: offer), hint: "payAsYouGo")
    }

    // MARK: 6. Prices

    @Test(arguments: ["4,99", "$4.99", "abc", "4.99 USD", "-4.99", "4.", ".99", "1e3", ""])
    func priceThatIsNotADecimalNumberIsAnError(_ price: String) {
        let errors = site.catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { USA: \"\(price)\" }").errors
        expectError(errors, "'\(price)' is not a decimal number", file: catalog,
                    line: TestSite.line(of: "\"4.99\"", in: TestSite.defaultCatalog),
                    column: TestSite.column(of: "\"4.99\"", in: TestSite.defaultCatalog), hint: "4.99")
    }

    @Test func priceKeyedByANonStorefrontIsAnError() {
        let errors = site.catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { usd: \"4.99\" }").errors
        expectError(errors, "'usd' is not an App Store storefront code", file: catalog,
                    line: TestSite.line(of: "\"4.99\"", in: TestSite.defaultCatalog), hint: "USA")
    }

    // MARK: 7. Storefronts without prices

    @Test func localeWhoseStorefrontHasNoPriceIsAnErrorAtTheProductsPriceLine() {
        let errors = site.config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .config(replacing: "storefronts: { default: USA }", with: "storefronts: { de-DE: DEU }").errors
        for (id, price) in [("pro.monthly", "price: { USA: \"4.99\" }"), ("pro.yearly", "price: { USA: \"49.99\" }")] {
            let error = expectError(errors, "subscription '\(id)' has no price for storefront DEU", file: catalog,
                                    line: TestSite.line(of: price, in: TestSite.defaultCatalog),
                                    column: TestSite.column(of: price, in: TestSite.defaultCatalog),
                                    hint: "storefronts")
            #expect(error?.message.contains("de-DE") == true)
        }
        #expect(errors.count == 2, "\(errors.map(\.description))")
    }

    @Test func offerWithoutPriceForTheStorefrontIsAnErrorAtTheOffer() {
        let offer = "introductoryOffer: { paymentMode: payUpFront, period: P3M, price: { DEU: \"1.99\" } }"
        let errors = site.catalog(replacing: "price: { USA: \"4.99\" }", with: "price: { USA: \"4.99\" }\n        \(offer)").errors
        expectError(errors, "has no price for storefront USA", file: catalog,
                    line: TestSite.line(of: "price: { USA: \"4.99\" }", in: TestSite.defaultCatalog) + 1)
    }

    // MARK: Helpers

    /// The errors without repeats, in their first order (for tests about where an error is, not how often).
    func unique(_ errors: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return errors.filter { seen.insert($0).inserted }
    }

    /// The test site with its catalog replaced by a `.storekit` file.
    func storeKitSite(_ json: String) -> TestSite {
        site.config(replacing: "catalog: catalog.yml", with: "catalog: Products.storekit")
            .with { $0.catalogPath = "Products.storekit"; $0.catalogText = json }
    }
}
