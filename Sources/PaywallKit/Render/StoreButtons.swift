import Mustache

/// The links at the bottom of a page: policies (App Store guideline 3.1.2) and store buttons with StoreKit's defaults.
/// The model is borrowed, not copied: a copy retains every text it holds, which the threads rendering other pages
/// share.
enum StoreButtons {
    /// `automatic`: cancellation and sign-in when their action is set; restore and redeem hidden; policies shown.
    static func isVisible(_ button: Page.StoreButton, on page: borrowing Page, links: borrowing ActionLinks) -> Bool {
        switch page.storeButtons[button] ?? .automatic {
        case .visible: true
        case .hidden: false
        case .automatic:
            switch button {
            case .cancellation: links.buttons["cancellation"] != nil
            case .signIn: links.buttons["signIn"] != nil
            case .restorePurchases, .redeemCode: false
            case .policies: true
            }
        }
    }

    /// The policy links and the visible store buttons of `model`'s page, with the site's actions (`links`); `root`:
    /// the path up to the output root; `policyPaths`: the output paths of policy pages by slug (`terms`). A link
    /// missing because `refused` (``SiteConfig/refused``) names it is not an error again: it was reported at load.
    static func links(_ model: borrowing StoreModel, links actions: borrowing ActionLinks,
                      refused: borrowing Set<String>, strings: Strings, root: String, policyPaths: [String: String])
        throws(DiagnosticsError) -> (policies: [MustacheValue], buttons: [MustacheValue]) {
        var diagnostics = Diagnostics()
        var policies: [MustacheValue] = []
        if isVisible(.policies, on: model.page, links: actions) {
            for (kind, link) in [("termsOfService", model.policies.termsOfService),
                                 ("privacyPolicy", model.policies.privacyPolicy)] {
                switch link {
                case .url(let url)?:
                    policies.append(.object(["kind": .string(kind), "label": .string(strings[kind]),
                                             "href": .string(url)]))
                case let link?:
                    let path = policyPaths[PolicyPages.slug(link)] ?? ""
                    policies.append(.object(["kind": .string(kind), "label": .string(strings[kind]),
                                             "href": .string(root + path)]))
                case nil:
                    // A refused link was reported where it was written.
                    if refused.contains("policies.\(kind)") { break }
                    diagnostics.error(model.page.location(of: "policies"),
                                      "the page has no "
                                          + "\(kind == "termsOfService" ? "Terms of Service" : "Privacy Policy") link "
                                          + "(\(kind))",
                                      hint: "App Store guideline 3.1.2 asks for one: set policies.\(kind) in the page, "
                                            + "in paywall.yml or in the catalog's appPolicies, or hide them with "
                                            + "storeButtons: { policies: hidden }")
                }
            }
        }
        // The EU's withdrawal function, on every page sold in the EEA, even where the policies are hidden.
        if Storefronts.europeanEconomicArea.contains(model.storefront),
           let withdraw = actions.buttons["withdraw"] {
            policies.append(.object(["kind": "withdraw", "label": .string(strings["withdraw"]),
                                     "href": .string(withdraw.expand(LinkTemplate.Values(locale: model.locale)))]))
        }
        var buttons: [MustacheValue] = []
        for button in [Page.StoreButton.restorePurchases, .redeemCode, .signIn, .cancellation]
        where isVisible(button, on: model.page, links: actions) {
            guard let action = actions.buttons[button.rawValue] else {
                if refused.contains("actions.\(button.rawValue)") { continue }
                diagnostics.error(model.page.location(of: "storeButtons"),
                                  "the \(button.rawValue) button is visible but paywall.yml has no "
                                  + "actions.\(button.rawValue)",
                                  hint: "add actions: { \(button.rawValue): https://… } to paywall.yml, "
                                        + "or set it to hidden")
                continue
            }
            buttons.append(.object(["kind": .string(button.rawValue), "label": .string(strings[button.rawValue]),
                                    "href": .string(action.expand(LinkTemplate.Values(locale: model.locale)))]))
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return (policies, buttons)
    }
}
