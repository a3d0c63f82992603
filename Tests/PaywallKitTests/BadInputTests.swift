import Foundation
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
        var files: [String: Data] = [
            "site/paywall.yml": Data(TestSite.defaultConfig.utf8),
            "site/catalog.yml": Data(TestSite.defaultCatalog.utf8),
            "site/content/pro.md": Data(TestSite.defaultPage.utf8),
        ]
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

    // MARK: 10. Unsafe links

    /// (URL as a YAML double-quoted scalar, the text the message must contain).
    static let unsafeURLs: [(String, String)] = [
        ("javascript:alert(1)", "'javascript:'"),
        ("JaVaScRiPt:alert(1)", "'javascript:'"),
        ("java\\tscript:alert(1)", "control character"),
        ("java\\nscript:alert(1)", "control character"),
        (" javascript:alert(1)", "'javascript:'"),
        ("data:text/html,<script>alert(1)</script>", "'data:'"),
        ("http://pay.example.com/checkout", "'http:'"),
        ("//pay.example.com/checkout", "has no scheme"),
        ("vbscript:msgbox(1)", "'vbscript:'"),
        ("\\u0001javascript:alert(1)", "control character"),
        ("\\\\\\\\evil.example/x", "has no scheme"),
    ]

    @Test(arguments: unsafeURLs)
    func unsafeActionURLIsRejected(_ url: String, _ fragment: String) {
        let errors = site.config(replacing: "subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}",
                                 with: "subscribe: \"\(url)\"").errors
        expectError(errors, fragment, file: config, line: TestSite.line(of: "subscribe:", in: TestSite.defaultConfig),
                    column: TestSite.column(of: "https://pay", in: TestSite.defaultConfig))
        #expect(errors.first?.message.contains("actions.subscribe") == true)
    }

    @Test(arguments: unsafeURLs)
    func unsafeSitePolicyURLIsRejected(_ url: String, _ fragment: String) {
        let errors = site.config(replacing: "termsOfService: https://example.com/terms", with: "termsOfService: \"\(url)\"").errors
        expectError(errors, fragment, file: config, line: TestSite.line(of: "termsOfService", in: TestSite.defaultConfig),
                    column: TestSite.column(of: "https://example.com/terms", in: TestSite.defaultConfig))
        #expect(errors.first?.message.contains("policies.termsOfService") == true)
    }

    @Test(arguments: unsafeURLs)
    func unsafePagePolicyURLIsRejected(_ url: String, _ fragment: String) {
        let errors = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\npolicies:\n  privacyPolicy: \"\(url)\"").errors
        expectError(errors, fragment, file: page, line: 4, column: 18)
        #expect(errors.first?.message.contains("policies.privacyPolicy") == true)
    }

    @Test(arguments: unsafeURLs)
    func unsafeCatalogPolicyURLIsRejected(_ url: String, _ fragment: String) {
        let text = TestSite.defaultCatalog + "appPolicies:\n  privacyPolicy: \"\(url)\"\n"
        let errors = site.with { $0.catalogText = text }.errors
        expectError(errors, fragment, file: catalog, line: TestSite.line(of: "privacyPolicy", in: text), column: 18)
    }

    @Test(arguments: [
        ("javascript:alert(1)", "'javascript:'"),
        ("JaVaScRiPt:alert(1)", "'javascript:'"),
        ("data:text/html,hi", "'data:'"),
        ("http://example.com/", "'http:'"),
        ("//example.com/", "has no scheme"),
    ])
    func unsafeLinkInMarkdownBodyIsReportedAtTheBodyLine(_ url: String, _ fragment: String) {
        // "Identify every bird you hear." is on line 7 of the file.
        let errors = site.page(replacing: "Identify every bird you hear.", with: "Identify every bird [you hear](\(url)).").errors
        expectError(errors, fragment, file: page, line: 7, column: 21)
    }

    @Test func unsafeLinkInATranslationBodyIsReportedInTheTranslation() {
        let errors = site.config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .with { $0.content["pro.de.md"] = "---\ntitle: Pro\n---\n# Pro\n\nMehr [hier](javascript:alert(1)).\n" }.errors
        expectError(errors, "'javascript:'", file: "site/content/pro.de.md", line: 6, column: 6)
    }

    @Test(arguments: ["subscribe", "restorePurchases", "redeemCode", "signIn", "cancellation"])
    func everyActionRejectsJavascriptURLs(_ action: String) {
        let errors = site.config(replacing: "subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}",
                                 with: action == "subscribe" ? "subscribe: \"javascript:alert(1)\""
                                     : "subscribe: https://pay.example.com/checkout\n  \(action): \"javascript:alert(1)\"").errors
        expectError(errors, "actions.\(action) uses the 'javascript:' scheme", file: config,
                    line: action == "subscribe" ? 8 : 9, column: action.count + 5)
    }

    @Test func unsafeImageInMarkdownBodyIsReported() {
        let errors = site.page(replacing: "Identify every bird you hear.", with: "Birds:\n\n![a bird](data:image/png;base64,AAAA)").errors
        expectError(errors, "'data:'", file: page, line: 9, column: 1)
    }

    @Test func safeLinksAreAccepted() {
        let result = site.page(replacing: "Identify every bird you hear.",
                               with: "See [terms](https://example.com/terms), [help](help/) and [top](#top).").build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
    }

    @Test func baseURLMustBeHTTPS() {
        let errors = site.config(replacing: "baseURL: https://example.com/subscribe/", with: "baseURL: http://example.com/subscribe/").errors
        expectError(errors, "'http:'", file: config, line: 1, column: 10)
    }

    // MARK: 11. Missing files

    @Test func missingCatalogFileIsReportedWhereItIsNamedWithThePathLookedFor() {
        let errors = site.with { $0.catalog = nil }.errors
        // `catalog: catalog.yml` is line 2; the value starts at column 10.
        let error = expectError(errors, "catalog file does not exist", file: config, line: 2, column: 10, hint: "catalog:")
        #expect(error?.message.contains("looked for site/catalog.yml") == true)
    }

    @Test func missingPaywallYmlIsAnError() {
        let errors = site.with { $0.config = nil }.errors
        expectError(errors, "no paywall.yml", file: config, line: 1, hint: "paywall init")
    }

    @Test func controlIconNotInAssetsIsReportedAtItsValue() {
        let errors = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\ncontrolIcons: { pro.yearly: assets/star.svg }")
            .with { $0.assets = ["feather.svg": Data("<svg/>".utf8)] }.errors
        let error = expectError(errors, "'assets/star.svg' is not a file in assets/", file: page, line: 3, column: 29, hint: "assets/")
        #expect(error?.message.contains("looked for site/assets/star.svg") == true)
    }

    @Test func controlIconNearMissSuggestsTheAsset() {
        let errors = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\ncontrolIcons: { pro.yearly: assets/str.svg }")
            .with { $0.assets = ["star.svg": Data("<svg/>".utf8)] }.errors
        expectError(errors, "'assets/str.svg' is not a file in assets/", file: page, line: 3,
                    hint: "did you mean 'assets/star.svg'?")
    }

    @Test func policyPageNotInContentIsReportedAtItsNameWithThePathLookedFor() {
        let errors = site.config(replacing: "termsOfService: https://example.com/terms", with: "termsOfService: { page: terms.md }").errors
        let line = TestSite.line(of: "termsOfService", in: TestSite.defaultConfig)
        let error = expectError(errors, "the policy page 'terms.md' is not in content/", file: config, line: line, column: 27,
                                hint: "content/terms.md")
        #expect(error?.message.contains("looked for site/content/terms.md") == true)
    }

    @Test func appIconNotInAssetsIsReportedAtItsValue() {
        let errors = site.config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch, icon: assets/icon.svg }").errors
        expectError(errors, "app.icon 'assets/icon.svg' is not a file in assets/", file: config,
                    line: TestSite.line(of: "app:", in: TestSite.defaultConfig), column: 31)
    }

    @Test func productIconNotInAssetsIsReportedAtItsIconLine() {
        let errors = site.catalog(replacing: "referenceName: Pro Yearly", with: "referenceName: Pro Yearly\n        icon: assets/star.svg").errors
        expectError(errors, "'assets/star.svg' is not a file in assets/", file: catalog,
                    line: TestSite.line(of: "referenceName: Pro Yearly", in: TestSite.defaultCatalog) + 1, column: 15)
    }

    @Test func oneTimeProductIconNotInAssetsIsReportedAtItsIconLine() {
        let errors = site.catalog(replacing: "subscriptionGroups:", with: "nonConsumables:\n  - { id: lifetime, price: { USA: \"99.99\" },\n      icon: assets/infinity.svg }\nsubscriptionGroups:").errors
        expectError(errors, "the icon of 'lifetime' 'assets/infinity.svg' is not a file in assets/", file: catalog, line: 3, column: 13)
    }

    @Test func backgroundImageNotInAssetsIsReportedAtItsValue() {
        let errors = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\nbackground: { image: assets/sky.jpg }").errors
        expectError(errors, "'assets/sky.jpg' is not a file in assets/", file: page, line: 3, column: 22)
    }

    @Test func assetsThatExistAreAccepted() {
        let result = site.page(replacing: "title: Birdwatch Pro", with: "title: Birdwatch Pro\ncontrolIcons: { pro.yearly: assets/star.svg }")
            .config(replacing: "app: { name: Birdwatch }", with: "app: { name: Birdwatch, icon: assets/icon.svg }")
            .with { $0.assets = ["star.svg": Data("<svg/>".utf8), "icon.svg": Data("<svg/>".utf8)] }.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        #expect(result.files.contains { $0.path == "assets/star.svg" })
    }

    // MARK: 12. Every error at once

    @Test func threeErrorsInTheCatalogAreAllReported() {
        let errors = site.catalog(replacing: "period: P1M", with: "period: P1X")
            .catalog(replacing: "price: { USA: \"49.99\" }", with: "price: { USA: \"49,99\" }")
            .catalog(replacing: "referenceName: Pro Monthly", with: "referenceNam: Pro Monthly").errors
        #expect(errors.count == 3, "\(errors.map(\.description))")
        expectError(errors, "'P1X' is not an ISO 8601 period", file: catalog, line: 10)
        expectError(errors, "'49,99' is not a decimal number", file: catalog, line: 18)
        expectError(errors, "unknown key 'referenceNam'", file: catalog, line: 8)
    }

    @Test func threeErrorsInThreeFilesAreAllReported() {
        let errors = site.config(replacing: "defaultLocale:", with: "defaultLocal:")
            .catalog(replacing: "period: P1M", with: "period: P1X")
            .page(replacing: "title:", with: "titel:").errors
        expectError(errors, "unknown key 'defaultLocal'", file: config, line: 3)
        expectError(errors, "'P1X' is not an ISO 8601 period", file: catalog, line: 10)
        expectError(errors, "unknown key 'titel'", file: page, line: 2, hint: "did you mean 'title'?")
        #expect(errors.count == 3, "\(errors.map(\.description))")
    }

    @Test func threeErrorsInOnePagesFrontMatterAreAllReported() {
        let errors = site.page(replacing: "title: Birdwatch Pro",
                               with: "titel: Birdwatch Pro\ncontrolStyle: pickr\npolicies: { privacyPolicy: \"http://example.com/privacy\" }").errors
        expectError(errors, "unknown key 'titel'", file: page, line: 2)
        expectError(errors, "'pickr' is not a valid controlStyle", file: page, line: 3)
        expectError(errors, "'http:'", file: page, line: 4)
        #expect(errors.count == 3, "\(errors.map(\.description))")
    }

    @Test func frontMatterErrorAndUnsafeBodyLinkAreReportedTogether() {
        let errors = site.page(replacing: "title:", with: "titel:")
            .page(replacing: "Identify every bird you hear.", with: "[Go](javascript:go())").errors
        expectError(errors, "unknown key 'titel'", file: page, line: 2)
        expectError(errors, "'javascript:'", file: page, line: 7)
        #expect(errors.count == 2, "\(errors.map(\.description))")
    }

    @Test func unknownGroupAndUnsafeBodyLinkAreReportedTogether() {
        let errors = site.page(replacing: "groupID: birdwatch.pro", with: "groupID: birdwatch.pr0")
            .page(replacing: "Identify every bird you hear.", with: "[Go](javascript:go())").errors
        expectError(errors, "no subscription group 'birdwatch.pr0'", file: page, line: 3)
        expectError(errors, "'javascript:'", file: page, line: 7)
        #expect(errors.count == 2, "\(errors.map(\.description))")
    }

    @Test func diagnosticsSortByFileThenLine() {
        let result = site.config(replacing: "defaultLocale:", with: "defaultLocal:")
            .config(replacing: "catalog: catalog.yml", with: "catalg: catalog.yml").build()
        let places = result.diagnostics.sorted.map { "\($0.location.file):\($0.location.line)" }
        #expect(places == ["site/paywall.yml:2", "site/paywall.yml:3"])
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

extension FileSystem {
    /// An in-memory tree of files given as bytes (so that a test can write non-UTF-8 files).
    static func bytes(_ files: [String: Data]) -> FileSystem {
        FileSystem(
            read: { path in
                guard let data = files[path] else { throw CocoaError(.fileNoSuchFile) }
                return data
            },
            list: { folder in
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                return files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
            },
            exists: { path in files[path] != nil || files.keys.contains { $0.hasPrefix(path + "/") } },
            isDirectory: { path in files.keys.contains { $0.hasPrefix(path + "/") } })
    }
}

@Suite("Bad input in several locales")
struct BadInputInSeveralLocalesTests {
    @Test("a plain page with an option key fails cleanly in every locale, reported once")
    func noSelection() {
        let site = TestSite()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]\n")
            .config(replacing: "storefronts: { default: USA }", with: "storefronts: { default: USA }")
            .page(replacing: "groupID: birdwatch.pro\n", with: "controlStyle: buttons\n")
        let errors = site.errors
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.message.contains("'controlStyle' is about options") == true)
    }
}

