import Foundation
import Testing
@testable import PaywallKit

/// Loading: the native catalog (YAML and JSON), YAML itself, front matter, content file names and translations.
@Suite struct LoaderTests {
    static let catalogYAML = """
        subscriptionGroups:
          - id: birdwatch.pro
            name: Birdwatch Pro
            localizations:
              en_US: { displayName: Birdwatch Pro, description: "Every bird, everywhere." }
              de: { displayName: Birdwatch Pro, description: Jeder Vogel. }
            subscriptions:
              - id: pro.yearly
                referenceName: Pro Yearly
                level: 1
                period: P1Y
                price: { USA: "49.99", DEU: "54.99", JPN: "7800" }
                familyShareable: true
                icon: assets/star.svg
                introductoryOffer: { paymentMode: freeTrial, period: P1W }
                promotionalOffers:
                  - { id: comeback, paymentMode: payUpFront, period: P3M, price: { USA: "19.99" } }
                winBackOffers:
                  - { id: winback, paymentMode: payAsYouGo, period: P1M, periodCount: 3, price: { USA: "2.99" } }
                localizations:
                  en_US: { displayName: Yearly, description: For birders who go all in. }
                  pt_BR: { displayName: Anual, description: Para quem vai com tudo. }
              - id: pro.weekly
                level: 2
                period: P1W
                price: { USA: "0.10" }
        appPolicies:
          termsOfService: https://example.com/terms
          privacyPolicy: { page: privacy.md }

        """

    /// The same catalog, every collection in flow style.
    static let catalogFlowYAML = """
        { subscriptionGroups: [ { id: birdwatch.pro, name: Birdwatch Pro,
            localizations: { en_US: { displayName: Birdwatch Pro, description: "Every bird, everywhere." },
                             de: { displayName: Birdwatch Pro, description: Jeder Vogel. } },
            subscriptions: [
              { id: pro.yearly, referenceName: Pro Yearly, level: 1, period: P1Y,
                price: { USA: "49.99", DEU: "54.99", JPN: "7800" }, familyShareable: true, icon: assets/star.svg,
                introductoryOffer: { paymentMode: freeTrial, period: P1W },
                promotionalOffers: [ { id: comeback, paymentMode: payUpFront, period: P3M, price: { USA: "19.99" } } ],
                winBackOffers: [ { id: winback, paymentMode: payAsYouGo, period: P1M, periodCount: 3, price: { USA: "2.99" } } ],
                localizations: { en_US: { displayName: Yearly, description: For birders who go all in. },
                                 pt_BR: { displayName: Anual, description: Para quem vai com tudo. } } },
              { id: pro.weekly, level: 2, period: P1W, price: { USA: "0.10" } } ] } ],
          appPolicies: { termsOfService: "https://example.com/terms", privacyPolicy: { page: privacy.md } } }
        """

    /// The same catalog as JSON.
    static let catalogJSON = """
        {
          "subscriptionGroups": [
            {
              "id": "birdwatch.pro",
              "name": "Birdwatch Pro",
              "localizations": {
                "en_US": { "displayName": "Birdwatch Pro", "description": "Every bird, everywhere." },
                "de": { "displayName": "Birdwatch Pro", "description": "Jeder Vogel." }
              },
              "subscriptions": [
                {
                  "id": "pro.yearly",
                  "referenceName": "Pro Yearly",
                  "level": 1,
                  "period": "P1Y",
                  "price": { "USA": "49.99", "DEU": "54.99", "JPN": "7800" },
                  "familyShareable": true,
                  "icon": "assets/star.svg",
                  "introductoryOffer": { "paymentMode": "freeTrial", "period": "P1W" },
                  "promotionalOffers": [
                    { "id": "comeback", "paymentMode": "payUpFront", "period": "P3M", "price": { "USA": "19.99" } }
                  ],
                  "winBackOffers": [
                    { "id": "winback", "paymentMode": "payAsYouGo", "period": "P1M", "periodCount": 3, "price": { "USA": "2.99" } }
                  ],
                  "localizations": {
                    "en_US": { "displayName": "Yearly", "description": "For birders who go all in." },
                    "pt_BR": { "displayName": "Anual", "description": "Para quem vai com tudo." }
                  }
                },
                { "id": "pro.weekly", "level": 2, "period": "P1W", "price": { "USA": "0.10" } }
              ]
            }
          ],
          "appPolicies": { "termsOfService": "https://example.com/terms", "privacyPolicy": { "page": "privacy.md" } }
        }
        """

