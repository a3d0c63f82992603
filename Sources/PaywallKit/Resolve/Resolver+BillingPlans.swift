#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `billingPlan: monthly` (StoreKit's `.preferredSubscriptionPricingTerms` choosing the monthly terms).
extension Resolver {
    /// Bills `option` on its product's monthly plan where `market`'s storefront has one: the monthly payment is the
    /// billed price, the commitment's total beside it. Elsewhere, and where the App Store sells no monthly plans
    /// (a price there is only warned about, `Catalog.billingPlanWarnings`), the option stays billed up front.
    func billMonthly(_ option: inout StoreOption, in market: Market) {
        guard !MonthlyPlan.unavailableStorefronts.contains(market.storefront),
              let plan = option.product.monthlyPlan, let payment = plan.price[market.storefront],
              let total = plan.total(in: market.storefront) else { return }
        option.billingPlan = .monthly
        option.price = payment
        option.commitment = Commitment(payments: MonthlyPlan.payments, total: total,
                                       period: MonthlyPlan.commitmentPeriod)
        let year = MonthlyPlan.commitmentPeriod
        option.pricePer = [.month: payment, .year: total,
                           .week: PriceMath.price(total, per: .week, for: year, fractionDigits: market.digits),
                           .day: PriceMath.price(total, per: .day, for: year, fractionDigits: market.digits)]
    }

    /// One warning per page and storefront that lacks the monthly plan of one-year subscriptions the page asks
    /// to bill monthly (they bill up front there), at the `billingPlan` that asked.
    func warnAboutUpFrontBilling(_ page: Page, options: [StoreOption], storefront: String,
                                 diagnostics: inout Diagnostics) {
        guard page.billingPlan == .monthly
            || page.optionGroups?.groups.contains(where: { $0.billingPlan == .monthly }) == true
        else { return }
        var missing: [SourceLocation: [String]] = [:]
        for option in options where option.isSubscription && option.billingPlan == .upFront
            && option.period == MonthlyPlan.commitmentPeriod
            && page.billingPlan(for: option.id) == .monthly {
            missing[page.billingPlanLocation(for: option.id), default: []].append(option.id)
        }
        for (location, ids) in missing.sorted(by: { $0.key < $1.key }) {
            let names = ids.map { "'\($0)'" }.joined(separator: ", ")
            let unavailable = MonthlyPlan.unavailableStorefronts.contains(storefront)
            let bills = EnglishPlural.choose(ids.count, one: "it bills", many: "they bill")
            diagnostics.warning(location,
                                "storefront \(storefront) has no monthly plan for \(names); \(bills) up front there",
                                hint: unavailable
                                    ? "the App Store sells no monthly plans with a commitment in \(storefront); "
                                      + "show these locales billed up front (billingPlan: upFront)"
                                    : "add \(storefront): \"…\" to billingPlans.monthly.price in the catalog "
                                      + "(or prices.yml), or set billingPlan: upFront")
        }
    }
}
