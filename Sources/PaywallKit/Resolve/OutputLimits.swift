/// How large a build's output may grow, checked after loading and before a page renders or a file is written: a
/// page with customer states writes one page per option, each showing every option, so its output grows with its
/// options squared, so one large group could fill the disk. No real paywall comes near either limit.
public enum OutputLimits {
    /// Options one page may show (its products, one-time products included).
    public static let maximumOptionsPerPage = 50
    /// Pages one build writes: every page in every locale, with its customer-state pages (`current/ID/`,
    /// `lapsed/ID/`) and its experiment variants.
    public static let maximumPages = 100_000

    /// An error at a page's `groupID` or `productIDs` past `maximumOptionsPerPage`, and one at the catalog past
    /// `maximumPages`.
    static func check(_ site: LoadedSite, catalog: Catalog, diagnostics: inout Diagnostics) {
        let resolver = Resolver(catalog: catalog, config: site.config, defaultLocale: site.defaultLocale)
        var total = 0
        for page in site.allPages {
            guard let options = try? resolver.products(of: page).slots.count else {
                total += 1
                continue
            }
            guard options <= maximumOptionsPerPage else {
                diagnostics.error(page.selectionLocation, "the page '\(page.name)' shows \(options) options, "
                                      + "more than \(maximumOptionsPerPage) (the limit)",
                                  hint: "split the options over several pages with productIDs, or into more groups")
                continue
            }
            total += resolver.states(of: page).count
        }
        guard total > maximumPages else { return }
        diagnostics.error(SourceLocation(file: catalog.file),
                          "the site would write \(total) pages, more than \(maximumPages) (the limit)",
                          hint: "each page is written once per locale and once per customer state "
                            + "(current/ID/, lapsed/ID/): "
                            + "use fewer locales, pages or options, or drop visibleRelationships and offer where no "
                            + "subscriber needs them")
    }
}
