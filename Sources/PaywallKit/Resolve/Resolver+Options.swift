#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A page's options: each product priced in the page's storefront, with its offer, relationship and relative discount.
extension Resolver {
    /// All that a page's options read beside the resolver: the page's products (by slot), the locale, the customer,
    /// the page's icons and badges, its promotional offer, the relationships it shows a subscriber, and the billing
    /// plan each product asks for (in the products' order). `options(_:)` is given this and never the page, so
    /// nothing else of the page can change them.
    struct OptionsInput: Encodable, Sendable {
        var slots: [Int], locale: String
        var state: CustomerState, controlIcons: [String: String], badges: [String: String]
        var promotionalOffer: String?, visibleRelationships: Set<Page.Relationship>?
        var billingPlans: [BillingPlan]

        init(_ page: borrowing Page, slots: [Int], billingPlans: [BillingPlan], locale: String, state: CustomerState) {
            (self.slots, self.billingPlans, self.locale, self.state) = (slots, billingPlans, locale, state)
            (controlIcons, badges) = (page.controlIcons, page.badges)
            (promotionalOffer, visibleRelationships) = (page.promotionalOffer, page.visibleRelationships)
        }
    }

    /// A page's options for a customer, those shown, and the problems reported making them, in order.
    struct Options: Sendable {
        var all: [StoreOption], shown: [StoreOption], reported: [Diagnostic]
    }

    /// Every option of the products at `key.slots` for `key.state`, those shown, and the problems found on the way, in
    /// order: of the page it reads only what `key` holds.
    func options(_ key: OptionsInput) -> Options {
        let products = key.slots.map { index.products[$0] }
        let (state, locale, market) = (key.state, key.locale, market(key.locale))
        // Only a subscriber has a current plan; a lapsed customer may buy any option again.
        var current: Product?
        if case .current(let id) = state { current = products.first { $0.id == id } }

        // Which products this customer sees; marketing copy may still name the others. Relationships are
        // between subscriptions of the group: a one-time product is always shown.
        func isVisible(_ product: Product) -> Bool {
            guard case .current = state, let current, product.isSubscription else { return true }
            let wanted = key.visibleRelationships ?? [.all]
            return wanted.contains(.all) || wanted.contains(relationship(of: product, to: current))
        }

        var options: [StoreOption] = []
        var reported: [Diagnostic] = []
        for (index, product) in products.enumerated() {
            let plan = key.billingPlans[index]
            let priced = priced(product, locale: locale, market: market)
            reported += priced.diagnostics
            guard let amount = priced.amount else { continue }
            let texts = priced.text
            let name = texts?.text.displayName.isEmpty == false ? texts!.text.displayName : product.referenceName
            var option = StoreOption(
                product: product, text: LocalizedText(displayName: name, description: texts?.text.description ?? ""),
                textLocale: texts?.text.displayName.isEmpty == false ? texts?.from : nil,
                icon: key.controlIcons[product.id] ?? product.icon, badge: key.badges[product.id],
                relationship: product.isSubscription ? current.map { relationship(of: product, to: $0) } : nil,
                isCurrent: product.id == current?.id,
                price: amount, pricePer: priced.pricePer, relativeDiscount: nil, offer: nil)
            if plan == .monthly { billMonthly(&option, in: market) }
            if let offer = offer(for: product, plan: option.billingPlan, promotional: key.promotionalOffer,
                                 state: state) {
                var offerPrice: Money?
                if let prices = offer.price {
                    var problems = Diagnostics()
                    offerPrice = price(prices, at: offer.location,
                                       "offer '\(offer.id ?? offer.kind.rawValue)' of '\(product.id)'",
                                       storefront: market.storefront, locale: locale,
                                       diagnostics: &problems)
                    reported += problems.all
                    if offerPrice == nil { continue }
                }
                option.offer = AppliedOffer(offer: offer, price: offerPrice)
            }
            options.append(option)
        }
        Self.applyRelativeDiscounts(&options)
        // Every option is shown, with the same discounts, unless some are hidden: then they are compared again.
        var shown = options
        let visible = options.indices.filter { isVisible(options[$0].product) }
        if visible.count < options.count {
            shown = visible.map { options[$0] }
            Self.applyRelativeDiscounts(&shown)
        }
        return Options(all: options, shown: shown, reported: reported)
    }

    /// `price` in `storefront`, or an error at `location` naming what lacks it.
    func price(_ price: Price, at location: SourceLocation, _ what: String, storefront: String, locale: String,
               diagnostics: inout Diagnostics) -> Money? {
        if let amount = price[storefront] { return amount }
        if storefrontIsRefused(for: locale) { return nil }
        // A .storekit file holds one storefront's prices: the others go in prices.yml beside it.
        let place = catalog.file.hasSuffix(".storekit")
            ? "add \(storefront): \"…\" to its price in \(PriceOverlay.path(beside: catalog.file))"
            : "add \(storefront): \"…\" to its price"
        diagnostics.error(location, "\(what) has no price for storefront \(storefront), which locale \(locale) shows",
                          hint: place + ", or map \(locale) to a priced storefront under 'storefronts' in paywall.yml")
        return nil
    }

    /// Relative discount against the dearest per-month price among the subscriptions of the same level.
    static func applyRelativeDiscounts(_ options: inout [StoreOption]) {
        var monthly: [Int: ExactCost] = [:]
        var dearest: [Int: ExactCost] = [:]
        for (index, option) in options.enumerated() where option.isSubscription {
            guard let value = option.monthlyCost else { continue }
            monthly[index] = value
            let zero = ExactCost(0, over: 1, digits: value.digits, currency: value.currency)
            dearest[option.product.level] = max(dearest[option.product.level] ?? zero, value)
        }
        for (index, value) in monthly {
            guard let dearestOfLevel = dearest[options[index].product.level] else { continue }  // each has one
            options[index].relativeDiscount = PriceMath.relativeDiscount(value, comparedTo: dearestOfLevel)
        }
    }

    /// Upgrade: a lower level number (higher service) than the current plan; downgrade: higher; crossgrade: same.
    public func relationship(of product: Product, to current: Product) -> Page.Relationship {
        if product.id == current.id { return .current }
        if product.level < current.level { return .upgrade }
        if product.level > current.level { return .downgrade }
        return .crossgrade
    }

    /// Of the offers of `plan`: introductory for a new customer; the page's promotional offer for a subscriber;
    /// win-back for a lapsed one.
    func offer(for product: Product, plan: BillingPlan, promotional: String?, state: CustomerState) -> Offer? {
        switch state {
        case .new: product.introductoryOffer(for: plan)
        case .current(let id):
            id == product.id ? nil : promotional.flatMap { wanted in
                product.promotionalOffers.first { $0.id == wanted && $0.billingPlan == plan }
            }
        case .lapsed(let id): id == product.id ? product.winBackOffers.first { $0.billingPlan == plan } : nil
        }
    }
}
