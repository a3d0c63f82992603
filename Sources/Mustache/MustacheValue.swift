/// A value that templates render: the Mustache data model.
///
/// Build contexts with literals, e.g.
/// `["name": "Ada", "plans": [["title": "Pro", "price": 9]], "beta": true, "logo": nil]`.
public enum MustacheValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([MustacheValue])
    case object(MustacheObject)
    /// A function called when a tag names it; see ``MustacheLambda``.
    case lambda(MustacheLambda)
}

extension MustacheValue {
    /// Whether a section renders for this value (and an inverted section does not).
    ///
    /// `null`, `false`, the empty string and the empty list are falsey; everything else,
    /// including `0`, empty objects and lambdas, is truthy.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .string(let value): !value.isEmpty
        case .list(let items): !items.isEmpty
        case .int, .double, .object, .lambda: true
        }
    }

    /// The text an interpolation tag writes for this value, before escaping.
    ///
    /// Integral doubles print without a fraction (`3.0` as `3`), lists join their items
    /// with commas, and `null`, objects and lambdas print nothing.
    var interpolationText: String {
        switch self {
        case .null, .object, .lambda: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.format(value)
        case .string(let value): value
        case .list(let items): items.map(\.interpolationText).joined(separator: ",")
        }
    }

    private static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }
}
