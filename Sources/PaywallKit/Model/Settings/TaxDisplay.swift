/// Whether a storefront's prices include its tax, which the page says below them (`taxes:` in paywall.yml).
public enum TaxDisplay: String, Sendable, CaseIterable {
    /// The price includes the tax: "Prices include VAT".
    case included
    /// Tax is added at checkout: "Plus applicable tax".
    case excluded
    /// No note (a storefront whose checkout shows tax its own way).
    case none

    /// The UI strings of the note and of its spoken form (read after each option's price), for a storefront whose
    /// tax is VAT or not; nil for `none`.
    func stringKeys(valueAddedTax: Bool) -> (note: String, spoken: String)? {
        switch self {
        case .included:
            valueAddedTax ? ("taxIncludedVAT", "taxIncludedVATSpoken") : ("taxIncluded", "taxIncludedSpoken")
        case .excluded: ("taxExcluded", "taxExcludedSpoken")
        case .none: nil
        }
    }
}
