/// How a one-time product reads: "One-time purchase", "1 year of access, does not renew", "Lifetime".
extension PriceText {
    /// What a one-time option says beside its price; `spoken` for the middle of a sentence.
    public func purchaseTerms(_ product: Product, spoken: Bool = false) -> String {
        switch product.kind {
        case .nonRenewing:
            guard let period = product.period else { return strings[spoken ? "doesNotRenewSpoken" : "doesNotRenew"] }
            return strings.format("accessFor", ["duration": duration(period)])
        case .nonConsumable, .consumable, .autoRenewable:
            return strings[spoken ? "oneTimePurchaseSpoken" : "oneTimePurchase"]
        }
    }

    /// The label of one-time products' own tab or section: "Lifetime" for non-consumables, else "One-time purchase".
    public func oneTimeLabel(_ kind: Product.Kind) -> String {
        strings[kind == .nonConsumable ? "lifetime" : "oneTimePurchase"]
    }
}
