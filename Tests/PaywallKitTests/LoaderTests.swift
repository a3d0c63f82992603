import Foundation
import Testing
@testable import PaywallKit

/// Loading the native catalog (YAML and JSON). YAML itself, front matter and content file names, and translations are in
/// `LoaderTests+YAML.swift`, `LoaderTests+FrontMatter.swift` and `LoaderTests+Translations.swift`.
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

    static func money(_ minorUnits: Int64, _ currency: String) -> Money {
        Money(minorUnits: minorUnits, currency: currency)
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

    @Test func nativeCatalogPricesAreExactMinorUnits() throws {
        let catalog = try Self.load(Self.catalogYAML)
        let yearly = try #require(catalog.product("pro.yearly")?.product)
        #expect(yearly.price["USA"] == Self.money(4999, "USD"))
        #expect(yearly.price["DEU"] == Self.money(5499, "EUR"))
        #expect(yearly.price["JPN"] == Self.money(7800, "JPY"))
        #expect(yearly.price["GBR"] == nil)
        #expect(yearly.price.storefronts == ["DEU", "JPN", "USA"])
        #expect("\(yearly.price["USA"]!)" == "49.99")
        let weekly = try #require(catalog.product("pro.weekly")?.product)
        #expect(weekly.price["USA"] == Self.money(10, "USD"))
        // Exact: ten weekly payments of 0.10 are exactly 1, which a Double would not give.
        #expect((0..<10).reduce(Int64(0)) { sum, _ in sum + weekly.price["USA"]!.minorUnits } == 100)
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
        #expect(promo.price?["USA"] == Self.money(1999, "USD"))

        #expect(yearly.winBackOffers.count == 1)
        let winBack = try #require(yearly.winBackOffers.first)
        #expect(winBack.kind == .winBack)
        #expect(winBack.id == "winback")
        #expect(winBack.paymentMode == .payAsYouGo)
        #expect(winBack.period == Period(1, .month))
        #expect(winBack.periodCount == 3)
        #expect(winBack.price?["USA"] == Self.money(299, "USD"))
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
        #expect(catalog.appPolicies.pageReferences.map(\.name) == ["privacy"])
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
}
