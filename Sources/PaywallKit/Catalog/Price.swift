import Foundation

/// A price per App Store storefront (ISO 3166 alpha-3, e.g. `USA`), as exact decimals.
public struct Price: Hashable, Sendable {
    public var amounts: [String: Decimal]

    public init(_ amounts: [String: Decimal]) { self.amounts = amounts }

    public subscript(storefront: String) -> Decimal? { amounts[storefront] }

    public var storefronts: [String] { amounts.keys.sorted() }
}