    static func load(_ text: String, file: String = "catalog.yml") throws -> Catalog {
        let root = try YAML.parse(text, file: file)
        return try NativeCatalogLoader.load(root, file: file)
    }

    /// Groups with every source location cleared, to compare catalogs read from different texts.
    static func normalized(_ catalog: Catalog) -> [SubscriptionGroup] {
        let nowhere = PaywallKit.SourceLocation(file: "")
        func clear(_ offer: Offer) -> Offer {
            var offer = offer
            offer.location = nowhere
            offer.price?.location = nil
            return offer
        }
        return catalog.groups.map { group in
            var group = group
            group.location = nowhere
            group.subscriptions = group.subscriptions.map { product in
                var product = product
                product.location = nowhere
                product.price.location = nil
                product.iconLocation = nil
                product.introductoryOffer = product.introductoryOffer.map(clear)
                product.promotionalOffers = product.promotionalOffers.map(clear)
                product.winBackOffers = product.winBackOffers.map(clear)
                return product
            }
            return group
        }
    }

    static func decimal(_ significand: UInt64, exponent: Int) -> Decimal {
        Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
    }

    // MARK: Native catalog

    @Test func nativeCatalogLoadsGroupValues() throws {
        let catalog = try Self.load(Self.catalogYAML)
        #expect(catalog.groups.count == 1)
        let group = try #require(catalog.groups.first)
        #expect(group.id == "birdwatch.pro")
        #expect(group.name == "Birdwatch Pro")
        #expect(group.localizations["en-US"] == LocalizedText(displayName: "Birdwatch Pro", description: "Every bird, everywhere."))
        #expect(group.localizations["de"]?.description == "Jeder Vogel.")
        #expect(group.subscriptions.map(\.id) == ["pro.yearly", "pro.weekly"])
        #expect(catalog.file == "catalog.yml")
        #expect(catalog.storefront == nil)
    }

    @Test func nativeCatalogPricesAreExactDecimals() throws {
        let catalog = try Self.load(Self.catalogYAML)
        let yearly = try #require(catalog.product("pro.yearly")?.product)
        #expect(yearly.price["USA"] == Self.decimal(4999, exponent: -2))
        #expect(yearly.price["DEU"] == Self.decimal(5499, exponent: -2))
        #expect(yearly.price["JPN"] == Self.decimal(7800, exponent: 0))
        #expect(yearly.price["GBR"] == nil)
        #expect(yearly.price.storefronts == ["DEU", "JPN", "USA"])
        #expect("\(yearly.price["USA"]!)" == "49.99")
        let weekly = try #require(catalog.product("pro.weekly")?.product)
        #expect(weekly.price["USA"] == Self.decimal(1, exponent: -1))
        // Exact: ten weekly payments of 0.10 are exactly 1, which a Double would not give.
        #expect((0..<10).reduce(Decimal(0)) { sum, _ in sum + weekly.price["USA"]! } == 1)
    }

    @Test func nativeCatalogLoadsProductFields() throws {
        let catalog = try Self.load(Self.catalogYAML)
        let yearly = try #require(catalog.product("pro.yearly")?.product)
        #expect(yearly.referenceName == "Pro Yearly")
        #expect(yearly.level == 1)
        #expect(yearly.period == Period(1, .year))
        #expect(yearly.familyShareable)
        #expect(yearly.icon == "assets/star.svg")
        #expect(yearly.location.file == "catalog.yml")
        #expect(yearly.location.line == 8)
        #expect(yearly.location.column == 9)
        let weekly = try #require(catalog.product("pro.weekly")?.product)
        #expect(weekly.referenceName == "pro.weekly", "falls back to the ID")
        #expect(weekly.level == 2)
        #expect(weekly.period == Period(1, .week))
        #expect(!weekly.familyShareable)
        #expect(weekly.icon == nil)
        #expect(weekly.introductoryOffer == nil)
        #expect(weekly.promotionalOffers.isEmpty && weekly.winBackOffers.isEmpty)
        #expect(weekly.localizations.isEmpty)
    }

