import Foundation
import Testing
@testable import PaywallKit

/// One-time products in the native catalog and in `.storekit` files; quirks of real files as warnings.
@Suite("One-time products: loaders")
struct OneTimeLoaderTests {
    static func native(_ text: String) throws -> Catalog {
        try NativeCatalogLoader.load(try YAML.parse(text, file: "catalog.yml"), file: "catalog.yml")
    }

    static func nativeErrors(_ text: String) throws -> [Diagnostic] {
        do {
            _ = try native(text)
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics
        }
    }

    static func storeKit(_ json: String) throws -> (catalog: Catalog?, diagnostics: Diagnostics) {
        let root = try YAML.parse(json, file: "Products.storekit")
        var diagnostics = Diagnostics()
        return (StoreKitLoader.load(root, file: "Products.storekit", diagnostics: &diagnostics), diagnostics)
    }

    static func d(_ text: String, _ storefront: String) -> Money { .of(text, storefront) }

    static let oneTimeOnly = """
        nonConsumables:
          - id: lifetime
            referenceName: Lifetime
            price: { USA: "99.99", DEU: "109.99" }
            familyShareable: true
            icon: assets/infinity.svg
            localizations:
              en-US: { displayName: Lifetime, description: "Every feature, forever." }
        nonRenewingSubscriptions:
          - { id: season.pass, price: { USA: "14.99" }, period: P3M }
          - { id: event.pass, price: { USA: "4.99" } }
        consumables:
          - { id: tip.small, referenceName: Small Tip, price: { USA: "0.99" } }

        """

    @Test func nativeCatalogOfOneTimeProductsOnlyLoads() throws {
        let catalog = try Self.native(Self.oneTimeOnly)
        #expect(catalog.groups.isEmpty)
        #expect(catalog.oneTimeProducts.map(\.id) == ["lifetime", "season.pass", "event.pass", "tip.small"])
        #expect(catalog.oneTimeProducts.map(\.kind) == [.nonConsumable, .nonRenewing, .nonRenewing, .consumable])
        #expect(catalog.oneTimeProducts.map(\.period) == [nil, Period(3, .month), nil, nil])
        let lifetime = try #require(catalog.product("lifetime"))
        #expect(lifetime.group == nil)
        #expect(lifetime.product.isOneTime && !lifetime.product.isSubscription)
        #expect(lifetime.product.price.amounts == ["USA": Self.d("99.99", "USA"), "DEU": Self.d("109.99", "DEU")])
        #expect(lifetime.product.price.location?.line == 4, "the price: line")
        #expect(lifetime.product.familyShareable)
        #expect(lifetime.product.icon == "assets/infinity.svg")
        #expect(lifetime.product.iconLocation?.line == 6)
        #expect(lifetime.product.localizations["en-US"]?.description == "Every feature, forever.")
        #expect(catalog.product("event.pass")?.product.referenceName == "event.pass", "the ID when there is no reference name")
        #expect(catalog.locales == ["en-US"])
        #expect(catalog.maxOptionsPerPage == 4)
    }

    @Test func aPeriodIsOnlyForNonRenewingSubscriptions() throws {
        let errors = try Self.nativeErrors("nonConsumables:\n  - { id: lifetime, price: { USA: \"99.99\" }, period: P1Y }\n")
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(error.message == "unknown key 'period' in a non-consumable")
        #expect(error.location.line == 2)
    }

    @Test func aOneTimeProductNeedsAPrice() throws {
        let errors = try Self.nativeErrors("consumables:\n  - { id: tip }\n")
        #expect(errors.map(\.message) == ["a consumable has no 'price'"])
    }

    @Test func aCatalogWithNothingForSaleSaysSo() throws {
        let errors = try Self.nativeErrors("subscriptionGroups: []\nnonConsumables: []\n")
        #expect(errors.map(\.message) == ["the catalog has no subscription groups and no products"])
        #expect(errors.first?.hint?.contains("nonConsumables") == true)
    }

    @Test func oneTimeIDsMustNotRepeatASubscriptionsID() {
        let site = TestSite().catalog(replacing: "subscriptionGroups:", with: "nonConsumables: [{ id: pro.yearly, price: { USA: \"99.99\" } }]\nsubscriptionGroups:")
        expectError(site.errors, "duplicate product ID 'pro.yearly'", file: "site/catalog.yml",
                    line: TestSite.line(of: "id: pro.yearly", in: TestSite.defaultCatalog) + 1, hint: "own ID")
    }

    // MARK: .storekit

    static func storeKitFile(products: String = "[]", nonRenewing: String = "[]", groups: String = "[]") -> String {
        """
        {
          "settings": { "_storefront": "DEU", "_locale": "de_DE" },
          "products": \(products),
          "nonRenewingSubscriptions": \(nonRenewing),
          "subscriptionGroups": \(groups)
        }
        """
    }

