/// The links `paywall init` writes point at example.com (and the App Store at a made-up app ID); a site that still
/// has them would ship dead checkouts, policies and Open buttons. `paywall check` warns about each one (not `build`:
/// a preview may keep them for a while).
extension SiteConfig {
    /// Whether `url`'s host is example.com or one of its subdomains (the scaffold's, and RFC 2606's, placeholder),
    /// or it is the scaffold's App Store link.
    static func isPlaceholder(_ url: String) -> Bool {
        guard let rest = url.split(separator: "://", maxSplits: 1).dropFirst().first else { return false }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }.lowercased()
        if host == "apps.apple.com", rest.hasSuffix("/id123456789") { return true }
        return host == "example.com" || host.hasSuffix(".example.com")
    }

    /// A warning for each of baseURL, app, actions and policies that still points at a placeholder.
    public var placeholderLinkWarnings: [Diagnostic] {
        var links: [(key: String, url: String, location: SourceLocation)] = []
        if let baseURL { links.append(("baseURL", baseURL, location(ofValue: "baseURL"))) }
        for (key, url) in [("app.openURL", appOpenURL), ("app.appStoreURL", appStoreURL)] {
            if let url { links.append((key, url, location(ofValue: key))) }
        }
        for purchase in [self.links.subscribe, self.links.purchase].compactMap({ $0 }) {
            let templates = [purchase.fallback.map { ("actions.\(purchase.action)", $0) }].compactMap { $0 }
                + purchase.byProduct.sorted { $0.key < $1.key }
                    .map { ("actions.\(purchase.action).\($0.key)", $0.value) }
            for (key, template) in templates { links.append((key, template.text, template.location)) }
        }
        for (name, template) in self.links.buttons.sorted(by: { $0.key < $1.key }) {
            links.append(("actions.\(name)", template.text, template.location))
        }
        if let changePlan = self.links.changePlan {
            links.append(("actions.changePlan", changePlan.text, changePlan.location))
        }
        for (name, link) in [("termsOfService", policies.termsOfService), ("privacyPolicy", policies.privacyPolicy)] {
            if case .url(let url)? = link {
                links.append(("policies.\(name)", url, location(ofValue: "policies.\(name)")))
            }
        }
        return links.filter { Self.isPlaceholder($0.url) }.map { link in
            .warning(link.location, "\(link.key) still points at the placeholder \(link.url)",
                     hint: "replace it with your own link before you publish the site")
        }
    }

    /// Stripe keeps `client_reference_id` only when it is at most 200 letters, digits, `-` and `_`; any other value
    /// reaches neither the Checkout Session nor the webhook, and nothing says so. RevenueCat's anonymous app user IDs
    /// (`$RCAnonymousID:…`) are such values. A warning at `actions.carry` when it fills that parameter.
    public var carryWarnings: [Diagnostic] {
        guard let location = links.carryLocation,
              let carried = links.carry.first(where: { $0.to == "client_reference_id" }) else { return [] }
        return [.warning(location, "actions.carry fills client_reference_id from '\(carried.from)': Stripe drops a "
                            + "value with anything but letters, digits, '-' and '_' (or over 200 characters), such as "
                            + "RevenueCat's anonymous IDs ($RCAnonymousID:…)",
                         hint: "carry an app user ID you set yourself (RevenueCat: Purchases.logIn) from the app, "
                            + "made of letters, digits, '-' and '_'")]
    }
}