    @Test func nativeCatalogLoadsOffersOfEachPaymentMode() throws {
        let yearly = try #require(try Self.load(Self.catalogYAML).product("pro.yearly")?.product)

        let intro = try #require(yearly.introductoryOffer)
        #expect(intro.kind == .introductory)
        #expect(intro.paymentMode == .freeTrial)
        #expect(intro.period == Period(1, .week))
        #expect(intro.periodCount == 1)
        #expect(intro.price == nil)
        #expect(intro.id == nil)

        #expect(yearly.promotionalOffers.count == 1)
        let promo = try #require(yearly.promotionalOffers.first)
        #expect(promo.kind == .promotional)
        #expect(promo.id == "comeback")
        #expect(promo.paymentMode == .payUpFront)
        #expect(promo.period == Period(3, .month))
        #expect(promo.periodCount == 1)
        #expect(promo.price?["USA"] == Self.decimal(1999, exponent: -2))

        #expect(yearly.winBackOffers.count == 1)
        let winBack = try #require(yearly.winBackOffers.first)
        #expect(winBack.kind == .winBack)
        #expect(winBack.id == "winback")
        #expect(winBack.paymentMode == .payAsYouGo)
        #expect(winBack.period == Period(1, .month))
        #expect(winBack.periodCount == 3)
        #expect(winBack.price?["USA"] == Self.decimal(299, exponent: -2))
    }

    @Test func nativeCatalogCanonicalizesLocales() throws {
        let catalog = try Self.load(Self.catalogYAML)
        let yearly = try #require(catalog.product("pro.yearly")?.product)
        #expect(yearly.localizations.keys.sorted() == ["en-US", "pt-BR"])
        #expect(yearly.localizations["en-US"] == LocalizedText(displayName: "Yearly", description: "For birders who go all in."))
        #expect(yearly.localizations["pt-BR"]?.displayName == "Anual")
        #expect(catalog.locales == ["de", "en-US", "pt-BR"])
    }

    @Test func nativeCatalogLoadsAppPolicies() throws {
        let catalog = try Self.load(Self.catalogYAML)
        #expect(catalog.appPolicies.termsOfService == .url("https://example.com/terms"))
        guard case .page(let name, let markdown, _)? = catalog.appPolicies.privacyPolicy else {
            Issue.record("privacyPolicy is not a page: \(String(describing: catalog.appPolicies.privacyPolicy))")
            return
        }
        #expect(name == "privacy.md")
        #expect(markdown.isEmpty)
        #expect(catalog.appPolicies.pageNames == ["privacy"])
    }

    @Test func flowAndBlockYAMLGiveTheSameCatalog() throws {
        let block = try Self.load(Self.catalogYAML)
        let flow = try Self.load(Self.catalogFlowYAML)
        #expect(Self.normalized(flow) == Self.normalized(block))
        #expect(flow.appPolicies.termsOfService == block.appPolicies.termsOfService)
    }

    @Test func jsonCatalogEqualsTheYAMLCatalog() throws {
        let yaml = try Self.load(Self.catalogYAML)
        let json = try Self.load(Self.catalogJSON, file: "catalog.json")
        #expect(Self.normalized(json) == Self.normalized(yaml))
        #expect(json.appPolicies.termsOfService == yaml.appPolicies.termsOfService)
        #expect(json.product("pro.yearly")?.product.location.line == 11)
    }

