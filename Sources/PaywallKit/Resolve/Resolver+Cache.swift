#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

extension Resolver {
    /// What resolving learns that no page changes, kept by one rendering thread from page to page: each locale's
    /// storefront, each group's order, each product's price and text in a locale (with the diagnostics found on
    /// the way, reported again on every use), and a page's options keyed by every page field
    /// they read. Valid for one resolver only: the build cache that holds it (`BuildCache`) is made again when the
    /// catalog or the settings change. The tables by slot are as large as the catalog; the memos that grow with
    /// the pages are bounded (`BoundedCache`).
    ///
    /// Products are known by slot, their place in `catalog.products`, so that two products with one ID stay apart.
    public struct Cache: Sendable {
        /// The storefront a locale shows, its currency and the currency's minor-unit digits.
        struct Market {
            var storefront: String, currency: String, digits: Int
        }

        /// One product in one locale: no amount when its storefront has no price (and then no text).
        struct Priced {
            var amount: Money?
            var pricePer: [Period.Unit: Money]
            var text: (text: LocalizedText, from: String)?
            var diagnostics: [Diagnostic]
        }

        /// A group's text in one locale.
        struct GroupText {
            var text: (text: LocalizedText, from: String)?
            var diagnostics: [Diagnostic]
        }

        /// One locale's memos: products by slot, groups by their place in `catalog.groups`.
        struct Tables {
            var market: Market
            var products: [Priced?]
            var groups: [GroupText?]
        }

        /// All that a page's options depend on: the locale's table, its products, the customer, and the page's fields
        /// they read.
        struct OptionsKey: Hashable {
            var table: Int
            var slots: [Int], state: CustomerState, controlIcons: [String: String], badges: [String: String]
            var promotionalOffer: String?, visibleRelationships: Set<Page.Relationship>?
            /// The billing plan each product's option asks for, in the order of `slots`.
            var billingPlans: [BillingPlan]
        }

        /// A page's options for a customer, and the problems reported making them, in order.
        struct Options {
            var all: [StoreOption], shown: [StoreOption], reported: [Diagnostic]
        }

        /// A group, its place in `catalog.groups`, and its subscriptions in StoreKit's order with their slots.
        struct Ordered {
            var group: SubscriptionGroup, number: Int, products: [Product], slots: [Int]
        }

        /// Each locale's place in `tables`.
        var tableNumbers: [String: Int] = [:]
        var tables: [Tables] = []
        /// By group ID.
        var groups: [String: Ordered] = [:]
        /// Each ID's slot: the first product with it, the one `catalog.product` finds.
        var slots: [String: Int] = [:]
        /// The place in `catalog.groups` of each slot's group; nil for a one-time product.
        var groupNumbers: [Int?] = []
        /// The settings' and the catalog's policies, for under a page's own.
        var policies = Policies()
        var isPrepared = false
        /// Pages' options, costed by how many they are (all and shown): a page's customers (one page each) would
        /// otherwise keep pages × options.
        var options = BoundedCache<OptionsKey, Options>(limit: optionsLimit)
        static let optionsLimit = 20_000
        /// Per-unit prices by price, period and minor-unit digits: locales share them, and `Decimal` division is slow.
        var perUnit = BoundedCache<PerUnitKey, [Period.Unit: Money]>(limit: 10_000)

        struct PerUnitKey: Hashable {
            var price: Money, period: Period, digits: Int
        }

        public init() {}
    }

    /// The products of a page, in StoreKit's order, with their slots, and the group's place in the catalog.
    struct PageProducts {
        var group: SubscriptionGroup?
        var groupNumber: Int?
        var products: [Product]
        var slots: [Int]
    }

    /// Fills what `cache` knows of the catalog and the settings, once.
    func prepare(_ cache: inout Cache) {
        guard !cache.isPrepared else { return }
        cache.isPrepared = true
        for (number, group) in catalog.groups.enumerated() {
            cache.groupNumbers += Array(repeating: number, count: group.subscriptions.count)
        }
        cache.groupNumbers += Array(repeating: nil, count: catalog.oneTimeProducts.count)
        for (slot, product) in catalog.products.enumerated() where cache.slots[product.id] == nil {
            cache.slots[product.id] = slot
        }
        cache.policies = config.policies.merged(over: catalog.appPolicies)
    }

