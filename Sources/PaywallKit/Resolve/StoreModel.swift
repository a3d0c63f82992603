/// What one page shows, decided as StoreKit would: the templates only display it.
public struct StoreModel: Sendable {
    public var page: Page
    public var locale: String
    public var storefront: String
    public var currency: String
    public var state: CustomerState
    /// The subscription group of the page's auto-renewable options; nil on a page of one-time products.
    public var group: SubscriptionGroup?
    /// The group's text; on a page without a group, the app's name.
    public var groupText: LocalizedText
    /// The locale `groupText` is written in, when the catalog gave it (it may be another language's).
    public var groupTextLocale: String? = nil
    /// The options this customer sees, in display order.
    public var options: [StoreOption]
    /// Every product of the page, for marketing copy that names one this customer does not see.
    public var allOptions: [StoreOption]
    public var selectedID: String?
    public var policies: Policies
}

/// One option on a page: a subscription or a one-time product.
public struct StoreOption: Sendable {
    public var product: Product
    public var text: LocalizedText
    /// The locale `text` is written in, when the catalog gave it (it may be another language's); nil for a reference
    /// name.
    public var textLocale: String? = nil
    public var icon: String?
    public var badge: String?
    /// Relative to the customer's current plan; nil for a new customer.
    public var relationship: Page.Relationship?
    public var isCurrent: Bool
    /// The billed price in the page's storefront.
    public var price: Money
    /// Rounded-down equivalents (`.month`, `.week`, `.day`, `.year`); none for a one-time product.
    public var pricePer: [Period.Unit: Money]
    /// Whole percent saved against the dearest option of the same level, when ≥ 1.
    public var relativeDiscount: Int?
    /// The offer this customer is shown, if any.
    public var offer: AppliedOffer?
    /// The billing plan this option bills (`upFront` unless the page asks for `monthly` and the storefront has it).
    public var billingPlan: BillingPlan = .upFront
    /// The commitment of a monthly plan: `price` is then each monthly payment.
    public var commitment: Commitment?

    public var id: String { product.id }
    public var period: Period? { product.period }
    /// How often `price` is charged: a month on a monthly plan, else the product's period.
    public var billingPeriod: Period? { commitment == nil ? product.period : Period(1, .month) }
    /// The exact price per month, for relative discounts: a commitment's total over its months.
    public var monthlyCost: ExactCost? {
        if let commitment {
            let total = commitment.total
            return ExactCost(Int128(total.minorUnits), over: Int128(commitment.payments), digits: total.digits,
                             currency: total.currency)
        }
        return period.map { PriceMath.exactPrice(price, per: .month, for: $0) }
    }
    public var kind: Product.Kind { product.kind }
    public var isSubscription: Bool { product.isSubscription }
    public var isPurchasable: Bool { !isCurrent }
}

/// An offer with its price in the page's storefront.
public struct AppliedOffer: Sendable {
    public var offer: Offer
    /// nil for a free trial.
    public var price: Money?
}

/// Twelve monthly payments over a yearly commitment, in the page's storefront.
public struct Commitment: Sendable, Hashable {
    /// How many monthly payments (12).
    public var payments: Int
    /// What the payments add up to: the catalog's commitment price, never the up-front price.
    public var total: Money
    /// How long the customer commits for (`P1Y`).
    public var period: Period
}
