import Foundation
import PaywallKit

/// The Birdwatch example site the tests build on, as data: changed in one place by a test (`with`), then used in
/// memory (`inputs`) or written to a folder (`write(to:)`).
///
/// The default site: `paywall.yml` with a subscribe and a change-plan link and policies, a native catalog with one
/// group (`birdwatch.pro`) of two subscriptions priced for the USA storefront, and one page `pro.md`.
public struct BirdwatchSite: Sendable {
    /// The default `paywall.yml`.
    public static let defaultConfig = """
        baseURL: https://example.com/subscribe/
        catalog: catalog.yml
        defaultLocale: en-US
        locales: [en-US]
        storefronts: { default: USA }
        app: { name: Birdwatch }
        actions:
          subscribe: https://pay.example.com/checkout?product={productID}&locale={locale}
          changePlan: https://pay.example.com/change?from={currentProductID}&to={productID}
        policies:
          termsOfService: https://example.com/terms
          privacyPolicy: https://example.com/privacy

        """

    /// The default `catalog.yml`.
    public static let defaultCatalog = """
        subscriptionGroups:
          - id: birdwatch.pro
            name: Birdwatch Pro
            localizations:
              en-US: { displayName: Birdwatch Pro, description: "Every bird, everywhere." }
            subscriptions:
              - id: pro.monthly
                referenceName: Pro Monthly
                level: 1
                period: P1M
                price: { USA: "4.99" }
                localizations:
                  en-US: { displayName: Monthly, description: Billed every month. }
              - id: pro.yearly
                referenceName: Pro Yearly
                level: 1
                period: P1Y
                price: { USA: "49.99" }
                localizations:
                  en-US: { displayName: Yearly, description: Billed every year. }

        """

    /// The default page, `content/pro.md`.
    public static let defaultPage = page()

    /// The store page of the group: `body` below its heading, `frontMatter` (whole lines) after its `groupID`.
    public static func page(_ body: String = "Identify every bird you hear.", frontMatter: String = "") -> String {
        "---\ntitle: Birdwatch Pro\ngroupID: birdwatch.pro\n\(frontMatter)---\n# Birdwatch Pro\n\n\(body)\n"
    }

    /// The site folder's path, as `SiteInputs` names files (`site/paywall.yml`); not used by `write(to:)`.
    public var folder = "site"
    /// `paywall.yml`; nil: the file is missing.
    public var config: String? = BirdwatchSite.defaultConfig
    public var catalogPath = "catalog.yml"
    /// The catalog's bytes; nil: the catalog file is missing.
    public var catalog: Data? = Data(BirdwatchSite.defaultCatalog.utf8)
    /// `content/…`, by path below `content/`.
    public var content: [String: String] = ["pro.md": BirdwatchSite.defaultPage]
    /// `assets/…`, by path below `assets/`.
    public var assets: [String: Data] = [:]
    /// The site's theme overrides, by path below `templates/`.
    public var templates: [String: String] = [:]
    /// `static/…`, by path below `static/`.
    public var statics: [String: Data] = [:]
    /// Paths (as `SiteInputs` names them) that could not be read.
    public var unreadable: [String] = []

    public init(folder: String = "site", config: String? = BirdwatchSite.defaultConfig, catalogPath: String = "catalog.yml",
                catalog: Data? = Data(BirdwatchSite.defaultCatalog.utf8), content: [String: String] = ["pro.md": BirdwatchSite.defaultPage]) {
        self.folder = folder
        self.config = config
        self.catalogPath = catalogPath
        self.catalog = catalog
        self.content = content
    }

    /// The catalog as text ("" when missing); setting it sets the catalog's bytes.
    public var catalogText: String {
        get { catalog.map { String(decoding: $0, as: UTF8.self) } ?? "" }
        set { catalog = Data(newValue.utf8) }
    }

    /// The site in memory, as a build reads it.
    public var inputs: SiteInputs {
        var inputs = SiteInputs(folder: folder, config: config, catalog: catalog.map { (catalogPath, $0) }, content: content,
                                assets: assets, templates: templates, unreadable: unreadable)
        inputs.statics = statics
        return inputs
    }

    /// A copy with one change.
    public func with(_ change: (inout BirdwatchSite) -> Void) -> BirdwatchSite {
        var copy = self
        change(&copy)
        return copy
    }

    /// Every file of the site, by its path below `prefix` (a folder, "" for paths relative to the site).
    public func files(under prefix: String = "") -> [String: Data] {
        var files: [String: Data] = [:]
        func add(_ relative: String, _ data: Data) { files[prefix.isEmpty ? relative : prefix + "/" + relative] = data }
        if let config { add("paywall.yml", Data(config.utf8)) }
        if let catalog { add(catalogPath, catalog) }
        for (path, text) in content { add("content/" + path, Data(text.utf8)) }
        for (path, data) in assets { add("assets/" + path, data) }
        for (path, text) in templates { add("templates/" + path, Data(text.utf8)) }
        for (path, data) in statics { add("static/" + path, data) }
        return files
    }

    /// Writes every file of the site below `folder` (created when missing), over what is there.
    public func write(to folder: String) throws {
        for (path, data) in files(under: folder) {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path))
        }
    }
}
