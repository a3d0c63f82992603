import Foundation
import Testing
@testable import PaywallKit

/// What a test compares of a store model (StoreModel is not Equatable).
private struct Summary: Equatable {
    struct Option: Equatable {
        var id: String, text: LocalizedText, textLocale: String?, icon: String?, badge: String?
        var relationship: Page.Relationship?, isCurrent: Bool
        var price: Money, pricePer: [Period.Unit: Money], relativeDiscount: Int?
        var offer: Offer?, offerPrice: Money?, billingPlan: BillingPlan, commitment: Commitment?

        init(_ option: StoreOption) {
            (id, text, textLocale, icon, badge) = (option.id, option.text, option.textLocale, option.icon, option.badge)
            (relationship, isCurrent) = (option.relationship, option.isCurrent)
            (price, pricePer, relativeDiscount) = (option.price, option.pricePer, option.relativeDiscount)
            (offer, offerPrice) = (option.offer?.offer, option.offer?.price)
            (billingPlan, commitment) = (option.billingPlan, option.commitment)
        }
    }

    var storefront: String, currency: String, group: String?, groupText: LocalizedText, groupTextLocale: String?
    var options: [Option], allOptions: [Option], selectedID: String?, policies: Policies, baseLocale: String?

    init(_ model: StoreModel) {
        (storefront, currency, group) = (model.storefront, model.currency, model.group?.id)
        (groupText, groupTextLocale) = (model.groupText, model.groupTextLocale)
        (options, allOptions) = (model.options.map(Option.init), model.allOptions.map(Option.init))
        (selectedID, policies, baseLocale) = (model.selectedID, model.policies, model.page.baseLocale)
    }
}

@Suite("Resolver: a cache shared by many pages changes nothing")
struct ResolverCacheTests {
    static let locales = ["en-US", "de-DE", "ja-JP", "fr-FR"]

    /// Yen prices for some products only (an error on ja-JP pages that show the others), German text for one
    /// product only (a warning on de-DE pages for the others), a one-time product, and two groups.
    static let catalog: Catalog = {
        var tiers = Fixture.tiers
        for index in tiers.indices where !tiers[index].id.hasPrefix("bronze") { tiers[index].price.amounts["JPN"] = .of("1200", "JPN") }
        tiers[4].introductoryOffer = Fixture.offer(.introductory, .freeTrial, "P1W")   // gold.yearly
        tiers[4].monthlyPlan = MonthlyPlan(price: Price(["JPN": .of("900", "JPN")]), location: Fixture.here)   // gold.yearly: 12 payments in JPN
        tiers[2].localizations["de-DE"] = LocalizedText(displayName: "Gold", description: "Monatlich")
        let lifetime = Product(id: "lifetime", kind: .nonConsumable, referenceName: "Lifetime", level: 0, period: nil,
                               price: Price(["USA": .of("199"), "JPN": .of("30000", "JPN")]), location: Fixture.here)
        return Catalog(groups: [
            SubscriptionGroup(id: "g", name: "Group", localizations: ["en-US": LocalizedText(displayName: "Pro", description: "")],
                              subscriptions: tiers, location: Fixture.here),
            SubscriptionGroup(id: "h", name: "Other", subscriptions: [Fixture.product("h.monthly", level: 1, "P1M", "2.99", jpy: "400"),
                                                                       Fixture.product("h.yearly", level: 1, "P1Y", "19.99", jpy: "2800")],
                              location: Fixture.here),
        ], oneTimeProducts: [lifetime], file: "catalog.yml")
    }()

    static var pages: [Page] {
        var badged = Fixture.page(selected: "gold.yearly")
        badged.badges = ["gold.yearly": "Best value"]
        badged.controlIcons = ["silver.monthly": "assets/silver.svg"]
        var iconed = Fixture.page()
        iconed.controlIcons = ["gold.monthly": "assets/gold.svg"]
        var monthly = Fixture.page()
        monthly.billingPlan = .monthly
        var extra = Fixture.page()
        extra.additionalProductIDs = ["lifetime"]
        // Pages that differ in one field only: the options of each must be its own.
        return [
            Fixture.page(), badged, iconed, extra, monthly,
            Fixture.page(relationships: [.upgrade, .current], promotional: "comeback"),
            Fixture.page(relationships: [.upgrade, .current]),
            Fixture.page(relationships: [.crossgrade]),
            Fixture.page(.products(["silver.yearly", "gold.monthly", "lifetime"])),
            Fixture.page(.group("h")),
            Fixture.page(.group("h"), relationships: [.all]),
        ]
    }

