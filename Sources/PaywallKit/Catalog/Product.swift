import Foundation

/// Display name and description in one locale.
public struct LocalizedText: Hashable, Sendable {
    public var displayName: String
    public var description: String

    public init(displayName: String, description: String) {
        self.displayName = displayName
        self.description = description
    }
}

/// An auto-renewable subscription.
public struct Product: Hashable, Sendable {
    public var id: String
    public var referenceName: String
    /// 1 is the highest level of service.
    public var level: Int
    public var period: Period
    public var price: Price
    public var familyShareable: Bool
    /// A decorative icon beside the option, relative to the site folder.
    public var icon: String?
    public var introductoryOffer: Offer?
    public var promotionalOffers: [Offer]
    public var winBackOffers: [Offer]
    /// Keyed by BCP 47 locale (`en-US`).
    public var localizations: [String: LocalizedText]
    public var location: SourceLocation

    public init(id: String, referenceName: String, level: Int, period: Period, price: Price,
                familyShareable: Bool = false, icon: String? = nil, introductoryOffer: Offer? = nil,
                promotionalOffers: [Offer] = [], winBackOffers: [Offer] = [],
                localizations: [String: LocalizedText] = [:], location: SourceLocation) {
        self.id = id
        self.referenceName = referenceName
        self.level = level
        self.period = period
        self.price = price
        self.familyShareable = familyShareable
        self.icon = icon
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.winBackOffers = winBackOffers
        self.localizations = localizations
        self.location = location
    }
}
