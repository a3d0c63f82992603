/// EU law's withdrawal function: a site that bills on the web (`billing: web`) in an EEA storefront needs
/// `actions.withdraw`, which every page sold there links in its footer (Directive (EU) 2023/2673, from 19 June 2026).
enum WithdrawalCheck {
    /// A warning at `billing` (or the file) naming the EEA storefronts the site sells in without the link.
    static func check(_ site: LoadedSite, catalog: Catalog, diagnostics: inout Diagnostics) {
        let config = site.config
        guard config.billing == .web, config.links.buttons["withdraw"] == nil,
              !config.refused.contains("actions.withdraw") else { return }
        let resolver = Resolver(catalog: catalog, config: config, defaultLocale: site.defaultLocale)
        let sold = site.locales.compactMap { locale -> String? in
            let storefront = resolver.storefront(for: locale)
            return Storefronts.europeanEconomicArea.contains(storefront) ? "\(storefront) (\(locale))" : nil
        }
        guard !sold.isEmpty else { return }
        diagnostics.warning(config.keyLocations["billing"] ?? config.location(of: "actions"),
                            "the site bills on the web in \(sold.joined(separator: ", ")), where EU law asks every "
                                + "page for a withdrawal link (from 19 June 2026)",
                            hint: "add actions: { withdraw: https://… } to \(config.file), the page where a customer "
                                + "withdraws from the contract; each page sold in the EU or EEA links it in its footer")
    }
}
