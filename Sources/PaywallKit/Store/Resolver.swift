import Foundation

/// `(catalog, page, locale, customer state) -> StoreModel`: pure, and every problem reported with its place.
public struct Resolver: Sendable {
    public var catalog: Catalog
    public var config: SiteConfig
    public var defaultLocale: String

    public init(catalog: Catalog, config: SiteConfig, defaultLocale: String) {
        self.catalog = catalog
        self.config = config
        self.defaultLocale = defaultLocale
    }

    /// The storefront whose prices `locale` shows: paywall.yml, else the `.storekit` storefront, else the locale's region.
    public func storefront(for locale: String) -> String {
        for candidate in LocaleID.fallbacks(locale) {
            if let storefront = config.storefronts[candidate] { return storefront }
        }
        if let storefront = config.storefronts["default"] ?? catalog.storefront { return storefront }
        let region = locale.split(separator: "-").last.flatMap { $0.count == 2 && $0.allSatisfy(\.isUppercase) ? String($0) : nil }
            ?? ICU.likelyRegion(locale)
        return region.flatMap(Storefronts.storefront(forRegion:)) ?? "USA"
    }

    /// Text in `locale`, falling back through its language and then the default locale; nil when none.
    public func text(_ texts: [String: LocalizedText], _ locale: String) -> (text: LocalizedText, from: String)? {
        for candidate in LocaleID.fallbacks(locale) {
            if let text = texts[candidate] { return (text, candidate) }
        }
        // A catalog written for `de-DE` still serves a `de-AT` page: the same language before the default locale.
        let language = LocaleID.language(locale)
        if let key = texts.keys.sorted().first(where: { LocaleID.language($0) == language }) { return (texts[key]!, key) }
        for candidate in LocaleID.fallbacks(defaultLocale) {
            if let text = texts[candidate] { return (text, candidate) }
        }
        return texts.keys.sorted().first.map { (texts[$0]!, $0) }
    }

    /// Text in `locale`; a warning names what fell back when it comes from another language.
    /// `what` names the thing ("subscription 'pro.yearly'"), `plural` its kind when counted ("subscriptions").
    func localized(_ texts: [String: LocalizedText], _ locale: String, _ what: String, plural: String, at location: SourceLocation,
                   diagnostics: inout Diagnostics) -> (text: LocalizedText, from: String)? {
        guard let (found, from) = text(texts, locale) else { return nil }
        if LocaleID.language(from) != LocaleID.language(locale) {
            let group = Diagnostic.Group(key: "no catalog text, using \(from)", subject: what, plural: plural, place: locale,
                                         one: "has no text in {places}; using \(from)", many: "have no text in {places}; using \(from)",
                                         hint: "add localizations for those locales to the catalog")
            diagnostics.warning(location, "\(what) has no \(locale) text; using \(from)",
                                hint: "add \(article(for: locale)) \(locale) localization to the catalog", group: group)
        }
        return (found, from)
    }

