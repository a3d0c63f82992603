/// A price per App Store storefront (ISO 3166 alpha-3, e.g. `USA`), each in the storefront's currency, exactly.
public struct Price: Hashable, Sendable {
    public var amounts: [String: Money]
    /// Where the price was written (the `price:` or `displayPrice` line), for a storefront it lacks.
    public var location: SourceLocation?

    public init(_ amounts: [String: Money], location: SourceLocation? = nil) {
        self.amounts = amounts
        self.location = location
    }

    public subscript(storefront: String) -> Money? { amounts[storefront] }

    public var storefronts: [String] { amounts.keys.sorted() }
}
