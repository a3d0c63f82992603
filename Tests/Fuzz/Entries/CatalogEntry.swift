import PaywallKit

extension FuzzEntry {
    /// A catalog file as `LoadedSite.loadCatalog` reads it (UTF-8 text, then `YAML.parse`), given to both
    /// loaders: the native YAML/JSON catalog and Xcode's `.storekit` JSON (which YAML also reads); and the same
    /// YAML read as `paywall.yml` (action link templates and their placeholders, colours, locales, hosting).
    @Sendable public static func catalog(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        var diagnostics = Diagnostics()
        guard let root = diagnostics.collect({ try YAML.parse(text, file: "catalog.yml") }) else {
            checkLocations(diagnostics)
            return
        }
        let native = diagnostics.collect { try NativeCatalogLoader.load(root, file: "catalog.yml") }
        let storeKit = StoreKitLoader.load(root, file: "Products.storekit", diagnostics: &diagnostics)
        for catalog in [native, storeKit].compactMap({ $0 }) { _ = (catalog.products.count, catalog.locales) }
        let config = SiteConfig.load(root, file: "paywall.yml", diagnostics: &diagnostics)
        _ = (config.placeholderLinkWarnings.count, config.links.subscribe?.byProduct.count)
        checkLocations(diagnostics)
    }

    /// Every diagnostic points at a real line and column (1-based), and renders.
    static func checkLocations(_ diagnostics: Diagnostics) {
        for diagnostic in diagnostics.all {
            require(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "diagnostic at \(diagnostic)")
            // As a log prints it: one line, no control character, no workflow command (LogText).
            let line = diagnostic.escapedForLog.description
            require(!line.unicodeScalars.contains { $0.properties.generalCategory == .control } && !line.hasPrefix("::"),
                    "diagnostic line \(line.debugDescription)")
        }
    }
}
