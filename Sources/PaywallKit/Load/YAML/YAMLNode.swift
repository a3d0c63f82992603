/// A YAML (or JSON) document as a tree of values, each with the place it was written.
public struct YAMLNode: Sendable {
    public enum Value: Sendable {
        /// A scalar's text; `isPlain` is false when it was quoted (so `"1"` stays a string).
        case scalar(String, isPlain: Bool)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// A plain `~`, `null` or empty scalar.
    public var isNull: Bool {
        if case .scalar(let text, true) = value { return ["", "~", "null", "Null", "NULL"].contains(text) }
        return false
    }

    /// The value of `key` when this is a mapping.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = value else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// What kind of node this is, for messages: "a mapping", "a list", "a text".
    var kindName: String {
        switch value {
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// One `key: value` of a mapping.
public struct YAMLPair: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: YAMLNode
}
