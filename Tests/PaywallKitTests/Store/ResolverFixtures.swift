import Foundation
@testable import PaywallKit

/// Catalogs and pages built in code for resolver tests.
enum Fixture {
    static let here = SourceLocation(file: "catalog.yml", line: 1, column: 1)

    static func product(_ id: String, level: Int, _ period: String, _ usd: String, jpy: String? = nil,
                        intro: Offer? = nil, promotional: [Offer] = [], winBack: [Offer] = [],
                        family: Bool = false) -> Product {
        var prices: [String: Money] = ["USA": .of(usd)]
        if let jpy { prices["JPN"] = .of(jpy, "JPN") }
        return Product(id: id, referenceName: id, level: level, period: Period(iso8601: period)!, price: Price(prices),
                       familyShareable: family, introductoryOffer: intro, promotionalOffers: promotional,
                       winBackOffers: winBack, localizations: ["en-US": LocalizedText(displayName: id.uppercased(), description: "")],
                       location: here)
    }

    static func offer(_ kind: Offer.Kind, _ mode: Offer.PaymentMode, _ period: String, count: Int = 1,
                      usd: String? = nil, id: String? = nil) -> Offer {
        Offer(id: id, kind: kind, paymentMode: mode, period: Period(iso8601: period)!, periodCount: count,
              price: usd.map { Price(["USA": .of($0)]) }, location: here)
    }

    /// Three levels: gold (1), silver (2), bronze (3), monthly and yearly each.
    static let tiers: [Product] = [
        product("bronze.monthly", level: 3, "P1M", "1.99"),
        product("silver.yearly", level: 2, "P1Y", "39.99"),
        product("gold.monthly", level: 1, "P1M", "9.99"),
        product("silver.monthly", level: 2, "P1M", "4.99"),
        product("gold.yearly", level: 1, "P1Y", "99.99",
                promotional: [offer(.promotional, .payUpFront, "P1Y", usd: "59.99", id: "comeback")],
                winBack: [offer(.winBack, .payAsYouGo, "P1M", count: 3, usd: "2.99", id: "winback")]),
        product("bronze.yearly", level: 3, "P1Y", "19.99"),
    ]

    static func catalog(_ products: [Product], storefront: String? = nil) -> Catalog {
        Catalog(groups: [SubscriptionGroup(id: "g", name: "Group", subscriptions: products, location: here)],
                storefront: storefront, file: "catalog.yml")
    }

    static func page(_ selection: Page.Selection = .group("g"), relationships: Set<Page.Relationship>? = nil,
                     promotional: String? = nil, selected: String? = nil) -> Page {
        var page = Page(name: "p", locale: nil, file: "content/p.md", title: "", selection: selection,
                        selectionLocation: SourceLocation(file: "content/p.md", line: 3, column: 10),
                        marketing: .automatic, body: "", bodyLine: 5)
        page.visibleRelationships = relationships
        page.promotionalOffer = promotional
        page.selected = selected
        return page
    }

    static func resolver(_ catalog: Catalog, storefronts: [String: String] = ["default": "USA"]) -> Resolver {
        var config = SiteConfig()
        config.storefronts = storefronts
        return Resolver(catalog: catalog, config: config, defaultLocale: "en-US")
    }

    static func resolve(_ products: [Product], _ page: Page, state: CustomerState = .new, locale: String = "en-US",
                        storefronts: [String: String] = ["default": "USA"]) -> (StoreModel?, Diagnostics) {
        var diagnostics = Diagnostics()
        let model = resolver(catalog(products), storefronts: storefronts)
            .resolve(page, locale: locale, state: state, diagnostics: &diagnostics)
        return (model, diagnostics)
    }
}
