import Foundation
import Testing
@testable import PaywallKit

/// Nothing replaces another file in silence: two things that write one output path, two files for one language, two
/// names a Mac's disk takes for one, and locales that are not languages are errors that name both.
@Suite struct OutputCollisionTests {
    let site = TestSite()

    @Test func anAssetNamedLikeTheStylesheetIsAnErrorNamingBoth() throws {
        let first = site.build()
        let stylesheet = try #require(first.files.map(\.path).first { $0.hasPrefix("assets/paywall.") && $0.hasSuffix(".css") })
        let result = site.with { $0.assets[String(stylesheet.dropFirst("assets/".count))] = Data("body{}".utf8) }.build()
        let error = theError(result.diagnostics.errors, containing: "both write the output file '\(stylesheet)'")
        #expect(error?.message.contains("the theme's stylesheet") == true)
        #expect(error?.location.file == "site/\(stylesheet)")
        #expect(result.files.isEmpty)
    }

    @Test func aPolicyPageAndAStorePageSectionOnOnePathAreAnError() {
        let result = site
            .catalog(replacing: "subscriptionGroups:", with: "nonConsumables:\n  - { id: lifetime, referenceName: Lifetime, price: { USA: \"99.99\" } }\nsubscriptionGroups:")
            .config(replacing: "privacyPolicy: https://example.com/privacy", with: "privacyPolicy: { page: lifetime.md }")
            .with { site in
                site.content["lifetime.md"] = "# Privacy\n\nWe keep nothing.\n"
                site.content["policies.md"] = "---\ntitle: Plans\nproductIDs: [pro.monthly, lifetime]\noptionGroups: { style: links, groupBy: period }\n---\nPlans.\n"
            }
            .build()
        let error = theError(result.diagnostics.errors, containing: "both write the output file 'en-US/policies/lifetime/index.html'")
        #expect(error?.message.contains("site/content/policies.md") == true, "\(String(describing: error))")
        #expect(error?.message.contains("privacyPolicy page site/content/lifetime.md") == true, "\(String(describing: error))")
    }

    /// One error at the file, not also the collisions its folders would have had with the root's files.
    @Test("a page named like a file at the root or like a locale is one error",
          arguments: ["404.html", "offers.json", "paywall-manifest.json", "_headers", "assets", "Assets", "en-US", "en-us"])
    func aPageNamedLikeWhatTheRootHolds(_ name: String) {
        let result = site.with { $0.content["\(name).md"] = TestSite.defaultPage }.build()
        let what = name.lowercased() == "en-us" ? "the en-US locale's pages" : "paywall's own \(name)"
        expectError(result.diagnostics.errors, "the page '\(name)' would be written at \(name)/, where the output holds \(what)",
                    file: "site/content/\(name).md", line: 1)
        #expect(result.diagnostics.errors.count == 1, "\(result.diagnostics.errors)")
        #expect(result.files.isEmpty)
    }

    @Test("a locale must be a language ICU knows, never an output folder", arguments: ["assets", "policies", "zz-ZZ", "en-QQ"])
    func unknownLocale(_ locale: String) {
        let errors = site.config(replacing: "locales: [en-US]", with: "locales: [en-US, \(locale)]").errors
        expectError(errors, "'\(locale)' is not a locale ICU knows", file: "site/paywall.yml",
                    line: TestSite.line(of: "locales:", in: TestSite.defaultConfig))
    }

    /// The names paywall writes at the output's top are the names the types that write them use.
    @Test func theReservedPageNamesAreTheRootFilesNames() {
        let written = [PageOffers.fileName, ExperimentsFile.fileName, Manifest.fileName, Sitemap.fileName]
        #expect(LoadedSite.reservedPageNames.isSuperset(of: written))
    }

    @Test func knownLocalesStillLoad() {
        // Old Provençal's code is `pro`: the site's page is named otherwise, as a page cannot have a locale's folder.
        let result = site.config(replacing: "locales: [en-US]", with: "locales: [en-US, pro, zh-Hans, sr-Latn-RS, es-419]")
            .with { $0.content = ["plans.md": TestSite.defaultPage] }.build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.errors)")
    }

    @Test("two files for one language are an error naming both", arguments: [("pro.he.md", "pro.iw.md"), ("pro.de-DE.md", "pro.de-de.md")])
    func twoFilesForOneLanguage(_ a: String, _ b: String) {
        let errors = site.with { site in
            site.content[a] = "---\ntitle: A\n---\nA\n"
            site.content[b] = "---\ntitle: B\n---\nB\n"
        }.errors
        let error = theError(errors, containing: "are both the")
        #expect(error?.message.contains("site/content/\(a)") == true && error?.message.contains("site/content/\(b)") == true, "\(errors)")
    }

    @Test func pagesThatDifferOnlyInCaseAreAnError() {
        let errors = site.with { $0.content["Pro.md"] = TestSite.defaultPage }.errors
        #expect(theError(errors, containing: "the pages 'Pro' and 'pro' differ only in case") != nil)
    }

    @Test func productIDsThatDifferOnlyInCaseAreAnError() {
        let errors = site.catalog(replacing: "- id: pro.yearly", with: "- id: Pro.Monthly").errors
        expectError(errors, "'pro.monthly' (line 7) and 'Pro.Monthly' differ only in case", file: "site/catalog.yml",
                    line: TestSite.line(of: "- id: pro.yearly", in: TestSite.defaultCatalog))
    }

    @Test func aDottedNameThatNoLocaleUsesIsAWarningNotASilentDrop() {
        let result = site.with { $0.content["pro.pro.md"] = "---\ntitle: Plans\n---\nPlans.\n" }.build()
        let warning = result.diagnostics.warnings.first { $0.location.file == "site/content/pro.pro.md" }
        #expect(warning?.message.contains("pro (Old Provençal) translation of 'pro'") == true, "\(result.diagnostics.all)")
        #expect(warning?.hint?.contains("pro-pro.md") == true)
    }

    @Test func theSameLocaleTwiceInACatalogsLocalizationsIsAnError() {
        let errors = site.catalog(replacing: "en-US: { displayName: Monthly, description: Billed every month. }",
                                  with: "en-US: { displayName: Monthly, description: Billed every month. }\n          en_US: { displayName: Other }").errors
        #expect(theError(errors, containing: "'en_US' and 'en-US' are the same locale (en-US)") != nil)
    }

    @Test func theSameLocaleTwiceInAStorekitFileIsAnError() throws {
        let storekit = """
            { "identifier": "X", "products": [], "settings": {}, "version": { "major": 3, "minor": 0 },
              "subscriptionGroups": [ { "id": "1", "name": "Pro", "localizations": [], "subscriptions": [
                { "productID": "pro.monthly", "referenceName": "Monthly", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M",
                  "displayPrice": "4.99", "familyShareable": false, "type": "RecurringSubscription", "internalID": "1",
                  "localizations": [ { "locale": "en_US", "displayName": "Monthly", "description": "A" },
                                     { "locale": "en_US", "displayName": "Other", "description": "B" } ] } ] } ] }
            """
        var diagnostics = Diagnostics()
        _ = StoreKitLoader.load(try YAML.parse(storekit, file: "p.storekit"), file: "p.storekit", diagnostics: &diagnostics)
        #expect(diagnostics.errors.contains { $0.message.contains("a second localization for en-US") }, "\(diagnostics.all)")
    }
}