    @Test func catalogWithCRLFLineEndingsIsTheSame() throws {
        let crlf = try Self.load(Self.catalogYAML.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(Self.normalized(crlf) == Self.normalized(try Self.load(Self.catalogYAML)))
        #expect(crlf.product("pro.yearly")?.product.location.line == 8)
    }

    @Test func nativeCatalogWithNothingForSaleIsAnError() throws {
        let root = try YAML.parse("appPolicies: { termsOfService: https://example.com/terms }\n", file: "catalog.yml")
        #expect {
            try NativeCatalogLoader.load(root, file: "catalog.yml")
        } throws: { error in
            (error as? DiagnosticsError)?.diagnostics.contains { $0.message == "the catalog has no subscription groups and no products" } == true
        }
    }

    @Test func nativeCatalogReportsEveryMissingRequiredKey() throws {
        let root = try YAML.parse("subscriptionGroups:\n  - id: g\n    subscriptions:\n      - id: a\n", file: "catalog.yml")
        var messages: [String] = []
        do { _ = try NativeCatalogLoader.load(root, file: "catalog.yml") } catch {
            messages = error.diagnostics.map(\.message)
        }
        #expect(messages.sorted() == ["a subscription has no 'level'", "a subscription has no 'period'", "a subscription has no 'price'"])
    }

    // MARK: YAML

    @Test func yamlBlockAndFlowMappingsAreTheSame() throws {
        let block = try YAML.parse("a: 1\nb:\n  - x\n  - y\nc:\n  d: e\n", file: "f.yml")
        let flow = try YAML.parse("{ a: 1, b: [x, y], c: { d: e } }", file: "f.yml")
        for root in [block, flow] {
            #expect(try root["a"]?.int("a") == 1)
            #expect(try root["b"]?.sequence("b").map { try $0.string("b") } == ["x", "y"])
            #expect(try root["c"]?["d"]?.string("d") == "e")
        }
    }

    @Test func yamlRecordsLinesAndColumns() throws {
        let root = try YAML.parse("title: A\nbadges:\n  pro.yearly: Best value\n", file: "f.yml")
        let pairs = try root.pairs("root")
        #expect(pairs.map(\.key) == ["title", "badges"])
        #expect(pairs[1].keyLocation == PaywallKit.SourceLocation(file: "f.yml", line: 2, column: 1))
        let badge = try #require(root["badges"]?["pro.yearly"])
        #expect(badge.location == PaywallKit.SourceLocation(file: "f.yml", line: 3, column: 15))
    }

    @Test func yamlLineOffsetShiftsLocations() throws {
        let root = try YAML.parse("title: A\ngroupID: g\n", file: "p.md", lineOffset: 1)
        #expect(root["groupID"]?.location.line == 3)
        #expect(throws: Diagnostic.self) { try YAML.parse("a: [\n", file: "p.md", lineOffset: 1) }
    }

    @Test func yamlQuotedScalarsAreNotPlain() throws {
        let root = try YAML.parse("a: \"1\"\nb: 1\nc: ~\nd: \"\"\n", file: "f.yml")
        guard case .scalar("1", isPlain: false)? = root["a"]?.value, case .scalar("1", isPlain: true)? = root["b"]?.value else {
            Issue.record("quoted and plain scalars: \(String(describing: root["a"]?.value)), \(String(describing: root["b"]?.value))")
            return
        }
        #expect(root["c"]?.isNull == true)
        #expect(root["d"]?.isNull == false)
    }