@Suite("Inputs that would write outside the output, or link unsafely from other Markdown")
struct OutputSafetyTests {
    @Test("a product ID that is a path is rejected where it is written", arguments: ["../../escaped", "a b", "x/y", "..", "pro#1"])
    func productIDs(_ id: String) {
        let site = TestSite().catalog(replacing: "- id: pro.monthly", with: "- id: \"\(id)\"")
        let errors = site.errors
        #expect(errors.contains { $0.message.contains("has characters an ID cannot have") && $0.location.file == "site/catalog.yml" }, "\(errors)")
    }

    @Test("the writer refuses paths that leave the output folder")
    func writer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try SiteWriter(output: folder.appendingPathComponent("out").path)
        defer { writer.discard() }
        for path in ["../escaped.html", "/escaped.html", "en-US/../../escaped.html", "./index.html", "en-US//index.html"] {
            #expect(throws: Diagnostic.self, "\(path)") { try writer.write(OutputFile(path, "x")) }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escaped.html").path))
    }

    @Test("an option group's Markdown may not link to http")
    func groupMarketing() {
        let site = TestSite().page(replacing: "groupID: birdwatch.pro", with: """
            groupID: birdwatch.pro
            optionGroups:
              style: sections
              groups:
                - { label: All, productIDs: [pro.monthly, pro.yearly], marketing: "See [x](http://evil.example/)" }
            """)
        #expect(site.errors.contains { $0.message.contains("'http:'") && $0.location.file == "site/content/pro.md" }, "\(site.errors)")
    }

    @Test("raw HTML that hides a scheme in character references, or refreshes, is rejected", arguments: [
        (#"<a href="java&#x73;cript:alert(1)">x</a>"#, "'javascript:'"),
        (#"<a href="http&#58;//evil.example">x</a>"#, "'http:'"),
        (#"<meta http-equiv="refresh" content="0; url=http://evil.example">"#, "<meta> element"),
        (#"<svg><a xlink:href="http://evil.example">x</a></svg>"#, "'http:'"),
    ])
    func encodedRawHTML(_ html: String, _ message: String) {
        let errors = RawHTMLTests.errors(html)
        #expect(errors.contains { $0.message.contains(message) }, "\(errors)")
    }

    @Test("a bare www. address links with https, an email address stays text")
    func autolinks() {
        let html = Markdown.render("Visit www.example.com or write to a@example.com.").html
        #expect(html.contains(#"<a href="https://www.example.com">www.example.com</a>"#))
        #expect(!html.contains("mailto:"))
    }
}
