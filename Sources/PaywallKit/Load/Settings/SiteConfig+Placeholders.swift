/// The links `paywall init` writes point at example.com; a site that still has them would ship dead checkouts and
/// policies. `paywall check` warns about each one (not `build`: a preview may keep them for a while).
extension SiteConfig {
    /// Whether `url`'s host is example.com or one of its subdomains (the scaffold's, and RFC 2606's, placeholder).
    static func isPlaceholder(_ url: String) -> Bool {
        guard let rest = url.split(separator: "://", maxSplits: 1).dropFirst().first else { return false }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }.lowercased()
        return host == "example.com" || host.hasSuffix(".example.com")
    }

    /// A warning for each of baseURL, actions and policies that still points at example.com.
    public var placeholderLinkWarnings: [Diagnostic] {
        var links: [(key: String, url: String, location: SourceLocation)] = []
        if let baseURL { links.append(("baseURL", baseURL, location(ofValue: "baseURL"))) }
        for purchase in [self.links.subscribe, self.links.purchase].compactMap({ $0 }) {
            let templates = [purchase.fallback.map { ("actions.\(purchase.action)", $0) }].compactMap { $0 }
                + purchase.byProduct.sorted { $0.key < $1.key }
                    .map { ("actions.\(purchase.action).\($0.key)", $0.value) }
            for (key, template) in templates { links.append((key, template.text, template.location)) }
        }
        for (name, template) in self.links.buttons.sorted(by: { $0.key < $1.key }) {
            links.append(("actions.\(name)", template.text, template.location))
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
}

extension SiteInputs {
    /// `paywall.yml`'s placeholder links (`SiteConfig.placeholderLinkWarnings`); none when it does not load.
    public var placeholderLinkWarnings: [Diagnostic] {
        guard let config, let root = try? YAML.parse(config, file: path("paywall.yml")) else { return [] }
        var ignored = Diagnostics()
        return SiteConfig.load(root, file: path("paywall.yml"), diagnostics: &ignored).placeholderLinkWarnings
    }
}
