/// A subscription group: products of which a customer holds at most one at a time.
public struct SubscriptionGroup: Hashable, Sendable {
    public var id: String
    public var name: String
    public var localizations: [String: LocalizedText]
    public var subscriptions: [Product]
    public var location: SourceLocation

    public init(id: String, name: String, localizations: [String: LocalizedText] = [:],
                subscriptions: [Product], location: SourceLocation) {
        self.id = id
        self.name = name
        self.localizations = localizations
        self.subscriptions = subscriptions
        self.location = location
    }
}
