/// Money in a storefront's currency, with the currency's minor-unit digits as ICU knows them.
extension Money {
    /// `minorUnits` of `currency`, in its own minor-unit digits (2 for USD, 0 for JPY, 3 for KWD).
    public init(minorUnits: Int64, currency: String) {
        self.init(minorUnits: minorUnits, digits: ICU.fractionDigits(currency: currency), currency: currency)
    }

    /// The currency a storefront's prices are in: its own, US dollars where it has no known one (as its pages
    /// show it).
    public static func currency(of storefront: String) -> String {
        Storefronts.currency(of: storefront) ?? "USD"
    }

    /// Plain digits ("49.99", "7800") as an amount of `currency`, in its minor-unit digits or in the more it was
    /// written with.
    static func reading(_ text: String, currency: String) throws(Unreadable) -> Money {
        try reading(text, currency: currency, currencyDigits: ICU.fractionDigits(currency: currency))
    }
}
