/// Checks `actions` against the catalog and the pages at load: every product a page shows has a purchase
/// link, every product a link map names exists, and every link a template can make (each product, offer,
/// locale and billing plan that reaches it) is https or relative after its placeholders are filled.
enum PurchaseLinksCheck {
    static let billingPlans = BillingPlan.allCases.map(\.rawValue)

    static func check(_ config: SiteConfig, catalog: Catalog, pages: some Sequence<Page>, locales: [String],
                      diagnostics: inout Diagnostics) {
        let links = config.links
        for purchaseLinks in [links.subscribe, links.purchase].compactMap({ $0 }) {
            for (id, location) in purchaseLinks.productKeys {
                guard let (product, _) = catalog.product(id) else {
                    let hint = suggestion(for: id, in: catalog.products.map(\.id)).map { "did you mean '\($0)'?" }
                        ?? "use a product ID from \(catalog.file)"
                    diagnostics.error(location, "actions.\(purchaseLinks.action) names the product '\(id)', "
                                      + "which the catalog does not have", hint: hint)
                    continue
                }
                if purchaseLinks.action == "purchase" && product.isSubscription {
                    diagnostics.error(location,
                                      "'\(id)' is a subscription, and actions.purchase is for one-time products",
                                      hint: "move its link under actions.subscribe")
                }
            }
        }
        for (name, template) in links.buttons.sorted(by: { $0.key < $1.key })
        where !template.isSafeWhateverItsValues {
            for locale in locales {
                let url = template.expand(LinkTemplate.Values(locale: locale))
                guard diagnostics.collect({
                    try SafeURL.check(url, "actions.\(name) in \(locale) ('\(url)')", at: template.location)
                }) != nil else { break }
            }
        }
        checkPlanChanges(config, pages: pages, diagnostics: &diagnostics)
        // A content file gives every locale that shares it the same products: check each file once.
        var seenFiles = Set<String>()
        var checked = Set<Checked>()
        var failed = Set<SourceLocation>()
        for page in pages where seenFiles.insert(page.file).inserted {
            let products = self.products(of: page, in: catalog)
            var uncovered: [Product] = []
            for product in products {
                guard let (template, action) = links.template(for: product) else {
                    uncovered.append(product)
                    continue
                }
                // One error per template: the first product that makes a bad link names the problem.
                guard !failed.contains(template.location),
                      checked.insert(Checked(template: template.location, product: product.id)).inserted,
                      !checkExpansions(template, "actions.\(action)", product: product, locales: locales,
                                       diagnostics: &diagnostics)
                else { continue }
                failed.insert(template.location)
            }
            // A refused link is the cause of what it leaves uncovered, reported once where it was written.
            uncovered.removeAll { product in
                config.refused.contains("actions.subscribe")
                    || (product.isOneTime && config.refused.contains("actions.purchase"))
            }
            if !uncovered.isEmpty {
                reportUncovered(uncovered, page: page, links: links, config: config, diagnostics: &diagnostics)
            }
        }
    }

    /// A subscriber's page must not sell a second subscription: with `billing: web` its options need
    /// `actions.changePlan` or the account page; `changePlan` fixes its scheme and host before any placeholder.
    static func checkPlanChanges(_ config: SiteConfig, pages: some Sequence<Page>, diagnostics: inout Diagnostics) {
        let links = config.links
        if let changePlan = links.changePlan, !changePlan.isSafeWhateverItsValues {
            diagnostics.error(changePlan.location,
                              "actions.changePlan must fix its scheme and host before its first placeholder",
                              hint: "start it with https://host/ or a path such as /change?from={currentProductID}")
        }
        // A refused link is the cause, reported where it was written.
        guard config.billing == .web, links.changePlan == nil, links.buttons["manageSubscription"] == nil,
              config.refused.isDisjoint(with: ["actions.changePlan", "actions.manageSubscription"])
        else { return }
        var seenFiles = Set<String>()
        for page in pages where page.hasCustomerStates && page.selection != .plain
            && seenFiles.insert(page.file).inserted {
            let key = page.visibleRelationships != nil ? "visibleRelationships" : "offer"
            diagnostics.error(page.location(of: key),
                              "the page '\(page.name)' writes subscribers' pages (current/ID/), where choosing "
                                  + "another plan must change the subscription, not start a second one",
                              hint: "add actions: { changePlan: https://…?from={currentProductID}&to={productID} } "
                                  + "to \(config.file), or actions.manageSubscription "
                                  + "(the account page where plans change)")
        }
    }

    /// A template filled for a product.
    struct Checked: Hashable {
        var template: SourceLocation
        var product: String
    }

    /// The products a page shows, as far as the catalog has them (the resolver reports the rest).
    static func products(of page: Page, in catalog: Catalog) -> [Product] {
        switch page.selection {
        case .group(let id):
            let group = catalog.group(id)?.subscriptions ?? []
            return group + page.additionalProductIDs.compactMap { catalog.product($0)?.product }
        case .products(let ids):
            return ids.compactMap { catalog.product($0)?.product }
        case .plain:
            return []
        }
    }

    /// Fills the template for every offer, locale and billing plan its placeholders can take, and checks each
    /// link; false, with the error, at the first that is not https or relative.
    static func checkExpansions(_ template: LinkTemplate, _ what: String, product: Product, locales: [String],
                                diagnostics: inout Diagnostics) -> Bool {
        guard !template.isSafeWhateverItsValues else { return true }
        let offers: [Offer?] = [nil] + [product.introductoryOffer].compactMap { $0 } + product.promotionalOffers
            + product.winBackOffers
        for locale in locales {
            for offer in offers {
                for plan in billingPlans {
                    let url = template.expand(LinkTemplate.Values(product: product.id, locale: locale, offer: offer,
                                                                  billingPlan: plan))
                    let offerName = offer.map { "\($0.kind.rawValue) offer" + ($0.id.map { " '\($0)'" } ?? "") }
                        ?? "no offer"
                    do throws(Diagnostic) {
                        try SafeURL.check(url, "\(what) for '\(product.id)' (\(offerName), \(locale))",
                                          at: template.location)
                    } catch {
                        diagnostics.append(Diagnostic.error(
                            error.location, "\(error.message): '\(template.text)' makes '\(url)'",
                            hint: "a placeholder may fill a path or a query, never the scheme: start the link with "
                                + "https://host/ or a relative path such as /checkout"))
                        return false
                    }
                }
            }
        }
        return true
    }

    static func reportUncovered(_ products: [Product], page: Page, links: ActionLinks, config: SiteConfig,
                                diagnostics: inout Diagnostics) {
        let names = products.map { "'\($0.id)'" }.joined(separator: ", ")
        let oneTime = products.allSatisfy(\.isOneTime)
        let action = oneTime ? "purchase" : "subscribe"
        let hint = links.subscribe == nil && links.purchase == nil
            ? "add actions: { \(action): https://… } to \(config.file) "
                + "(one link for every product, or a link per product ID and a default)"
            : "add '\(products[0].id): https://…' or 'default: https://…' under actions.\(action) in \(config.file)"
        diagnostics.error(page.selectionLocation,
                          "the page '\(page.name)' shows \(names), which no purchase link in actions covers",
                          hint: hint)
    }
}