    /// Resolves every page, locale and state twice with one cache, and each once without: the models and the
    /// diagnostics of each call must be the same.
    private func compare(_ resolver: Resolver, _ pages: [Page], locales: [String]) -> (models: Int, errors: Int, warnings: Int) {
        var cache = Resolver.Cache()
        var counts = (models: 0, errors: 0, warnings: 0)
        for pass in 0..<2 {
            for locale in locales {
                for page in pages {
                    let states = resolver.states(of: page, cache: &cache)
                    #expect(states == resolver.states(of: page))
                    for state in states {
                        var fresh = Diagnostics(), cached = Diagnostics()
                        let expected = resolver.resolve(page, locale: locale, state: state, diagnostics: &fresh)
                        let model = resolver.resolve(page, locale: locale, state: state, cache: &cache, diagnostics: &cached)
                        #expect(model.map(Summary.init) == expected.map(Summary.init), "pass \(pass), \(locale), \(state)")
                        #expect(cached.all == fresh.all, "pass \(pass), \(locale), \(state)")
                        #expect(cached.errorsReported == fresh.errorsReported)
                        if pass == 1 {
                            counts.models += model == nil ? 0 : 1
                            counts.errors += cached.errors.count
                            counts.warnings += cached.warnings.count
                        }
                    }
                }
            }
        }
        return counts
    }

    @Test("many pages, locales and customer states: the same models and diagnostics as without a cache")
    func manyPages() {
        let resolver = Fixture.resolver(Self.catalog, storefronts: ["default": "USA", "ja-JP": "JPN"])
        let counts = compare(resolver, Self.pages, locales: Self.locales)
        // Each kind of outcome happened: the comparison covered models, errors and warnings.
        #expect(counts.models > 20)
        #expect(counts.errors > 0)
        #expect(counts.warnings > 0)
    }

    @Test("a missing price and a fallback text are reported again each time the cache answers")
    func replay() throws {
        let resolver = Fixture.resolver(Self.catalog, storefronts: ["default": "USA", "ja-JP": "JPN"])
        var cache = Resolver.Cache()
        for _ in 0..<2 {
            var japanese = Diagnostics(), german = Diagnostics()
            #expect(resolver.resolve(Fixture.page(), locale: "ja-JP", state: .new, cache: &cache, diagnostics: &japanese) == nil)
            #expect(japanese.errors.map(\.message) == [
                "subscription 'bronze.monthly' has no price for storefront JPN, which locale ja-JP shows",
                "subscription 'bronze.yearly' has no price for storefront JPN, which locale ja-JP shows",
            ])
            let model = try #require(resolver.resolve(Fixture.page(), locale: "de-DE", state: .new, cache: &cache, diagnostics: &german))
            #expect(model.options.first { $0.id == "gold.monthly" }?.text.displayName == "Gold")
            #expect(german.warnings.map(\.message).contains("subscription 'gold.yearly' has no de-DE text; using en-US"))
            #expect(german.warnings.map(\.message).last == "group 'Group' (g) has no de-DE text; using en-US")
            #expect(german.warnings.count == 6)
        }
    }

    @Test("two products with one ID, in two groups, keep their own prices and discounts")
    func sharedID() {
        let catalog = Catalog(groups: [
            SubscriptionGroup(id: "a", name: "A", subscriptions: [Fixture.product("x", level: 1, "P1M", "1.99"),
                                                                  Fixture.product("y", level: 1, "P1Y", "9.99")], location: Fixture.here),
            SubscriptionGroup(id: "b", name: "B", subscriptions: [Fixture.product("x", level: 1, "P1M", "9.99"),
                                                                  Fixture.product("y", level: 1, "P1Y", "9.99")], location: Fixture.here),
        ], file: "catalog.yml")
        let pages = [Fixture.page(.group("a")), Fixture.page(.group("b")), Fixture.page(.products(["y", "x"]))]
        let counts = compare(Fixture.resolver(catalog), pages, locales: ["en-US"])
        #expect(counts.models == 3)
    }
}
