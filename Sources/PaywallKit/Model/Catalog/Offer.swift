#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A subscription offer: introductory, promotional or win-back.
public struct Offer: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable { case introductory, promotional, winBack }

    public enum PaymentMode: String, Sendable, CaseIterable {
        /// Nothing to pay for `period` × `periodCount`.
        case freeTrial
        /// `price` each `period`, for `periodCount` periods.
        case payAsYouGo
        /// `price` once, for the whole `period` × `periodCount`.
        case payUpFront
    }

    public var id: String?
    public var kind: Kind
    public var paymentMode: PaymentMode
    public var period: Period
    public var periodCount: Int
    /// Absent for free trials.
    public var price: Price?
    /// The billing plan the offer applies to (`billingPlanType`).
    public var billingPlan: BillingPlan
    public var location: SourceLocation

    public init(id: String?, kind: Kind, paymentMode: PaymentMode, period: Period, periodCount: Int = 1,
                price: Price?, billingPlan: BillingPlan = .upFront, location: SourceLocation) {
        self.id = id
        self.kind = kind
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.billingPlan = billingPlan
        self.location = location
    }
}