    @Test func storeKitProductsAndNonRenewingSubscriptionsLoad() throws {
        let (catalog, diagnostics) = try Self.storeKit(Self.storeKitFile(
            products: """
            [ { "type": "NonConsumable", "productID": "lifetime", "referenceName": "Lifetime", "displayPrice": "109.99", "familyShareable": true,
                "localizations": [ { "locale": "de_DE", "displayName": "Für immer", "description": "Alles, für immer." } ] },
              { "type": "Consumable", "productID": "coins", "referenceName": "Coins", "displayPrice": "0.99",
                "localizations": [ { "locale": "de_DE", "displayName": "", "description": "" } ] } ]
            """,
            nonRenewing: """
            [ { "type": "NonRenewingSubscription", "productID": "season", "referenceName": "Season Pass", "displayPrice": "14.99",
                "localizations": [] } ]
            """))
        let loaded = try #require(catalog)
        #expect(diagnostics.errors.isEmpty)
        #expect(loaded.groups.isEmpty)
        #expect(loaded.oneTimeProducts.map(\.id) == ["lifetime", "coins", "season"])
        #expect(loaded.oneTimeProducts.map(\.kind) == [.nonConsumable, .consumable, .nonRenewing])
        #expect(loaded.oneTimeProducts.allSatisfy { $0.period == nil }, "a .storekit file gives no period")
        #expect(loaded.product("lifetime")?.product.price.amounts == ["DEU": Self.d("109.99", "DEU")], "priced in the file's storefront")
        #expect(loaded.product("lifetime")?.product.familyShareable == true)
        #expect(loaded.product("lifetime")?.product.localizations["de-DE"]?.displayName == "Für immer")
        // The subscriptions' name fallbacks: an empty display name, and no localizations at all.
        #expect(loaded.product("coins")?.product.localizations["de-DE"]?.displayName == "Coins")
        #expect(loaded.product("season")?.product.localizations == ["en-US": LocalizedText(displayName: "Season Pass", description: "")])
        #expect(diagnostics.warnings.map(\.message) == [
            "consumable 'coins' has no display name; using 'Coins'",
            "non-renewing subscription 'season' has no display name; using 'Season Pass'",
        ])
        #expect(loaded.locales == ["de-DE", "en-US"])
    }

    @Test func anUnknownProductTypeIsLeftOutWithAWarning() throws {
        let (catalog, diagnostics) = try Self.storeKit(Self.storeKitFile(products: """
            [ { "type": "NonConsumable", "productID": "a", "referenceName": "A", "displayPrice": "1.99", "localizations": [ { "locale": "de_DE", "displayName": "A", "description": "" } ] },
              { "type": "Subscription", "productID": "b", "displayPrice": "2.99" } ]
            """))
        #expect(try #require(catalog).oneTimeProducts.map(\.id) == ["a"])
        let warning = try #require(diagnostics.warnings.first)
        #expect(warning.message == "product type 'Subscription' is unknown; the product is left out")
        #expect(warning.location.line == 4)
    }

    @Test func anEmptyStoreKitFileSaysItHasNothingForSale() throws {
        let (catalog, diagnostics) = try Self.storeKit(Self.storeKitFile())
        #expect(catalog == nil)
        #expect(diagnostics.errors.map(\.message) == ["Products.storekit has no subscription groups and no products"])
    }

    /// Xcode 12 and 13 wrote `"displayPrice": ""` for pay-as-you-go and pay-up-front offers never priced.
    @Test(arguments: ["\"displayPrice\": \"\", ", ""])
    func anOfferWithoutAPriceIsLeftOutWithAWarningAtItsLine(_ price: String) throws {
        let group = """
            [ { "id": "G", "name": "Pro", "subscriptions": [ {
                "productID": "pro.monthly", "referenceName": "Pro", "groupNumber": 1, "recurringSubscriptionPeriod": "P1M",
                "displayPrice": "4.99", "localizations": [ { "locale": "de_DE", "displayName": "Pro", "description": "" } ],
                "introductoryOffer": { \(price)"paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "numberOfPeriods": 3 },
                "adHocOffers": [ { "offerID": "back", \(price)"paymentMode": "payUpFront", "subscriptionPeriod": "P3M" },
                                 { "offerID": "free", "paymentMode": "free", "subscriptionPeriod": "P1W" } ]
            } ] } ]
            """
        let (catalog, diagnostics) = try Self.storeKit(Self.storeKitFile(groups: group))
        #expect(diagnostics.errors.isEmpty, "\(diagnostics.errors.map(\.description))")
        let product = try #require(catalog?.product("pro.monthly")?.product)
        #expect(product.introductoryOffer == nil)
        #expect(product.promotionalOffers.map(\.id) == ["free"])
        #expect(diagnostics.warnings.map(\.message) == [
            "the payAsYouGo introductory offer of 'pro.monthly' has no price; it is left out",
            "the payUpFront promotional offer 'back' of 'pro.monthly' has no price; it is left out",
        ])
        #expect(diagnostics.warnings.map(\.location.line) == [8, 9])
        #expect(diagnostics.warnings.allSatisfy { $0.hint?.contains("Xcode 12 and 13") == true })
    }

    @Test func aSiteOnAStoreKitFileWithAnUnpricedOfferStillBuilds() throws {
        var site = TestSite()
        site.catalogPath = "Products.storekit"
        site.config = TestSite.defaultConfig.replacingOccurrences(of: "catalog: catalog.yml", with: "catalog: Products.storekit")
            .replacingOccurrences(of: "storefronts: { default: USA }", with: "storefronts: { default: DEU }")
        site.catalogText = Self.storeKitFile(groups: """
            [ { "id": "G", "name": "Pro", "subscriptions": [ {
                "productID": "pro.monthly", "referenceName": "Pro", "recurringSubscriptionPeriod": "P1M", "displayPrice": "4.99", "groupNumber": 1,
                "localizations": [ { "locale": "en_US", "displayName": "Pro", "description": "" } ],
                "introductoryOffer": { "displayPrice": "", "paymentMode": "payUpFront", "subscriptionPeriod": "P1M" } } ] } ]
            """)
        site.content = ["pro.md": "---\ngroupID: G\n---\n"]
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description))")
        #expect(result.diagnostics.warnings.contains { $0.message.contains("has no price; it is left out") && $0.location.file == "site/Products.storekit" })
        #expect(TestSite.file("en-US/pro/index.html", of: result)?.contains("data-product-id=\"pro.monthly\"") == true)
    }
}
