/// What a monthly plan's prices must agree on, checked where either loader reads them.
extension MonthlyPlan {
    /// Each payment is more than 0, and a commitment total is the sum of its 12 payments, allowing the App Store's
    /// rounding of at most one minor unit per payment (12 × £5.49 = £65.88: a total from £65.76 to £66.00). An
    /// error at the price's place otherwise: a page must never show "£0.01 in total" beside 12 payments of £5.49.
    static func check(payment: Price, total: Price?, at location: SourceLocation) throws(Diagnostic) {
        for storefront in payment.storefronts {
            let amount = payment[storefront]!
            guard amount.minorUnits > 0 else {
                throw .error(payment.location ?? location, "the monthly plan's payment in \(storefront) is 0",
                             hint: "a monthly plan is 12 payments of its price: give it the monthly price, "
                                 + "or remove the plan")
            }
            guard let sum = total?[storefront] else { continue }
            // In units of the more precise of the two (a storefront without a known currency keeps its decimals),
            // the slack one minor unit of the currency per payment.
            let currencyDigits = ICU.fractionDigits(currency: amount.currency)
            let digits = max(amount.digits, sum.digits, currencyDigits)
            let payments = amount.units(atDigits: digits) * Int128(Self.payments)
            let slack = Money.powerOfTen(digits - currencyDigits) * Int128(Self.payments)
            let given = sum.units(atDigits: digits)
            guard given >= payments - slack, given <= payments + slack else {
                let (low, high) = (Money.plain(payments - slack, digits: digits),
                                   Money.plain(payments + slack, digits: digits))
                throw .error(total?.location ?? location,
                             "the \(storefront) commitment price \(sum) is not what "
                                + "\(Self.payments) monthly payments of \(amount) add up to "
                                + "(\(Money.plain(payments, digits: digits)))",
                             hint: "a commitment's total is the sum of its payments, give or take the App Store's "
                                + "rounding of at most one minor unit per payment: write a total from \(low) "
                                + "to \(high), or fix the payment")
            }
        }
    }
}
