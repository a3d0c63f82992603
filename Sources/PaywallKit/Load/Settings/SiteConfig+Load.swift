#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SiteConfig {
    /// `url` as baseURL (ending in `/`), or the error at `location` that makes it unusable.
    static func checkedBaseURL(_ url: String, at location: SourceLocation) throws(Diagnostic) -> String {
        try SafeURL.check(url, "baseURL", at: location)
        guard url.hasPrefix("https://") else {
            throw Diagnostic.error(location, "baseURL must be an absolute https:// URL",
                                   hint: "such as https://example.com/subscribe/")
        }
        let url = url.hasSuffix("/") ? url : url + "/"
        // Its host and path are written into host configurations (server_name, rewrite, _redirects).
        _ = try HostValue.parts(ofBaseURL: url, at: location)
        return url
    }

    /// Reads `paywall.yml`, collecting every problem.
    public static func load(_ root: YAMLNode, file: String, diagnostics: inout Diagnostics) -> SiteConfig {
        var config = SiteConfig(file: file)
        guard let reader = diagnostics.collect({ try MappingReader(root, file) }) else { return config }
        diagnostics.append(contentsOf: reader.unknownKeys(keys))
        for key in reader.misspelledKeys(keys) { config.refuse(key) }
        for pair in reader.keys { config.keyLocations[pair.key] = pair.keyLocation }
        diagnostics.collect {
            if let node = reader["baseURL"] {
                config.baseURL = try checkedBaseURL(try node.nonEmptyString("baseURL"), at: node.location)
                config.valueLocations["baseURL"] = node.location
            }
        }
        diagnostics.collect {
            guard let node = reader["catalog"] else { return }
            config.catalog = try node.nonEmptyString("catalog")
            config.valueLocations["catalog"] = node.location
            guard SitePath.isInside(config.catalog) else {
                throw Diagnostic.error(node.location, "the catalog '\(config.catalog)' is outside the site folder",
                                       hint: "copy the catalog into the site folder and name it by a relative path, "
                                             + "such as catalog.yml")
            }
        }
        diagnostics.collect {
            if let node = reader["defaultLocale"] { config.defaultLocale = try locale(node, "defaultLocale") }
        }
        diagnostics.collect {
            if let node = reader["locales"] {
                config.locales = try node.sequence("locales").map { item throws(Diagnostic) in
                    try locale(item, "locales")
                }
            }
        }
        // Each entry on its own: one refused leaves the others, and its locales report no missing price.
        for pair in diagnostics.collect({ try reader["storefronts"]?.pairs("storefronts") ?? [] }) ?? [] {
            guard let key = diagnostics.collect({ () throws(Diagnostic) in
                pair.key == "default"
                    ? "default"
                    : try locale(YAMLNode(.scalar(pair.key, isPlain: true), at: pair.keyLocation), "storefronts")
            }) else { continue }
            let code = diagnostics.collect { () throws(Diagnostic) -> String in
                let code = try pair.value.nonEmptyString("storefronts.\(pair.key)").uppercased()
                guard Storefronts.currency(of: code) != nil else {
                    let hint = suggestion(for: code, in: Storefronts.all).map { "did you mean '\($0)'?" }
                        ?? "use an ISO 3166 alpha-3 code such as USA, DEU or JPN"
                    throw Diagnostic.error(pair.value.location, "'\(code)' is not an App Store storefront", hint: hint)
                }
                return code
            }
            if let code { config.storefronts[key] = code } else { config.refuse("storefronts.\(key)") }
        }
        if let app = reader["app"], let appReader = diagnostics.collect({ try MappingReader(app, "app") }) {
            diagnostics.append(contentsOf: appReader.unknownKeys(appKeys))
            config.loadAppLinks(appReader, diagnostics: &diagnostics)
            diagnostics.collect { config.appName = try appReader["name"]?.nonEmptyString("app.name") }
            diagnostics.collect {
                config.appIcon = try appReader["icon"]?.nonEmptyString("app.icon")
                config.valueLocations["app.icon"] = appReader["icon"]?.location
            }
            diagnostics.collect {
                config.appSocialImage = try appReader["socialImage"]?.nonEmptyString("app.socialImage")
                config.valueLocations["app.socialImage"] = appReader["socialImage"]?.location
            }
            diagnostics.collect {
                guard let node = appReader["appStoreID"] else { return }
                let id = try node.nonEmptyString("app.appStoreID")
                guard id.count <= 12, id.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw Diagnostic.error(node.location, "app.appStoreID '\(id)' is not an Apple ID",
                                           hint: "write the app's numeric ID, the digits of apps.apple.com/app/id…")
                }
                config.appStoreID = id
            }
        }
        if let actions = reader["actions"] { config.loadActions(actions, diagnostics: &diagnostics) }
        if let redeem = config.appRedeem {
            // The Open button is the redemption link's place, and app.openURL what it is without one.
            if config.appOpenURL == nil, let location = config.valueLocations["app.redeem"] {
                diagnostics.error(location, "app.redeem needs app.openURL: the Open button that takes the "
                                            + "redemption link, and where it goes without one",
                                  hint: "add openURL: to app, a universal link or your app's URL scheme")
            }
            config.redeemScript = RedeemScript(redeem, carry: config.links.carry)
        }
        if let node = reader["policies"] {
            let read = NativeCatalogLoader.policies(node, "policies", diagnostics: &diagnostics)
            config.policies = read.policies
            for key in read.refused { config.refuse("policies.\(key)") }
            for key in ["termsOfService", "privacyPolicy"] {
                if case .mapping = node.value, let value = try? MappingReader(node, "policies")[key] {
                    config.valueLocations["policies.\(key)"] = value.location
                }
            }
        }
        if let theme = reader["theme"], let themeReader = diagnostics.collect({ try MappingReader(theme, "theme") }) {
            diagnostics.append(contentsOf: themeReader.unknownKeys(["accentColor", "accentForeground", "colorScheme"]))
            diagnostics.collect {
                config.accentColor = try themeReader["accentColor"].map { node throws(Diagnostic) in
                    try CSSColor.check(node, "theme.accentColor")
                }
            }
            diagnostics.collect {
                config.accentForeground = try themeReader["accentForeground"].map { node throws(Diagnostic) in
                    try CSSColor.check(node, "theme.accentForeground")
                }
            }
            let place = (themeReader["accentForeground"] ?? themeReader["accentColor"])?.location
            if let warning = CSSColor.accentContrastWarning(accent: config.accentColor,
                                                            foreground: config.accentForeground, at: place) {
                diagnostics.append(warning)
            }
            diagnostics.collect {
                config.colorScheme = try themeReader["colorScheme"]?.choice("colorScheme", ColorScheme.self)
                    ?? .automatic
            }
        }
        diagnostics.collect { config.allowRawHTML = try reader["allowRawHTML"]?.bool("allowRawHTML") ?? false }
        diagnostics.collect {
            config.hosting = try reader["hosting"].map { node throws(Diagnostic) in try Hosting.load(node) } ?? []
        }
        diagnostics.collect { config.billing = try reader["billing"]?.choice("billing", Billing.self) ?? .web }
        diagnostics.collect {
            for pair in try reader["taxes"]?.pairs("taxes") ?? [] {
                let code = pair.key == "default" ? "default" : pair.key.uppercased()
                guard code == "default" || Storefronts.currency(of: code) != nil else {
                    let hint = suggestion(for: code, in: Storefronts.all).map { "did you mean '\($0)'?" }
                        ?? "use an ISO 3166 alpha-3 code such as USA, DEU or JPN, or default"
                    throw Diagnostic.error(pair.keyLocation, "'\(pair.key)' is not an App Store storefront",
                                           hint: hint)
                }
                config.taxes[code] = try pair.value.choice("taxes.\(pair.key)", TaxDisplay.self)
            }
        }
        diagnostics.collect {
            guard let node = reader["home"] else { return }
            config.home = try node.nonEmptyString("home")
            config.valueLocations["home"] = node.location
        }
        if let node = reader["experiments"] {
            config.experiments = loadExperiments(node, diagnostics: &diagnostics)
            // Only nginx's block, Cloudflare Pages' worker and serve assign visitors: on the other hosts every
            // visitor would see the control, and the test would measure nothing.
            let assigning = config.hosting.contains(.cloudflarePages)
            if !config.experiments.isEmpty, !config.hosting.isEmpty, !assigning {
                let hosts = config.hosting.map(\.rawValue).joined(separator: ", ")
                diagnostics.warning(node.location, "\(hosts) cannot assign visitors to an experiment's variants: "
                                    + "every visitor who opens the page's address there sees the control",
                                    hint: "serve the site with `paywall hosting nginx` or Cloudflare Pages, or open "
                                        + "the variant's path from the app with experiments.json")
            }
        }
        return config
    }

    static func locale(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> String {
        let text = try node.nonEmptyString(what)
        guard let locale = LocaleID.canonical(text) else {
            throw .error(node.location, "'\(text)' is not a BCP 47 locale",
                         hint: "write it like en-US, de, pt-BR or zh-Hans")
        }
        // A locale names a folder of the output beside assets/: only a language ICU knows can be one.
        guard ICU.isKnown(locale) else {
            throw .error(node.location,
                         "'\(text)' is not a locale ICU knows (a language, script and region it has names for)",
                         hint: "write it like en-US, de, pt-BR or zh-Hans")
        }
        return locale
    }
}