    /// The products a page offers, in StoreKit's order, with their slots and the group of its subscriptions (nil
    /// when it has none); each group's order taken from `cache`.
    func products(of page: Page, cache: inout Cache) throws(Diagnostic) -> PageProducts {
        prepare(&cache)
        switch page.selection {
        case .plain:
            return PageProducts(group: nil, groupNumber: nil, products: [], slots: [])
        case .group(let id):
            guard let ordered = orderedGroup(id, cache: &cache) else {
                let names = catalog.groups.map(\.id) + catalog.groups.map(\.name).filter { !$0.isEmpty }
                let shared = catalog.groups.filter { $0.name == id }
                let hint = shared.count > 1
                    ? "\(shared.count) groups have that reference name: \(shared.map(\.label).joined(separator: ", ")); write the ID of one"
                    : suggestion(for: id, in: names).map { "did you mean '\($0)'?" }
                    ?? (catalog.groups.isEmpty
                        ? "\(catalog.file) has no subscription groups; list its products with 'productIDs: [\(catalog.products.prefix(3).map(\.id).joined(separator: ", "))]'"
                        : "the catalog's groups are: \(catalog.groups.map(\.label).joined(separator: ", "))")
                throw .error(page.selectionLocation, "no subscription group '\(id)' in \(catalog.file)", hint: hint)
            }
            var products = ordered.products, slots = ordered.slots
            for (index, id) in page.additionalProductIDs.enumerated() {
                let location = index < page.additionalProductLocations.count ? page.additionalProductLocations[index] : page.location(of: "additionalProductIDs")
                let product = try product(id, at: location).product
                guard product.isOneTime else {
                    throw .error(location, "'\(id)' is an auto-renewable subscription; additionalProductIDs adds one-time products",
                                 hint: "a page shows the subscriptions of one group; remove '\(id)', or list every option with productIDs")
                }
                guard !products.contains(where: { $0.id == id }) else {
                    throw .error(location, "'\(id)' is listed twice in additionalProductIDs", hint: "remove one")
                }
                products.append(product)
                slots.append(cache.slots[id]!)
            }
            return PageProducts(group: ordered.group, groupNumber: ordered.number, products: products, slots: slots)
        case .products(let ids):
            var products: [Product] = []
            var slots: [Int] = []
            var group: SubscriptionGroup?
            var groupNumber: Int?
            for (index, id) in ids.enumerated() {
                let location = index < page.productLocations.count ? page.productLocations[index] : page.selectionLocation
                let (product, owner) = try product(id, at: location)
                if let owner {
                    if let group, group.id != owner.id {
                        throw .error(location, "'\(id)' belongs to \(owner.label), not \(group.label)",
                                     hint: "a page's subscriptions belong to one subscription group; make a page per group")
                    }
                    group = owner
                    groupNumber = cache.groupNumbers[cache.slots[id]!]
                }
                guard !products.contains(where: { $0.id == id }) else {
                    throw .error(location, "'\(id)' is listed twice in productIDs", hint: "remove one")
                }
                products.append(product)
                slots.append(cache.slots[id]!)
            }
            guard !products.isEmpty else {
                throw .error(page.selectionLocation, "the page lists no products", hint: "add 'groupID: GROUP' or 'productIDs: [ID, …]'")
            }
            return PageProducts(group: group, groupNumber: groupNumber, products: products, slots: slots)
        }
    }

    /// A product of the catalog by ID, or an error at `location` with the nearest ID.
    func product(_ id: String, at location: SourceLocation) throws(Diagnostic) -> (product: Product, group: SubscriptionGroup?) {
        if let found = catalog.product(id) { return found }
        let hint = suggestion(for: id, in: catalog.products.map(\.id)).map { "did you mean '\($0)'?" } ?? "check the product IDs in \(catalog.file)"
        throw .error(location, "no product '\(id)' in \(catalog.file)", hint: hint)
    }

    /// The places in `group.subscriptions` in StoreKit's order: by level, then per-month price highest first, then the catalog's.
    func orderedSubscriptions(of group: SubscriptionGroup) -> [Int] {
        let storefront = catalog.storefront ?? config.storefronts["default"] ?? "USA"
        let keyed = group.subscriptions.enumerated().map { ($0.offset, $0.element, monthly($0.element, storefront)) }
        return keyed.sorted { a, b in
            if a.1.level != b.1.level { return a.1.level < b.1.level }
            if a.2 != b.2 { return a.2 > b.2 }
            return a.0 < b.0
        }.map(\.0)
    }

    /// Per-month price for ordering: in the default storefront, so that every locale lists options alike
    /// (else the first storefront by code, for a deterministic order).
    private func monthly(_ product: Product, _ storefront: String) -> Decimal {
        guard let period = product.period else { return 0 }
        let price = product.price[storefront] ?? product.price.storefronts.first.flatMap { product.price[$0] } ?? 0
        return PriceMath.exactPrice(price, per: .month, for: period)
    }

    /// The customer states a page is written for: a subscriber's and a lapsed subscriber's of each subscription.
    public func states(of page: Page) -> [CustomerState] {
        var cache = Cache()
        return states(of: page, cache: &cache)
    }

