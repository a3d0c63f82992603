import Foundation

/// `paywall.yml`: the site's settings.
public struct SiteConfig: Sendable {
    public enum ColorScheme: String, Sendable, CaseIterable { case automatic, light, dark }

    public var baseURL: String?
    public var catalog: String
    public var defaultLocale: String?
    /// nil: every locale the catalog localizes.
    public var locales: [String]?
    /// Locale (or `default`) → storefront.
    public var storefronts: [String: String]
    public var appName: String?
    public var appIcon: String?
    /// `app.openURL` (a universal link or the app's URL scheme) and `app.appStoreURL`, for plain pages.
    public var appOpenURL: String?
    public var appStoreURL: String?
    /// The store buttons' actions (`restorePurchases`, `redeemCode`, `signIn`, `cancellation`) → URL template.
    public var actions: [String: String]
    /// `subscribe`, `purchase` (one-time products) and `carry` (SiteConfig+Actions.swift).
    public var links = ActionLinks()
    public var policies: Policies
    public var accentColor: String?
    public var colorScheme: ColorScheme
    public var allowRawHTML: Bool
    /// Hosts whose own files are written at the output root (`hosting:`).
    public var hosting: [Hosting] = []
    public var file: String
    /// Where each top-level key was written.
    public var keyLocations: [String: SourceLocation] = [:]
    /// Where values that name files were written (`catalog`, `app.icon`), for errors about those files.
    public var valueLocations: [String: SourceLocation] = [:]

    public func location(of key: String) -> SourceLocation { keyLocations[key] ?? SourceLocation(file: file) }

    /// Where the value at a dotted path was written, else its top-level key.
    public func location(ofValue path: String) -> SourceLocation {
        valueLocations[path] ?? location(of: String(path.prefix { $0 != "." }))
    }

    public init(catalog: String = "catalog.yml", file: String = "paywall.yml") {
        self.catalog = catalog
        self.storefronts = [:]
        self.actions = [:]
        self.policies = Policies()
        self.colorScheme = .automatic
        self.allowRawHTML = false
        self.file = file
    }

    static let actionNames = ["subscribe", "purchase", "restorePurchases", "redeemCode", "signIn", "cancellation"]
    static let keys = ["baseURL", "catalog", "defaultLocale", "locales", "storefronts", "app", "actions",
                       "policies", "theme", "allowRawHTML", "hosting"]

