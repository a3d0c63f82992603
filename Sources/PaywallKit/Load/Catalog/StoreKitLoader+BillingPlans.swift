#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Schema 5.0's billing plans (`billingPlans[]`, each offer's `billingPlanType`).
extension StoreKitLoader {
    /// An offer's `billingPlanType`: up front when the file has none (schemas before 5.0) or names one paywall
    /// does not know (warned about where the plan is read).
    static func billingPlanType(_ node: YAMLNode) -> BillingPlan {
        ((try? node["billingPlanType"]?.string("billingPlanType")) ?? nil) == "MONTHLY" ? .monthly : .upFront
    }

    /// The enabled `MONTHLY` plan of a one-year subscription, with `intro` (its introductory offer) when there is
    /// one. Disabled plans are ignored; a monthly plan of another period, or one without a price, is left out with
    /// a warning. The total is the file's `commitmentDisplayPrice`, never derived from the up-front price.
    static func monthlyPlan(_ node: YAMLNode, of id: String, period: Period, upFront: Price, storefront: String,
                            intro: Offer?, diagnostics: inout Diagnostics) throws(Diagnostic) -> MonthlyPlan? {
        var plan: MonthlyPlan?
        for item in (try? node["billingPlans"]?.sequence("billingPlans")) ?? [] {
            guard ((try? item["isEnabled"]?.bool("isEnabled")) ?? nil) ?? true else { continue }
            let type = (try? item["billingPlanType"]?.string("billingPlanType")) ?? nil
            switch type {
            case "BILLED_UPFRONT":
                if let priceNode = item["displayPrice"],
                   let amount = try? priceNode.money("displayPrice", currency: Money.currency(of: storefront)),
                   let billed = upFront[storefront], amount != billed {
                    diagnostics.warning(priceNode.location,
                                        "the BILLED_UPFRONT plan of '\(id)' costs \(amount), but its displayPrice is "
                                        + "\(billed); the page bills \(billed) up front",
                                        hint: "give the subscription and its up-front plan one price in "
                                              + "Xcode's StoreKit configuration editor")
                }
            case "MONTHLY":
                guard period == MonthlyPlan.commitmentPeriod else {
                    diagnostics.warning(item.location,
                                        "'\(id)' renews every \(period), and only one-year subscriptions have a "
                                        + "monthly plan; the plan is left out",
                                        hint: "disable the MONTHLY plan, or make the subscription's period 1 year")
                    continue
                }
                guard let priceNode = item["displayPrice"], (try? priceNode.string("displayPrice")) != "" else {
                    diagnostics.warning(item.location, "the MONTHLY plan of '\(id)' has no price; it is left out",
                                        hint: "set the plan's monthly price in Xcode's StoreKit configuration editor")
                    continue
                }
                let payment = try displayPrice(priceNode, storefront: storefront)
                var total: Price?
                if let totalNode = item["commitmentDisplayPrice"],
                   (try? totalNode.string("commitmentDisplayPrice")) != "" {
                    let amount = try totalNode.money("commitmentDisplayPrice", currency: Money.currency(of: storefront))
                    try NativeCatalogLoader.checkDecimals(amount, storefront: storefront, at: totalNode.location)
                    total = Price([storefront: amount], location: totalNode.location)
                }
                try MonthlyPlan.check(payment: payment, total: total, at: item.location)
                plan = MonthlyPlan(price: payment, commitmentPrice: total, introductoryOffer: intro,
                                   location: item.location)
            default:
                diagnostics.warning(item["billingPlanType"]?.location ?? item.location,
                                    "billing plan type '\(type ?? "")' of '\(id)' is unknown; the plan is left out",
                                    hint: "paywall reads BILLED_UPFRONT and MONTHLY billing plans")
            }
        }
        return plan
    }

    /// Offers of a plan the subscription does not have (a disabled MONTHLY plan) are left out, with a warning.
    static func dropOrphanOffers(_ introductory: inout [Offer], _ promotional: inout [Offer], _ winBack: inout [Offer],
                                 hasMonthlyPlan: Bool, of id: String, diagnostics: inout Diagnostics) {
        guard !hasMonthlyPlan else { return }
        func drop(_ offers: inout [Offer]) {
            offers.removeAll { offer in
                guard offer.billingPlan == .monthly else { return false }
                diagnostics.warning(offer.location,
                                    "the offer\(offer.id.map { " '\($0)'" } ?? "") of '\(id)' applies to its MONTHLY "
                                    + "billing plan, which it does not have; it is left out",
                                    hint: "enable the subscription's MONTHLY plan, or set the offer's billing plan to "
                                          + "BILLED_UPFRONT")
                return true
            }
        }
        drop(&introductory)
        drop(&promotional)
        drop(&winBack)
    }
}
