/// Links to the app's legal texts; each either a URL or a text rendered as its own page.
public struct Policies: Hashable, Sendable, Encodable {
    public enum Link: Hashable, Sendable, Encodable {
        case url(String)
        /// A Markdown page of the site (`{ page: terms.md }`) or text from a `.storekit` EULA.
        case page(name: String, markdown: String, location: SourceLocation)
    }

    public var termsOfService: Link?
    public var privacyPolicy: Link?

    public init(termsOfService: Link? = nil, privacyPolicy: Link? = nil) {
        self.termsOfService = termsOfService
        self.privacyPolicy = privacyPolicy
    }

    /// Each link from `self`, else from `fallback`.
    public func merged(over fallback: Policies) -> Policies {
        Policies(termsOfService: termsOfService ?? fallback.termsOfService,
                 privacyPolicy: privacyPolicy ?? fallback.privacyPolicy)
    }
}

/// Everything for sale: subscription groups, one-time products and the app's policies.
public struct Catalog: Sendable {
    public var groups: [SubscriptionGroup]
    /// Non-consumables, non-renewing subscriptions and consumables, in the catalog's order.
    public var oneTimeProducts: [Product]
    public var appPolicies: Policies
    /// The storefront a `.storekit` file's prices belong to (`settings._storefront`).
    public var storefront: String?
    /// A `.storekit` file's locale (`settings._locale`), the default when paywall.yml names none.
    public var defaultLocale: String?
    /// The file it was read from.
    public var file: String

    public init(groups: [SubscriptionGroup], oneTimeProducts: [Product] = [], appPolicies: Policies = Policies(),
                storefront: String? = nil, defaultLocale: String? = nil, file: String) {
        self.groups = groups
        self.oneTimeProducts = oneTimeProducts
        self.appPolicies = appPolicies
        self.storefront = storefront
        self.defaultLocale = defaultLocale
        self.file = file
    }

    public func group(_ id: String) -> SubscriptionGroup? { groups.first { $0.id == id } }

    /// A product by ID, with its group when it is an auto-renewable subscription.
    public func product(_ id: String) -> (product: Product, group: SubscriptionGroup?)? {
        for group in groups {
            if let product = group.subscriptions.first(where: { $0.id == id }) { return (product, group) }
        }
        return oneTimeProducts.first { $0.id == id }.map { ($0, nil) }
    }

    /// Every auto-renewable subscription, group by group.
    public var subscriptions: [Product] { groups.flatMap(\.subscriptions) }

    /// Every product: the subscriptions, then the one-time products.
    public var products: [Product] { subscriptions + oneTimeProducts }

    public var isEmpty: Bool { groups.isEmpty && oneTimeProducts.isEmpty }

    /// The most options one page can show: a whole group and every one-time product.
    public var maxOptionsPerPage: Int { (groups.map(\.subscriptions.count).max() ?? 0) + oneTimeProducts.count }

    /// Every locale the catalog has text for, sorted.
    public var locales: [String] {
        var all = Set<String>()
        for group in groups { all.formUnion(group.localizations.keys) }
        for product in products { all.formUnion(product.localizations.keys) }
        return all.sorted()
    }
}