    /// The number of `locale`'s tables, made the first time.
    func tables(_ locale: String, cache: inout Cache) -> Int {
        if let number = cache.tableNumbers[locale] { return number }
        prepare(&cache)
        let storefront = storefront(for: locale)
        let currency = Storefronts.currency(of: storefront) ?? "USD"
        let market = Cache.Market(storefront: storefront, currency: currency,
                                  digits: ICU.fractionDigits(currency: currency))
        cache.tables.append(Cache.Tables(market: market, products: Array(repeating: nil, count: catalog.products.count),
                                         groups: Array(repeating: nil, count: catalog.groups.count)))
        cache.tableNumbers[locale] = cache.tables.count - 1
        return cache.tables.count - 1
    }

    /// The first group named `id`, with its subscriptions in order; nil when the catalog has none.
    func orderedGroup(_ id: String, cache: inout Cache) -> Cache.Ordered? {
        if Memos.areEnabled, let known = cache.groups[id] { return known }
        guard let (number, group) = catalog.group(named: id) else { return nil }
        let first = catalog.groups[..<number].reduce(0) { $0 + $1.subscriptions.count }
        let order = orderedSubscriptions(of: group)
        let ordered = Cache.Ordered(group: group, number: number, products: order.map { group.subscriptions[$0] },
                                    slots: order.map { first + $0 })
        cache.groups[id] = ordered
        return ordered
    }

    /// The product at `slot`: its price, per-unit prices and text in `locale` (table `table`), and what was reported.
    func priced(_ product: Product, slot: Int, locale: String, table: Int, cache: inout Cache) -> Cache.Priced {
        if Memos.areEnabled, let known = cache.tables[table].products[slot] { return known }
        let market = cache.tables[table].market
        var found = Diagnostics()
        let what = "\(product.kind.noun) '\(product.id)'"
        var result = Cache.Priced(amount: nil, pricePer: [:], text: nil, diagnostics: [])
        if let amount = price(product.price, at: product.price.location ?? product.location, what,
                              storefront: market.storefront, locale: locale, diagnostics: &found) {
            result.amount = amount
            if product.isSubscription, let period = product.period {
                result.pricePer = cache.perUnit.kept(Cache.PerUnitKey(price: amount, period: period,
                                                                      digits: market.digits)) {
                    var prices: [Period.Unit: Money] = [:]
                    for unit in Period.Unit.allCases {
                        prices[unit] = PriceMath.price(amount, per: unit, for: period, fractionDigits: market.digits)
                    }
                    return prices
                }
            }
            let kinds = EnglishPlural.plural(of: product.kind.noun)
            result.text = localized(product.localizations, locale, what, plural: kinds, at: product.location,
                                    diagnostics: &found)
        }
        result.diagnostics = found.all
        cache.tables[table].products[slot] = result
        return result
    }

    /// The text of `group` (number `number` in the catalog) in `locale`, and the warning when it is another language's.
    func localizedGroup(_ group: SubscriptionGroup, number: Int, locale: String, table: Int,
                        cache: inout Cache) -> Cache.GroupText {
        if Memos.areEnabled, let known = cache.tables[table].groups[number] { return known }
        var found = Diagnostics()
        let text = localized(group.localizations, locale, group.label, plural: "groups", at: group.location,
                             diagnostics: &found)
        let result = Cache.GroupText(text: text, diagnostics: found.all)
        cache.tables[table].groups[number] = result
        return result
    }

    /// `makeOptions`, remembered by the locale (table `table`) and its key.
    func options(_ found: PageProducts, page: Page, state: CustomerState, locale: String, table: Int,
                 cache: inout Cache) -> Cache.Options {
        let key = Cache.OptionsKey(table: table, slots: found.slots, state: state, controlIcons: page.controlIcons,
                                   badges: page.badges, promotionalOffer: page.promotionalOffer,
                                   visibleRelationships: page.visibleRelationships,
                                   billingPlans: found.products.map { page.billingPlan(for: $0.id) })
        if let known = cache.options.value(for: key) { return known }
        let options = makeOptions(found.products, key, locale: locale, table: table, cache: &cache)
        cache.options.insert(options, for: key, cost: options.all.count + options.shown.count)
        return options
    }
}