    @Test func yamlDuplicateKeyIsAnErrorAtTheSecondKey() {
        #expect {
            try YAML.parse("a: 1\nb: 2\na: 3\n", file: "f.yml")
        } throws: { error in
            let error = error as? Diagnostic
            return error?.message == "duplicate key 'a'" && error?.location.line == 3 && error?.location.column == 1
        }
    }

    @Test func yamlEmptyDocumentIsAnEmptyMapping() throws {
        let root = try YAML.parse("", file: "f.yml")
        #expect(try root.pairs("root").isEmpty)
    }

    @Test func yamlReadsJSONStringEscapes() throws {
        let root = try YAML.parse("{ \"name\": \"Subscripci\\u00f3n\\tMensual\" }", file: "f.json")
        #expect(try root["name"]?.string("name") == "Subscripción\tMensual")
    }

    // MARK: Front matter

    @Test func frontMatterSplitsYAMLAndBody() throws {
        let split = try FrontMatter(splitting: "---\ntitle: A\ngroupID: g\n---\n# Hi\n\nText\n", file: "p.md")
        #expect(split.yaml == "title: A\ngroupID: g")
        #expect(split.body == "# Hi\n\nText\n")
        #expect(split.bodyLine == 5)
    }

    @Test(arguments: [
        ("---\r\ntitle: A\r\n---\r\nBody\r\n", "title: A", "Body\n", 4),
        ("\u{FEFF}---\ntitle: A\n---\nBody", "title: A", "Body", 4),
        ("---\ntitle: A\n...\nBody", "title: A", "Body", 4),
        ("---\n---\nBody", "", "Body", 3),
        ("---\ntitle: A\n---\n", "title: A", "", 4),
        ("---\na: 1\nb: 2\nc: 3\n---\n\n\nBody", "a: 1\nb: 2\nc: 3", "\n\nBody", 6),
    ])
    func frontMatterSplitting(_ text: String, _ yaml: String, _ body: String, _ bodyLine: Int) throws {
        let split = try FrontMatter(splitting: text, file: "p.md")
        #expect(split.yaml == yaml)
        #expect(split.body == body)
        #expect(split.bodyLine == bodyLine)
    }

    @Test func pageWithCRLFLineEndingsBuilds() throws {
        let page = TestSite.defaultPage.replacingOccurrences(of: "\n", with: "\r\n")
        let result = TestSite().with { $0.content["pro.md"] = page }.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        let html = try #require(TestSite.file("en-US/pro/index.html", of: result))
        #expect(html.contains("Identify every bird you hear."))
    }

    @Test func frontMatterKeysAreAtTheirFileLines() throws {
        let parsed = try PageLoader.frontMatter("---\ntitle: A\n\ngroupID: g\n---\nBody\n", file: "p.md")
        #expect(parsed.pairs.map(\.key) == ["title", "groupID"])
        #expect(parsed.pairs.map(\.keyLocation.line) == [2, 4])
        #expect(parsed.split.bodyLine == 6)
    }

    @Test func pageKnowsItsBodyLine() {
        var diagnostics = Diagnostics()
        let content = ContentFiles(["pro.md": "---\ntitle: A\ngroupID: g\n---\n# Hi\n"], folder: "site", diagnostics: &diagnostics)
        let page = content.page("pro", locale: "en-US", diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        #expect(page?.bodyLine == 5)
        #expect(page?.body == "# Hi\n")
        #expect(page?.file == "site/content/pro.md")
        #expect(page?.selection == .group("g"))
        #expect(page?.selectionLocation.line == 3)
        #expect(page?.marketing == .markdown)
    }

    // MARK: Content file names

    @Test(arguments: [
        ("pro.md", "pro", nil),
        ("pro.de.md", "pro", "de"),
        ("pro.pt-BR.md", "pro", "pt-BR"),
        ("pro.de-AT.md", "pro", "de-AT"),
        ("pro.zh-Hans.md", "pro", "zh-Hans"),
        ("pro.yearly.md", "pro.yearly", nil),
        ("pro.v2.md", "pro.v2", nil),
        ("my.pro.de.md", "my.pro", "de"),
        ("terms.md", "terms", nil),
    ] as [(String, String, String?)])
    func contentFileNameGivesNameAndLocale(_ fileName: String, _ name: String, _ locale: String?) {
        let parsed = PageLoader.nameAndLocale(fileName)
        #expect(parsed.name == name)
        #expect(parsed.locale == locale)
    }

    // MARK: Translations

    static let basePage = """
        ---
        title: Birdwatch Pro
        groupID: birdwatch.pro
        selected: pro.yearly
        badges: { pro.yearly: Best value }
        ---
        # Birdwatch Pro

        English body.

        """

    static let germanPage = """
        ---
        title: Birdwatch Pro auf Deutsch
        badges: { pro.yearly: Bestes Angebot }
        ---
        # Birdwatch Pro

        Deutscher Text.

        """

    @Test func translationKeysOverrideBaseKeysAndBodyComesFromTheTranslation() throws {
        var diagnostics = Diagnostics()
        let content = ContentFiles(["pro.md": Self.basePage, "pro.de.md": Self.germanPage], folder: "site", diagnostics: &diagnostics)
        let page = try #require(content.page("pro", locale: "de-DE", diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all.map(\.description))")
        #expect(page.name == "pro")
        #expect(page.locale == "de")
        #expect(page.file == "site/content/pro.de.md")
        #expect(page.title == "Birdwatch Pro auf Deutsch")
        #expect(page.badges == ["pro.yearly": "Bestes Angebot"])
        #expect(page.selection == .group("birdwatch.pro"), "kept from the base file")
        #expect(page.selected == "pro.yearly", "kept from the base file")
        #expect(page.body.contains("Deutscher Text."))
        #expect(!page.body.contains("English body."))
        #expect(page.bodyLine == 5)
        #expect(page.location(of: "title").file == "site/content/pro.de.md")
        #expect(page.location(of: "groupID").file == "site/content/pro.md")
    }

    @Test func baseFileServesLocalesWithoutTranslation() throws {
        var diagnostics = Diagnostics()
        let content = ContentFiles(["pro.md": Self.basePage, "pro.de.md": Self.germanPage], folder: "site", diagnostics: &diagnostics)
        let english = try #require(content.page("pro", locale: "en-US", diagnostics: &diagnostics))
        #expect(english.locale == nil)
        #expect(english.title == "Birdwatch Pro")
        #expect(english.badges == ["pro.yearly": "Best value"])
        #expect(english.body.contains("English body."))
        #expect(english.bodyLine == 7)
        let french = try #require(content.page("pro", locale: "fr-FR", diagnostics: &diagnostics))
        #expect(french.file == "site/content/pro.md")
    }

    @Test func mostSpecificTranslationWins() throws {
        var diagnostics = Diagnostics()
        let austrian = Self.germanPage.replacingOccurrences(of: "auf Deutsch", with: "auf Österreichisch")
        let content = ContentFiles(["pro.md": Self.basePage, "pro.de.md": Self.germanPage, "pro.de-AT.md": austrian],
                                   folder: "site", diagnostics: &diagnostics)
        #expect(content.page("pro", locale: "de-AT", diagnostics: &diagnostics)?.title == "Birdwatch Pro auf Österreichisch")
        #expect(content.page("pro", locale: "de-CH", diagnostics: &diagnostics)?.title == "Birdwatch Pro auf Deutsch")
        #expect(content.page("pro", locale: "de", diagnostics: &diagnostics)?.title == "Birdwatch Pro auf Deutsch")
    }

    @Test func translatedSiteBuildsEachLocaleFromItsFile() throws {
        let result = TestSite()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE]")
            .with { $0.content = ["pro.md": Self.basePage, "pro.de.md": Self.germanPage] }
            .build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        let english = try #require(TestSite.file("en-US/pro/index.html", of: result))
        let german = try #require(TestSite.file("de-DE/pro/index.html", of: result))
        #expect(english.contains("English body.") && !english.contains("Deutscher Text."))
        #expect(german.contains("Deutscher Text.") && !german.contains("English body."))
        #expect(german.contains("Bestes Angebot"))
        #expect(english.contains("Best value"))
    }

    @Test func translationWithoutItsBasePageIsAnError() {
        let errors = TestSite().with { $0.content["faq.de.md"] = Self.germanPage }.errors
        expectError(errors, "a translation without its page", file: "site/content/faq.de.md", line: 1, hint: "content/faq.md")
    }

    @Test func missingTranslationIsAWarningWhenOthersExist() {
        let result = TestSite()
            .config(replacing: "locales: [en-US]", with: "locales: [en-US, de-DE, fr-FR]")
            .with { $0.content = ["pro.md": Self.basePage, "pro.de.md": Self.germanPage] }
            .build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        #expect(result.diagnostics.warnings.contains { $0.message.contains("no translation of 'pro' for fr-FR") })
    }
}
