#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An option's prices and labels in words: the billed price, the spoken label, the purchase button's lines.
extension OptionContext {
    /// The secondary, smaller price: per month for longer periods, per week for multi-week ones; none for a
    /// one-time product.
    var equivalentUnit: Period.Unit? {
        guard !option.price.isZero, option.isSubscription, let period = option.billingPeriod else { return nil }
        switch period.unit {
        case .year: return .month
        case .month: return period.count > 1 ? .month : nil
        case .week: return period.count > 1 ? .week : nil
        case .day: return nil
        }
    }

    func money(_ unit: Period.Unit) -> String {
        text.money(option.pricePer[unit] ?? Money(minorUnits: 0, currency: text.currency))
    }

    /// The billed price: "$49.99/year" (spoken "$49.99 per year"); a one-time product's price alone.
    func billed(spoken: Bool = false) -> String {
        guard option.isSubscription, let period = option.billingPeriod else { return text.price(option.price) }
        return text.perPeriod(option.price, period, spoken: spoken)
    }

    /// Parts of the option as one spoken sentence: "Pro Yearly, $49.99 per year, 1 week free trial";
    /// "Lifetime, $99.99, one-time purchase".
    var accessibleLabel: String {
        var parts = [option.text.displayName, billed(spoken: true)]
        if let commitment = commitmentPhrase { parts.append(commitment) }
        if !option.isSubscription { parts.append(text.purchaseTerms(option.product, spoken: true)) }
        if let unit = equivalentUnit {
            parts.append(text.perPeriod(option.pricePer[unit], Period(1, unit), spoken: true))
        }
        if let offer = option.offer { parts.append(text.offer(offer, spoken: true)) }
        if let discount = option.relativeDiscount { parts.append(text.save(discount)) }
        if option.product.familyShareable { parts.append(text.strings["familySharing"]) }
        if option.isCurrent { parts.append(text.strings["currentPlan"]) }
        if let badge = option.badge { parts.append(badge) }
        return parts.joined(separator: ", ")
    }

    var actionLabel: String {
        guard option.isSubscription else { return text.strings["buy"] }
        return text.strings[option.offer?.offer.paymentMode == .freeTrial ? "tryFree" : "subscribe"]
    }

    /// The purchase button's lines from `buttonLabel`: `automatic` is the action alone for a picker,
    /// the action and the price for one button per option; `singleLine` joins the parts on one line.
    var buttonLines: [String] {
        var parts = buttonLabel.subtracting([.multiline, .singleLine])
        if parts.isEmpty || parts.contains(.automatic) {
            parts = isButtonsStyle ? [.action, .price] : [.action]
        }
        var lines: [String] = []
        if parts.contains(.action) { lines.append(actionLabel) }
        if parts.contains(.displayName) { lines.append(option.text.displayName) }
        if parts.contains(.price) { lines.append(billed()) }
        return buttonLabel.contains(.singleLine) ? [lines.joined(separator: " · ")] : lines
    }

    /// "Yearly" for a subscription; "Lifetime", "Consumable"… for a one-time product.
    var periodLabel: String {
        option.isSubscription ? text.periodLabel(option.period ?? Period(1, .month)) : text.oneTimeLabel(option.kind)
    }

    /// The per-month or per-week price beside the billed one, when there is one.
    var equivalent: String? {
        equivalentUnit.map { text.perPeriod(option.pricePer[$0], Period(1, $0)) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    func offerDuration(_ applied: AppliedOffer) -> String {
        text.duration(applied.offer.period, times: applied.offer.periodCount)
    }
}