    /// `states(of:)`, with the group's order taken from `cache`.
    func states(of page: Page, cache: inout Cache) -> [CustomerState] {
        guard page.hasCustomerStates, let products = try? products(of: page, cache: &cache).products else { return [.new] }
        let subscriptions = products.filter(\.isSubscription)
        return [.new] + subscriptions.map { .current($0.id) } + subscriptions.filter { !$0.winBackOffers.isEmpty }.map { .lapsed($0.id) }
    }

    /// Resolves one page for one locale and customer state.
    public func resolve(_ page: Page, locale: String, state: CustomerState, diagnostics: inout Diagnostics) -> StoreModel? {
        var cache = Cache()
        return resolve(page, locale: locale, state: state, cache: &cache, diagnostics: &diagnostics)
    }

    /// Resolves one page, with what no page changes taken from `cache` (one per thread, for this resolver only).
    public func resolve(_ page: Page, locale: String, state: CustomerState, cache: inout Cache,
                        diagnostics: inout Diagnostics) -> StoreModel? {
        let before = diagnostics.errorsReported
        var page = page
        page.baseLocale = page.baseLocale ?? defaultLocale   // the base file is written in the default locale
        guard let found = diagnostics.collect({ () throws(Diagnostic) in try self.products(of: page, cache: &cache) }) else { return nil }
        let (group, products) = (found.group, found.products)
        let table = tables(locale, cache: &cache)
        let market = cache.tables[table].market
        let chosen = options(found, page: page, state: state, locale: locale, table: table, cache: &cache)
        diagnostics.append(contentsOf: chosen.reported)
        let (options, shown) = (chosen.all, chosen.shown)
        checkReferences(page, products: products, diagnostics: &diagnostics)
        warnAboutUpFrontBilling(page, options: options, storefront: market.storefront, diagnostics: &diagnostics)
        guard diagnostics.errorsReported == before else { return nil }

        let groupLocalized = group.flatMap { group in
            let localized = localizedGroup(group, number: found.groupNumber!, locale: locale, table: table, cache: &cache)
            diagnostics.append(contentsOf: localized.diagnostics)
            return localized.text
        }
        let groupText = groupLocalized?.text ?? group.map { LocalizedText(displayName: $0.name, description: "") }
            ?? LocalizedText(displayName: config.appName ?? shown.first?.text.displayName ?? page.name, description: "")
        var selected = page.selected.flatMap { id in shown.first { $0.id == id && $0.isPurchasable } }?.id
        if case .lapsed(let id) = state { selected = id }
        selected = selected ?? shown.first { $0.isPurchasable }?.id
        return StoreModel(page: page, locale: locale, storefront: market.storefront, currency: market.currency, state: state, group: group,
                          groupText: groupText, groupTextLocale: groupLocalized?.from, options: shown, allOptions: options, selectedID: selected,
                          policies: page.policies.merged(over: cache.policies))
    }

    /// Every option of `products` (at `key.slots`) for `key.state`, those shown, and the problems found on the way,
    /// in order. Of the page it reads only what `key` holds.
    func makeOptions(_ products: [Product], _ key: Cache.OptionsKey, locale: String, table: Int, cache: inout Cache) -> Cache.Options {
        let state = key.state
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
        var slots: [Int] = []   // of the options
        for (index, (product, slot)) in zip(products, key.slots).enumerated() {
            let plan = key.billingPlans[index]
            let priced = priced(product, slot: slot, locale: locale, table: table, cache: &cache)
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
            if plan == .monthly { billMonthly(&option, in: cache.tables[table].market) }
            if let offer = offer(for: product, plan: option.billingPlan, promotional: key.promotionalOffer, state: state) {
                var offerPrice: Decimal?
                if let prices = offer.price {
                    var problems = Diagnostics()
                    offerPrice = price(prices, at: offer.location, "offer '\(offer.id ?? offer.kind.rawValue)' of '\(product.id)'",
                                       storefront: cache.tables[table].market.storefront, locale: locale, diagnostics: &problems)
                    reported += problems.all
                    if offerPrice == nil { continue }
                }
                option.offer = AppliedOffer(offer: offer, price: offerPrice)
            }
            options.append(option)
            slots.append(slot)
        }
        applyRelativeDiscounts(&options, slots: slots, table: table, cache: &cache)
        // Every option is shown, with the same discounts, unless some are hidden: then they are compared again.
        var shown = options
        let visible = options.indices.filter { isVisible(options[$0].product) }
        if visible.count < options.count {
            shown = visible.map { options[$0] }
            applyRelativeDiscounts(&shown, slots: visible.map { slots[$0] }, table: table, cache: &cache)
        }
        return Cache.Options(all: options, shown: shown, reported: reported)
    }

