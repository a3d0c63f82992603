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

extension SubscriptionGroup {
    /// The group in messages, by reference name and ID: "group 'Birdwatch Pro' (D129D5D3)"; by ID alone when they
    /// match.
    public var label: String {
        name.isEmpty || name == id ? "group '\(id)'" : "group '\(name)' (\(id))"
    }
}

extension Catalog {
    /// The group `reference` names: by ID, else by reference name when exactly one group has it.
    public func group(named reference: String) -> (index: Int, group: SubscriptionGroup)? {
        if let index = groups.firstIndex(where: { $0.id == reference }) { return (index, groups[index]) }
        let named = groups.indices.filter { groups[$0].name == reference }
        return named.count == 1 ? (named[0], groups[named[0]]) : nil
    }
}

