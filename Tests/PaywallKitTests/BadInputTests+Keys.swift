import Foundation
import Testing
@testable import PaywallKit

/// Bad input, continued: misspelled keys and values (with the right one suggested) and broken front matter framing.
extension BadInputTests {
    // MARK: 8. Misspelled keys

    @Test func misspelledFrontMatterKeySuggestsTheRightOne() {
        let errors = site.page(replacing: "groupID:", with: "groupId:").errors
        expectError(errors, "unknown key 'groupId'", file: page, line: 3, column: 1, hint: "did you mean 'groupID'?")
    }

    @Test(arguments: [
        ("controlStyle: prominentPicker", "controlStyle: prominentPickr", "'prominentPickr' is not a valid controlStyle", "prominentPicker"),
        ("visibleRelationships: [upgrade]", "visibleRelationships: [upgrades]", "'upgrades' is not a valid relationship", "upgrade"),
        ("storeButtons: { redeemCode: hidden }", "storeButtons: { redeemCod: hidden }", "unknown store button 'redeemCod'", "redeemCode"),
        ("background: { color: \"#000000\" }", "background: { colour: \"#000000\" }", "unknown key 'colour'", "color"),
    ])
    func misspelledFrontMatterValueSuggestsTheRightOne(_ good: String, _ bad: String, _ fragment: String, _ suggestion: String) {
        #expect(site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\n\(good)").errors.isEmpty)
        let errors = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\n\(bad)").errors
        expectError(errors, fragment, file: page, line: 3, hint: "did you mean '\(suggestion)'?")
    }

    @Test func misspelledPaywallYmlKeySuggestsTheRightOne() {
        let errors = site.config(replacing: "defaultLocale:", with: "defaultLocal:").errors
        expectError(errors, "unknown key 'defaultLocal'", file: config,
                    line: TestSite.line(of: "defaultLocale", in: TestSite.defaultConfig), column: 1,
                    hint: "did you mean 'defaultLocale'?")
    }

    @Test func misspelledNestedPaywallYmlKeySuggestsTheRightOne() {
        let errors = site.config(replacing: "  subscribe:", with: "  subscibe:").errors
        expectError(errors, "unknown key 'subscibe'", file: config,
                    line: TestSite.line(of: "subscribe:", in: TestSite.defaultConfig), column: 3,
                    hint: "did you mean 'subscribe'?")
    }

    @Test func misspelledStorefrontSuggestsTheRightOne() {
        let errors = site.config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: USAA }").errors
        expectError(errors, "'USAA' is not an App Store storefront", file: config,
                    line: TestSite.line(of: "storefronts", in: TestSite.defaultConfig), column: 25, hint: "did you mean 'USA'?")
    }

    @Test func lowercaseStorefrontIsNormalizedOrRejectedAtItsPlace() {
        // Either works as USA, or is an error in paywall.yml; never a price error against a storefront "usa".
        let errors = site.config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: usa }").errors
        #expect(!errors.contains { $0.message.contains("storefront usa") }, "\(errors.map(\.description))")
        if let error = errors.first {
            #expect(error.location.file == config && error.location.line == 5, "\(error)")
            #expect(error.hint?.contains("USA") == true)
        }
    }

    @Test func misspelledCatalogKeySuggestsTheRightOne() {
        let errors = site.catalog(replacing: "referenceName: Pro Monthly", with: "referenceNam: Pro Monthly").errors
        expectError(errors, "unknown key 'referenceNam'", file: catalog,
                    line: TestSite.line(of: "referenceName: Pro Monthly", in: TestSite.defaultCatalog),
                    column: TestSite.column(of: "referenceName: Pro Monthly", in: TestSite.defaultCatalog),
                    hint: "did you mean 'referenceName'?")
    }

    @Test func misspelledTopLevelCatalogKeySuggestsTheRightOne() {
        let errors = site.catalog(replacing: "subscriptionGroups:", with: "subscriptionGroup:").errors
        expectError(errors, "unknown key 'subscriptionGroup'", file: catalog, line: 1, column: 1,
                    hint: "did you mean 'subscriptionGroups'?")
    }

    // MARK: 9. Front matter framing

    @Test func unterminatedFrontMatterIsAnError() {
        let errors = unique(site.with { $0.content["pro.md"] = "---\ntitle: Birdwatch Pro\ngroupID: birdwatch.pro\n# Birdwatch Pro\n" }.errors)
        expectError(errors, "front matter is not closed", file: page, line: 1, hint: "---")
    }

    @Test func pageWithoutFrontMatterIsAnError() {
        let errors = unique(site.with { $0.content["pro.md"] = "# Birdwatch Pro\n\nEvery bird.\n" }.errors)
        expectError(errors, "has no front matter", file: page, line: 1, hint: "groupID")
    }

    @Test func aPageNamingNeitherGroupNorProductsIsPlainAndRefusesOptionKeys() {
        #expect(site.page(replacing: "groupID: birdwatch.pro\n", with: "").errors.isEmpty, "a plain page (PlainPageTests)")
        let errors = site.page(replacing: "groupID: birdwatch.pro\n", with: "badges: { pro.yearly: Best }\n").errors
        expectError(errors, "'badges' is about options, and this page has none", file: page, line: 3, hint: "groupID")
    }

    @Test func pageNamingBothGroupAndProductsIsAnError() {
        let errors = site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pro\nproductIDs: [pro.yearly]").errors
        expectError(errors, "both groupID and productIDs", file: page, line: 4)
    }

    @Test(arguments: [
        "---\ntitle: Birdwatch Pro\ngroupID: birdwatch.pro\n# Birdwatch Pro\n",
        "# Birdwatch Pro\n",
        "---\ntitle: Birdwatch Pro\ngroupID: birdwatch: pro\n---\n# Birdwatch Pro\n",
        "---\n- groupID\n---\n# Birdwatch Pro\n",
    ])
    func brokenFrontMatterIsReportedOnce(_ text: String) {
        // Two locales served by the same file: still one error.
        let errors = site.config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .with { $0.content["pro.md"] = text }.errors
        #expect(errors.count == 1, "\(errors.map(\.description))")
    }

    @Test func brokenTranslationIsReportedOnce() {
        let errors = site.config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE, de-AT]")
            .with { $0.content["pro.de.md"] = "---\ntitle: [\n---\n" }.errors
        #expect(errors.count == 1, "\(errors.map(\.description))")
        #expect(errors.first?.location.file == "site/content/pro.de.md")
    }
}
