/// `actions.subscribe` or `actions.purchase`: one template for every product, or a link per product ID
/// with `default` for the rest.
public struct PurchaseLinks: Sendable {
    /// `subscribe` or `purchase`.
    public var action: String
    public var byProduct: [String: LinkTemplate] = [:]
    /// The one template, or the map's `default`.
    public var fallback: LinkTemplate?
    /// Where the action was written.
    public var location: SourceLocation

    /// The product keys of the map form, where each was written.
    public var productKeys: [(id: String, location: SourceLocation)] = []
}

/// A query parameter of the page's own URL copied into every purchase link (`actions.carry`).
public struct CarriedParameter: Sendable, Equatable {
    /// The name in the page's URL.
    public var from: String
    /// The name in the purchase link.
    public var to: String
}

/// The purchase links of `actions` and the parameters `carry` copies into them.
public struct ActionLinks: Sendable {
    public var subscribe: PurchaseLinks?
    public var purchase: PurchaseLinks?
    public var carry: [CarriedParameter] = []
    /// Where `carry` was written.
    public var carryLocation: SourceLocation?
    /// The script that carries them, when there are any.
    public var script: CarryScript?
    /// The store buttons' templates, by action name.
    public var buttons: [String: LinkTemplate] = [:]
    /// Where a subscriber's page (`current/ID/`) sends a switch to another plan of the group (`actions.changePlan`).
    public var changePlan: LinkTemplate?

    public init() {}

    /// A product's link template: for a subscription `subscribe`'s; for a one-time product its own entry in
    /// `purchase`, else in `subscribe`, then `purchase`'s template or default, then `subscribe`'s.
    public func template(for product: Product) -> (template: LinkTemplate, action: String)? {
        let named: [(PurchaseLinks?, Bool)] = product.isSubscription
            ? [(subscribe, true), (subscribe, false)]
            : [(purchase, true), (subscribe, true), (purchase, false), (subscribe, false)]
        for (links, byID) in named {
            guard let links, let template = byID ? links.byProduct[product.id] : links.fallback else { continue }
            return (template, links.action)
        }
        return nil
    }

    /// The link an option buys through, for `values` (its product, locale, offer and billing plan). For a
    /// subscriber (`values.currentProductID` set) a subscription is a change of plan, never a second subscription:
    /// `changePlan`, else the account page (`manageSubscription`, with `billing: web`) or Apple's.
    public func url(for product: Product, _ values: LinkTemplate.Values, billing: SiteConfig.Billing) -> String? {
        guard !values.currentProductID.isEmpty, product.isSubscription else {
            return template(for: product)?.template.expand(values)
        }
        if let changePlan { return changePlan.expand(values) }
        switch billing {
        case .web: return buttons["manageSubscription"]?.expand(LinkTemplate.Values(locale: values.locale))
        case .appStore: return Self.appleSubscriptions
        }
    }

    /// Where App Store subscribers change or cancel a plan.
    public static let appleSubscriptions = "https://apps.apple.com/account/subscriptions"
}
