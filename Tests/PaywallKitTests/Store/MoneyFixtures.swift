@testable import PaywallKit

extension Money {
    /// `text` read as the loaders read a price of `storefront`: "4.99" is 499 cents, ("7800", "JPN") 7800 yen.
    static func of(_ text: String, _ storefront: String = "USA") -> Money {
        of(text, currency: Money.currency(of: storefront))
    }

    /// `text` as an amount of `currency`, such as KWD (which no storefront charges in).
    static func of(_ text: String, currency: String) -> Money {
        try! Money.reading(text, currency: currency)
    }
}
