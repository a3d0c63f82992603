#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a monthly plan's prices must agree on, checked where either loader reads them.
extension MonthlyPlan {
    /// Each payment is more than 0, and a commitment total is the sum of its 12 payments, allowing the App Store's
    /// rounding of at most one minor unit per payment (12 × £5.49 = £65.88: a total from £65.76 to £66.00). An
    /// error at the price's place otherwise: a page must never show "£0.01 in total" beside 12 payments of £5.49.
    static func check(payment: Price, total: Price?, at location: SourceLocation) throws(Diagnostic) {
        for storefront in payment.storefronts {
            let amount = payment[storefront]!
            guard amount > 0 else {
                throw .error(payment.location ?? location, "the monthly plan's payment in \(storefront) is 0",
                             hint: "a monthly plan is 12 payments of its price: give it the monthly price, "
                                 + "or remove the plan")
            }
            guard let sum = total?[storefront] else { continue }
            let digits = Storefronts.currency(of: storefront).map(ICU.fractionDigits(currency:)) ?? 2
            var unit = Decimal(1)
            for _ in 0..<digits { unit /= 10 }
            let payments = amount * Decimal(payments)
            let slack = unit * Decimal(Self.payments)
            guard sum >= payments - slack, sum <= payments + slack else {
                let (low, high) = (PriceMath.plain(payments - slack), PriceMath.plain(payments + slack))
                throw .error(total?.location ?? location,
                             "the \(storefront) commitment price \(PriceMath.plain(sum)) is not what "
                                + "\(Self.payments) monthly payments of \(PriceMath.plain(amount)) add up to "
                                + "(\(PriceMath.plain(payments)))",
                             hint: "a commitment's total is the sum of its payments, give or take the App Store's "
                                + "rounding of at most one minor unit per payment: write a total from \(low) "
                                + "to \(high), or fix the payment")
            }
        }
    }
}
