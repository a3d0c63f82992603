#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an option's purchase commits the buyer to, in words for the lines under its purchase control.
extension OptionContext {
    /// The offer and the regular price after it, or the billed price alone: "1 week free, then $49.99/year".
    var termsText: String {
        guard option.isSubscription else {
            return text.strings.format("priceAndTerms",
                                       ["price": billed(), "terms": text.purchaseTerms(option.product, spoken: true)])
        }
        guard let offer = option.offer else { return billed() }
        return text.offerThen(offer, regular: option.price, option.period ?? Period(1, .month))
    }

    /// A subscription's renewal line: "Renews automatically at $49.99 per year until canceled.", or with an offer
    /// "1 week free, then $49.99/year. Renews automatically until canceled."; nil for a one-time product.
    var renewalText: String? {
        guard option.isSubscription else { return nil }
        if let commitment = commitmentRenewal { return commitment }   // 12 monthly payments: the commitment's terms
        guard option.offer != nil else { return text.strings.format("renewsAt", ["price": billed(spoken: true)]) }
        return text.strings.format("renewsAfter", ["terms": termsText])
    }

    /// The line under a picker's one purchase control, naming what it buys: the plan, its offer and billed price,
    /// and how it renews. "Pro Yearly: 1 week free, then $49.99/year. Renews automatically until canceled."
    var purchaseSummary: String {
        var terms = option.isSubscription ? text.strings.format("renewsAfter", ["terms": termsText]) : termsText
        if let commitment = commitmentRenewal {
            // A monthly plan's commitment terms replace the renewal sentence; its offer, if any, comes first.
            terms = option.offer == nil ? commitment : termsText + " · " + commitment
        }
        return text.strings.format("planTerms", ["plan": option.text.displayName, "terms": terms])
    }
}
