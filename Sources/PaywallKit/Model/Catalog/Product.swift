#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Display name and description in one locale.
public struct LocalizedText: Hashable, Sendable {
    public var displayName: String
    public var description: String

    public init(displayName: String, description: String) {
        self.displayName = displayName
        self.description = description
    }
}

/// A product for sale: an auto-renewable subscription of a group, or a one-time product beside the groups.
public struct Product: Hashable, Sendable {
    /// StoreKit's product types; every kind but `autoRenewable` is paid once.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case autoRenewable, nonRenewing, nonConsumable, consumable

        /// The kind in messages: "subscription", "non-consumable".
        public var noun: String {
            switch self {
            case .autoRenewable: "subscription"
            case .nonRenewing: "non-renewing subscription"
            case .nonConsumable: "non-consumable"
            case .consumable: "consumable"
            }
        }
    }

    public var id: String
    public var kind: Kind
    public var referenceName: String
    /// 1 is the highest level of service; 0 for one-time products, which have no level.
    public var level: Int
    /// The billing period of an auto-renewable subscription; how long a non-renewing subscription lasts,
    /// when the catalog says; nil for other one-time products.
    public var period: Period?
    public var price: Price
    public var familyShareable: Bool
    /// A decorative icon beside the option, relative to the site folder.
    public var icon: String?
    /// Where `icon` was written.
    public var iconLocation: SourceLocation?
    public var introductoryOffer: Offer?
    public var promotionalOffers: [Offer]
    public var winBackOffers: [Offer]
    /// Twelve monthly payments over a yearly commitment, where the storefront has the plan (`P1Y` only).
    public var monthlyPlan: MonthlyPlan?
    /// Keyed by BCP 47 locale (`en-US`).
    public var localizations: [String: LocalizedText]
    public var location: SourceLocation

    public init(id: String, kind: Kind = .autoRenewable, referenceName: String, level: Int, period: Period?,
                price: Price, familyShareable: Bool = false, icon: String? = nil, iconLocation: SourceLocation? = nil,
                introductoryOffer: Offer? = nil, promotionalOffers: [Offer] = [], winBackOffers: [Offer] = [],
                monthlyPlan: MonthlyPlan? = nil, localizations: [String: LocalizedText] = [:],
                location: SourceLocation) {
        self.id = id
        self.kind = kind
        self.referenceName = referenceName
        self.level = level
        self.period = period
        self.price = price
        self.familyShareable = familyShareable
        self.icon = icon
        self.iconLocation = iconLocation
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.winBackOffers = winBackOffers
        self.monthlyPlan = monthlyPlan
        self.localizations = localizations
        self.location = location
    }

    /// An auto-renewable subscription, the kind `SubscriptionStoreView` sells.
    public var isSubscription: Bool { kind == .autoRenewable }
    /// Paid once: a non-consumable, a consumable or a non-renewing subscription.
    public var isOneTime: Bool { kind != .autoRenewable }
}
