#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A price per App Store storefront (ISO 3166 alpha-3, e.g. `USA`), as exact decimals.
public struct Price: Hashable, Sendable {
    public var amounts: [String: Decimal]
    /// Where the price was written (the `price:` or `displayPrice` line), for a storefront it lacks.
    public var location: SourceLocation?

    public init(_ amounts: [String: Decimal], location: SourceLocation? = nil) {
        self.amounts = amounts
        self.location = location
    }

    public subscript(storefront: String) -> Decimal? { amounts[storefront] }

    public var storefronts: [String] { amounts.keys.sorted() }
}