    /// Reads `paywall.yml`, collecting every problem.
    public static func load(_ root: YAMLNode, file: String, diagnostics: inout Diagnostics) -> SiteConfig {
        var config = SiteConfig(file: file)
        guard let reader = diagnostics.collect({ try MappingReader(root, file) }) else { return config }
        diagnostics.append(contentsOf: reader.unknownKeys(keys))
        for pair in reader.keys { config.keyLocations[pair.key] = pair.keyLocation }
        diagnostics.collect {
            if let node = reader["baseURL"] {
                var url = try node.nonEmptyString("baseURL")
                try SafeURL.check(url, "baseURL", at: node.location)
                guard url.hasPrefix("https://") else {
                    throw Diagnostic.error(node.location, "baseURL must be an absolute https:// URL", hint: "such as https://example.com/subscribe/")
                }
                if !url.hasSuffix("/") { url += "/" }
                config.baseURL = url
            }
        }
        diagnostics.collect {
            guard let node = reader["catalog"] else { return }
            config.catalog = try node.nonEmptyString("catalog")
            config.valueLocations["catalog"] = node.location
            guard SitePath.isInside(config.catalog) else {
                throw Diagnostic.error(node.location, "the catalog '\(config.catalog)' is outside the site folder",
                                       hint: "copy the catalog into the site folder and name it by a relative path, such as catalog.yml")
            }
        }
        diagnostics.collect {
            if let node = reader["defaultLocale"] { config.defaultLocale = try locale(node, "defaultLocale") }
        }
        diagnostics.collect {
            if let node = reader["locales"] {
                config.locales = try node.sequence("locales").map { item throws(Diagnostic) in try locale(item, "locales") }
            }
        }
        diagnostics.collect {
            for pair in try reader["storefronts"]?.pairs("storefronts") ?? [] {
                let key = pair.key == "default" ? "default" : try locale(YAMLNode(.scalar(pair.key, isPlain: true), at: pair.keyLocation), "storefronts")
                let code = try pair.value.nonEmptyString("storefronts.\(pair.key)").uppercased()
                guard Storefronts.currency(of: code) != nil else {
                    let hint = suggestion(for: code, in: Storefronts.all).map { "did you mean '\($0)'?" } ?? "use an ISO 3166 alpha-3 code such as USA, DEU or JPN"
                    throw Diagnostic.error(pair.value.location, "'\(code)' is not an App Store storefront", hint: hint)
                }
                config.storefronts[key] = code
            }
        }
        if let app = reader["app"], let appReader = diagnostics.collect({ try MappingReader(app, "app") }) {
            diagnostics.append(contentsOf: appReader.unknownKeys(appKeys))
            config.loadAppLinks(appReader, diagnostics: &diagnostics)
            diagnostics.collect { config.appName = try appReader["name"]?.nonEmptyString("app.name") }
            diagnostics.collect {
                config.appIcon = try appReader["icon"]?.nonEmptyString("app.icon")
                config.valueLocations["app.icon"] = appReader["icon"]?.location
            }
        }
        if let actions = reader["actions"] { config.loadActions(actions, diagnostics: &diagnostics) }
        if let node = reader["policies"] {
            config.policies = diagnostics.collect { try NativeCatalogLoader.policies(node, "policies") } ?? Policies()
        }
        if let theme = reader["theme"], let themeReader = diagnostics.collect({ try MappingReader(theme, "theme") }) {
            diagnostics.append(contentsOf: themeReader.unknownKeys(["accentColor", "colorScheme"]))
            diagnostics.collect { config.accentColor = try themeReader["accentColor"].map { node throws(Diagnostic) in try CSSColor.check(node, "theme.accentColor") } }
            diagnostics.collect { config.colorScheme = try themeReader["colorScheme"]?.choice("colorScheme", ColorScheme.self) ?? .automatic }
        }
        diagnostics.collect { config.allowRawHTML = try reader["allowRawHTML"]?.bool("allowRawHTML") ?? false }
        diagnostics.collect { config.hosting = try reader["hosting"].map { node throws(Diagnostic) in try Hosting.load(node) } ?? [] }
        return config
    }

    static func locale(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> String {
        let text = try node.nonEmptyString(what)
        guard let locale = LocaleID.canonical(text) else {
            throw .error(node.location, "'\(text)' is not a BCP 47 locale", hint: "write it like en-US, de, pt-BR or zh-Hans")
        }
        // A locale names a folder of the output beside assets/: only a language ICU knows can be one.
        guard ICU.isKnown(locale) else {
            throw .error(node.location, "'\(text)' is not a locale ICU knows (a language, script and region it has names for)",
                         hint: "write it like en-US, de, pt-BR or zh-Hans")
        }
        return locale
    }
}

/// Colours are written into CSS, so only `#rgb`, `#rgba`, `#rrggbb` and `#rrggbbaa` are accepted.
public enum CSSColor {
    public static func check(_ node: YAMLNode, _ what: String) throws(Diagnostic) -> String {
        let text = try node.nonEmptyString(what)
        let digits = text.dropFirst()
        guard text.first == "#", [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else {
            throw .error(node.location, "\(what) '\(text)' is not a hex colour", hint: "write it as #rrggbb or #rrggbbaa, such as \"#0a84ff\" (quoted)")
        }
        return text.lowercased()
    }

    /// Near-black or white, whichever contrasts more with `color` (a checked `#rgb[a]` or `#rrggbb[aa]`).
    public static func readableText(on color: String) -> String {
        readableText(on: [color])
    }

    /// For a gradient: the text colour that keeps the most contrast against its worst stop.
    public static func readableText(on colors: [String]) -> String {
        let dark = 0.0144 // #1c1c1e
        func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
        let luminances = colors.map(luminance)
        let onDark = luminances.map { contrast($0, 1) }.min() ?? 0
        let onLight = luminances.map { contrast($0, dark) }.min() ?? 0
        return onDark >= onLight ? "#ffffff" : "#1c1c1e"
    }

    /// WCAG relative luminance, ignoring alpha.
    static func luminance(_ color: String) -> Double {
        var hex = Array(color.dropFirst())
        if hex.count <= 4 { hex = hex.flatMap { [$0, $0] } }
        let channels = stride(from: 0, to: 6, by: 2).map { index -> Double in
            let value = Double(Int(String(hex[index...index + 1]), radix: 16) ?? 0) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }
}
