#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A native catalog's billing plans: `billingPlans: { monthly: { price: {…}, commitmentPrice: {…} } }` on a
/// one-year subscription, and offers' `billingPlan: monthly`.
extension NativeCatalogLoader {
    /// A subscription's `billingPlans`, with `intro` (the monthly plan's introductory offer) when there is one;
    /// an error on any period but `P1Y`.
    static func billingPlans(_ reader: MappingReader, period: Period?,
                             intro: Offer?) throws(DiagnosticsError) -> MonthlyPlan? {
        guard let node = reader["billingPlans"] else {
            if let intro {
                throw DiagnosticsError([.error(intro.location,
                                               "this introductory offer applies to the monthly plan, "
                                               + "and the subscription has none",
                                               hint: "add 'billingPlans: { monthly: { price: { … } } }', "
                                                     + "or remove 'billingPlan: monthly'")])
            }
            return nil
        }
        var diagnostics = Diagnostics()
        guard let plans = diagnostics.collect({ try MappingReader(node, "billingPlans") })
        else { throw DiagnosticsError(diagnostics.all) }
        diagnostics.append(contentsOf: plans.unknownKeys(["monthly"]))
        if let period, period != MonthlyPlan.commitmentPeriod {
            diagnostics.error(reader.keyLocation("billingPlans") ?? node.location,
                              "billingPlans is for one-year subscriptions, and this one renews every \(period)",
                              hint: "the App Store sells 12 monthly payments with a commitment only for P1Y "
                                    + "subscriptions; remove billingPlans")
        }
        var plan: MonthlyPlan?
        if let monthlyNode = plans["monthly"],
           let monthly = diagnostics.collect({ try MappingReader(monthlyNode, "billingPlans.monthly") }) {
            diagnostics.append(contentsOf: monthly.unknownKeys(["price", "commitmentPrice"]))
            let price = diagnostics.collect {
                try Self.price(monthly.required("price"), "billingPlans.monthly.price",
                               keyLocation: monthly.keyLocation("price"))
            }
            let total = diagnostics.collect { () throws(Diagnostic) -> Price? in
                guard let totalNode = monthly["commitmentPrice"] else { return nil }
                let total = try Self.price(totalNode, "billingPlans.monthly.commitmentPrice",
                                           keyLocation: monthly.keyLocation("commitmentPrice"))
                if let price, let extra = total.storefronts.first(where: { price[$0] == nil }) {
                    throw .error(total.location ?? totalNode.location,
                                 "commitmentPrice has a price for \(extra), where the monthly plan has no payment",
                                 hint: "add \(extra) to billingPlans.monthly.price, or remove it here")
                }
                return total
            } ?? nil
            if let price {
                diagnostics.collect { () throws(Diagnostic) in
                    try MonthlyPlan.check(payment: price, total: total, at: monthlyNode.location)
                }
            }
            if let price {
                plan = MonthlyPlan(price: price, commitmentPrice: total, introductoryOffer: intro,
                                   location: monthlyNode.location)
            }
        } else if plans["monthly"] == nil {
            diagnostics.error(node.location, "billingPlans names no plan",
                              hint: "add 'monthly: { price: { DEU: \"5.99\" } }', or remove billingPlans")
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return plan
    }

    /// `introductoryOffer`: one offer, or a list of at most one per billing plan.
    static func introductoryOffers(_ node: YAMLNode) throws(DiagnosticsError) -> [Offer] {
        guard case .sequence(let items) = node.value else { return [try offer(node, .introductory)] }
        var diagnostics = Diagnostics()
        var offers: [Offer] = []
        for item in items {
            guard let offer = diagnostics.collect({ try offer(item, .introductory) }) else { continue }
            if offers.contains(where: { $0.billingPlan == offer.billingPlan }) {
                diagnostics.error(item.location,
                                  "a second introductory offer for the \(offer.billingPlan.rawValue) plan",
                                  hint: "a subscription has one introductory offer per billing plan; remove one")
            }
            offers.append(offer)
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return offers
    }

    /// Promotional and win-back offers of the monthly plan need the plan.
    static func checkPlanOffers(_ offers: [Offer], plan: MonthlyPlan?, diagnostics: inout Diagnostics) {
        guard plan == nil else { return }
        for offer in offers where offer.billingPlan == .monthly {
            diagnostics.error(offer.location,
                              "offer '\(offer.id ?? "")' applies to the monthly plan, and the subscription has none",
                              hint: "add 'billingPlans: { monthly: { price: { … } } }', "
                                    + "or remove 'billingPlan: monthly'")
        }
    }
}
