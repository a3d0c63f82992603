#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Resolver {
    /// What the resolver knows of its catalog and settings before any page: every product by its slot (its place in
    /// `catalog.products`, so that two products with one ID stay apart), each group's slots in StoreKit's order, and
    /// the policies under a page's own. Made once with the resolver, from nothing but its catalog and settings, and
    /// never changed: an index, not a memo.
    struct Index: Sendable {
        var products: [Product] = []
        /// By the group's place in `catalog.groups`: its subscriptions' slots in StoreKit's order.
        var ordered: [[Int]] = []
        /// Each ID's slot: the first product with it, the one `catalog.product` finds.
        var slots: [String: Int] = [:]
        /// The settings' and the catalog's policies, for under a page's own.
        var policies = Policies()
    }

    /// The storefront a locale shows, its currency and the currency's minor-unit digits.
    struct Market: Sendable {
        var storefront: String, currency: String, digits: Int
    }

    /// One product in one locale: no amount when its storefront has no price (and then no text).
    struct Priced {
        var amount: Money?
        var pricePer: [Period.Unit: Money]
        var text: (text: LocalizedText, from: String)?
        var diagnostics: [Diagnostic]
    }

    /// A page's products by their places in ``Index/products`` (a group's in StoreKit's order), and the group of its
    /// subscriptions. Products are read there, never copied: a copy retains every text of a product, which the
    /// threads rendering other pages share.
    struct PageProducts {
        var group: SubscriptionGroup?
        var slots: [Int]
    }

    /// The index of `catalog` and `config`.
    static func index(_ catalog: Catalog, _ config: SiteConfig, order: (SubscriptionGroup) -> [Int]) -> Index {
        var index = Index()
        index.products = catalog.products
        var first = 0
        for group in catalog.groups {
            index.ordered.append(order(group).map { first + $0 })
            first += group.subscriptions.count
        }
        for (slot, product) in index.products.enumerated() where index.slots[product.id] == nil {
            index.slots[product.id] = slot
        }
        index.policies = config.policies.merged(over: catalog.appPolicies)
        return index
    }

    /// The storefront `locale` shows, with its currency.
    func market(_ locale: String) -> Market {
        let storefront = storefront(for: locale)
        let currency = Money.currency(of: storefront)
        return Market(storefront: storefront, currency: currency, digits: ICU.fractionDigits(currency: currency))
    }

    /// The product's price, per-unit prices and text in `locale` (shown at `market`), and what was reported.
    func priced(_ product: Product, locale: String, market: Market) -> Priced {
        var found = Diagnostics()
        let what = "\(product.kind.noun) '\(product.id)'"
        var result = Priced(amount: nil, pricePer: [:], text: nil, diagnostics: [])
        if let amount = price(product.price, at: product.price.location ?? product.location, what,
                              storefront: market.storefront, locale: locale, diagnostics: &found) {
            result.amount = amount
            if product.isSubscription, let period = product.period {
                for unit in Period.Unit.allCases {
                    result.pricePer[unit] = PriceMath.price(amount, per: unit, for: period,
                                                            fractionDigits: market.digits)
                }
            }
            let kinds = EnglishPlural.plural(of: product.kind.noun)
            result.text = localized(product.localizations, locale, what, plural: kinds, at: product.location,
                                    diagnostics: &found)
        }
        result.diagnostics = found.all
        return result
    }
}
