extension Storefronts {
    /// The storefronts of the European Union and the rest of the EEA (Iceland, Norway; Liechtenstein has no App Store
    /// storefront), where a distance contract made on the web must offer a withdrawal function from 19 June 2026
    /// (Directive (EU) 2023/2673, Article 11a of the Consumer Rights Directive).
    public static let europeanEconomicArea: Set<String> = [
        "AUT", "BEL", "BGR", "HRV", "CYP", "CZE", "DNK", "EST", "FIN", "FRA", "DEU", "GRC", "HUN", "IRL", "ITA",
        "LVA", "LTU", "LUX", "MLT", "NLD", "POL", "PRT", "ROU", "SVK", "SVN", "ESP", "SWE", "ISL", "NOR",
    ]

    /// The storefronts whose sales tax is called VAT (the EEA's, the United Kingdom's and Switzerland's): a price
    /// note there names it; elsewhere it says "tax" (GST, consumption tax, sales tax).
    public static let valueAddedTax: Set<String> = europeanEconomicArea.union(["GBR", "CHE"])

    /// How the App Store prices a storefront: tax added at checkout in the USA and Canada, included elsewhere.
    public static func appStoreTax(_ storefront: String) -> TaxDisplay {
        ["USA", "CAN"].contains(storefront) ? .excluded : .included
    }
}

extension SiteConfig {
    /// Whether `storefront`'s prices include tax: `taxes:` for it, else its `default`, else as the App Store prices it.
    public func tax(in storefront: String) -> TaxDisplay {
        taxes[storefront] ?? taxes["default"] ?? Storefronts.appStoreTax(storefront)
    }
}
