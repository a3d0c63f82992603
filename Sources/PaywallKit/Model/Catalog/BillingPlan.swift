/// How a subscription is paid for: StoreKit's `billingPlanType`. A one-year subscription may also be sold as
/// twelve monthly payments with a 12-month commitment (iOS 26.4).
public enum BillingPlan: String, Hashable, Sendable, Encodable, CaseIterable {
    /// The subscription's price, once per period (`BILLED_UPFRONT`).
    case upFront
    /// Twelve monthly payments over a yearly commitment (`MONTHLY`).
    case monthly
}

/// A one-year subscription's monthly billing plan: where it exists, what each payment is and what the
/// commitment costs in all. The storefronts of `price` are the ones the plan exists in.
public struct MonthlyPlan: Hashable, Sendable {
    /// How many monthly payments one commitment is.
    public static let payments = 12
    /// The commitment a plan's payments add up to.
    public static let commitmentPeriod = Period(1, .year)
    /// Storefronts where the App Store does not offer monthly plans with a commitment.
    public static let unavailableStorefronts: Set<String> = ["USA", "SGP"]

    /// Each monthly payment, by storefront.
    public var price: Price
    /// The total of the commitment where it is not 12 × `price` (the App Store may round it). Never derived
    /// from the up-front price, which is another plan's.
    public var commitmentPrice: Price?
    /// The introductory offer of this plan (the up-front plan's is the product's `introductoryOffer`).
    public var introductoryOffer: Offer?
    public var location: SourceLocation

    public init(price: Price, commitmentPrice: Price? = nil, introductoryOffer: Offer? = nil,
                location: SourceLocation) {
        self.price = price
        self.commitmentPrice = commitmentPrice
        self.introductoryOffer = introductoryOffer
        self.location = location
    }

    /// The commitment's total in `storefront`: the given one, else 12 payments; nil where the plan does not exist.
    public func total(in storefront: String) -> Money? {
        guard var payment = price[storefront] else { return nil }
        guard let total = commitmentPrice?[storefront] else {
            payment.minorUnits *= Int64(Self.payments)
            return payment
        }
        return total
    }
}

extension Product {
    /// The introductory offer of `plan`.
    public func introductoryOffer(for plan: BillingPlan) -> Offer? {
        plan == .monthly ? monthlyPlan?.introductoryOffer : introductoryOffer
    }

    /// Every introductory offer: the up-front plan's, then the monthly plan's.
    public var introductoryOffers: [Offer] {
        [introductoryOffer, monthlyPlan?.introductoryOffer].compactMap { $0 }
    }
}

extension Catalog {
    /// A monthly plan priced where the App Store does not sell it (USA, SGP) is a warning at its price.
    public var billingPlanWarnings: [Diagnostic] {
        subscriptions.compactMap { product in
            guard let plan = product.monthlyPlan else { return nil }
            let unavailable = plan.price.storefronts.filter(MonthlyPlan.unavailableStorefronts.contains)
            guard !unavailable.isEmpty else { return nil }
            return .warning(plan.price.location ?? plan.location,
                            "the monthly plan of '\(product.id)' has a price for "
                            + "\(unavailable.joined(separator: " and ")), where the App Store does not offer monthly "
                            + "plans with a commitment",
                            hint: "remove \(unavailable.joined(separator: " and ")) from its price: pages there bill "
                                  + "the subscription up front")
        }
    }
}