    /// `price` in `storefront`, or an error at `location` naming what lacks it.
    func price(_ price: Price, at location: SourceLocation, _ what: String, storefront: String, locale: String,
               diagnostics: inout Diagnostics) -> Decimal? {
        if let amount = price[storefront] { return amount }
        diagnostics.error(location, "\(what) has no price for storefront \(storefront), which locale \(locale) shows",
                          hint: "add \(storefront): \"…\" to its price, or map \(locale) to a priced storefront under 'storefronts' in paywall.yml")
        return nil
    }

    /// Relative discount against the dearest per-month price among the subscriptions of the same level.
    static func applyRelativeDiscounts(_ options: inout [StoreOption]) {
        var monthly: [Int: Decimal] = [:]
        var dearest: [Int: Decimal] = [:]
        for (index, option) in options.enumerated() where option.isSubscription {
            guard let value = option.monthlyCost else { continue }
            monthly[index] = value
            dearest[option.product.level] = max(dearest[option.product.level] ?? 0, value)
        }
        for (index, value) in monthly {
            options[index].relativeDiscount = PriceMath.relativeDiscount(value, comparedTo: dearest[options[index].product.level] ?? 0)
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
            id == product.id ? nil : promotional.flatMap { wanted in product.promotionalOffers.first { $0.id == wanted && $0.billingPlan == plan } }
        case .lapsed(let id): id == product.id ? product.winBackOffers.first { $0.billingPlan == plan } : nil
        }
    }

    /// Front matter that names products (selected, badges, icons, offers, option groups) must name the page's own.
    func checkReferences(_ page: Page, products: [Product], diagnostics: inout Diagnostics) {
        let ids = products.map(\.id)
        func check(_ id: String, _ key: String) {
            guard !ids.contains(id) else { return }
            let hint = suggestion(for: id, in: ids).map { "did you mean '\($0)'?" } ?? "this page offers: \(ids.joined(separator: ", "))"
            diagnostics.error(page.location(of: key), "\(key) names '\(id)', which is not on this page", hint: hint)
        }
        if let selected = page.selected { check(selected, "selected") }
        for id in page.badges.keys.sorted() { check(id, "badges") }
        for id in page.controlIcons.keys.sorted() { check(id, "controlIcons") }
        var grouped = Set<String>()
        for group in page.optionGroups?.groups ?? [] {
            for id in group.productIDs {
                check(id, "optionGroups")
                if !grouped.insert(id).inserted {
                    diagnostics.error(group.location, "'\(id)' is in two option groups", hint: "list each product in one group")
                }
            }
        }
        if let features = page.features { checkFeatures(features, page: page, products: products, diagnostics: &diagnostics) }
        if page.visibleRelationships != nil, !products.contains(where: \.isSubscription) {
            diagnostics.error(page.location(of: "visibleRelationships"), "visibleRelationships applies to subscriptions, and this page has none",
                              hint: "remove it: a page of one-time products has no customer states")
        }
        if let offer = page.promotionalOffer, !products.contains(where: { $0.promotionalOffers.contains { $0.id == offer } }) {
            let all = products.flatMap { $0.promotionalOffers.compactMap(\.id) }
            diagnostics.error(page.location(of: "offer"), "no subscription on this page has a promotional offer '\(offer)'",
                              hint: suggestion(for: offer, in: all).map { "did you mean '\($0)'?" } ?? "add it to a subscription's promotionalOffers in the catalog")
        }
    }
}
