#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `(catalog, page, locale, customer state) -> StoreModel`: pure, and every problem reported with its place.
public struct Resolver: Sendable {
    public let catalog: Catalog
    public let config: SiteConfig
    public let defaultLocale: String
    /// The catalog's groups in order and its products' places, made with the resolver.
    private(set) var index = Index()

    public init(catalog: Catalog, config: SiteConfig, defaultLocale: String) {
        self.catalog = catalog
        self.config = config
        self.defaultLocale = defaultLocale
        index = Self.index(catalog, config, order: orderedSubscriptions)
    }

    /// Whether the entry of `storefronts` that `locale` would read was refused: its prices are not reported missing,
    /// since the refused entry is the cause.
    func storefrontIsRefused(for locale: String) -> Bool {
        for candidate in LocaleID.fallbacks(locale) + ["default"] {
            if config.storefronts[candidate] != nil { return false }
            if config.refused.contains("storefronts.\(candidate)") { return true }
        }
        return false
    }

    /// The storefront whose prices `locale` shows: paywall.yml, else the `.storekit` storefront, else the locale's
    /// region.
    public func storefront(for locale: String) -> String {
        for candidate in LocaleID.fallbacks(locale) {
            if let storefront = config.storefronts[candidate] { return storefront }
        }
        if let storefront = config.storefronts["default"] ?? catalog.storefront { return storefront }
        let region = locale.split(separator: "-").last.flatMap {
            $0.count == 2 && $0.allSatisfy(\.isUppercase) ? String($0) : nil
        }
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
        if let key = texts.keys.sorted().first(where: { LocaleID.language($0) == language }) {
            return (texts[key]!, key)
        }
        for candidate in LocaleID.fallbacks(defaultLocale) {
            if let text = texts[candidate] { return (text, candidate) }
        }
        return texts.keys.sorted().first.map { (texts[$0]!, $0) }
    }

    /// Text in `locale`; a warning names what fell back when it comes from another language.
    /// `what` names the thing ("subscription 'pro.yearly'"), `plural` its kind when counted ("subscriptions").
    func localized(_ texts: [String: LocalizedText], _ locale: String, _ what: String, plural: String,
                   at location: SourceLocation,
                   diagnostics: inout Diagnostics) -> (text: LocalizedText, from: String)? {
        guard let (found, from) = text(texts, locale) else { return nil }
        if LocaleID.language(from) != LocaleID.language(locale) {
            let group = Diagnostic.Group(key: "no catalog text, using \(from)", subject: what, plural: plural,
                                         place: locale, one: "has no text in {places}; using \(from)",
                                         many: "have no text in {places}; using \(from)",
                                         hint: "add localizations for those locales to the catalog")
            diagnostics.warning(location, "\(what) has no \(locale) text; using \(from)",
                                hint: "add \(article(for: locale)) \(locale) localization to the catalog", group: group)
        }
        return (found, from)
    }

    /// The customer states a page is written for: a subscriber's and a lapsed subscriber's of each subscription.
    public func states(of page: Page) -> [CustomerState] {
        guard page.hasCustomerStates, let slots = try? products(of: page).slots else { return [.new] }
        let subscriptions = slots.filter { index.products[$0].isSubscription }
        return [.new] + subscriptions.map { .current(index.products[$0].id) }
            + subscriptions.filter { !index.products[$0].winBackOffers.isEmpty }.map { .lapsed(index.products[$0].id) }
    }

    /// Resolves one page for one locale and customer state.
    public func resolve(_ page: Page, locale: String, state: CustomerState,
                        diagnostics: inout Diagnostics) -> StoreModel? {
        guard let input = optionsInput(page, locale: locale, state: state, diagnostics: &diagnostics)
        else { return nil }
        return resolve(page, input, options: options(input.options), diagnostics: &diagnostics)
    }

    /// What the first step of resolving a page gives the second: its products and the input of its options.
    struct PageInput {
        var products: PageProducts
        var options: OptionsInput
    }

    /// The page's products and what its options are made from; nil, with an error, when the page names products the
    /// catalog lacks.
    func optionsInput(_ page: Page, locale: String, state: CustomerState,
                      diagnostics: inout Diagnostics) -> PageInput? {
        guard let found = diagnostics.collect({ () throws(Diagnostic) in try self.products(of: page) })
        else { return nil }
        let billingPlans = found.slots.map { page.billingPlan(for: index.products[$0].id) }
        return PageInput(products: found, options: OptionsInput(page, slots: found.slots, billingPlans: billingPlans,
                                                                locale: locale, state: state))
    }

    /// The page's store model from its products and its options (`options(input.options)`, or the same found again).
    func resolve(_ page: Page, _ input: PageInput, options chosen: Options,
                 diagnostics: inout Diagnostics) -> StoreModel? {
        let before = diagnostics.errorsReported
        var page = page
        page.baseLocale = page.baseLocale ?? defaultLocale   // the base file is written in the default locale
        let (found, locale, state) = (input.products, input.options.locale, input.options.state)
        let group = found.group
        let market = market(locale)
        diagnostics.append(contentsOf: chosen.reported)
        let (options, shown) = (chosen.all, chosen.shown)
        checkReferences(page, slots: found.slots, diagnostics: &diagnostics)
        warnAboutUpFrontBilling(page, options: options, storefront: market.storefront, diagnostics: &diagnostics)
        guard diagnostics.errorsReported == before else { return nil }

        let groupLocalized = group.flatMap { group in
            localized(group.localizations, locale, group.label, plural: "groups", at: group.location,
                      diagnostics: &diagnostics)
        }
        let groupText = groupLocalized?.text ?? group.map { LocalizedText(displayName: $0.name, description: "") }
            ?? LocalizedText(displayName: config.appName ?? shown.first?.text.displayName ?? page.name, description: "")
        var selected = page.selected.flatMap { id in shown.first { $0.id == id && $0.isPurchasable } }?.id
        if case .lapsed(let id) = state { selected = id }
        selected = selected ?? shown.first { $0.isPurchasable }?.id
        return StoreModel(page: page, locale: locale, storefront: market.storefront, currency: market.currency,
                          state: state, group: group, groupText: groupText, groupTextLocale: groupLocalized?.from,
                          options: shown, allOptions: options, selectedID: selected,
                          policies: page.policies.merged(over: index.policies))
    }
}
