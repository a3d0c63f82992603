import Foundation
import Mustache

/// Inputs → output files: Load (parse) → Resolve → Render, pure; every problem is collected, then the build fails once.
public struct SiteBuilder {
    /// What a build produced: the files to write (empty when it failed) and every diagnostic.
    public struct Result: Sendable {
        public var files: [OutputFile]
        public var diagnostics: Diagnostics
        public var manifest: Manifest?
        public var pageCount: Int { manifest?.pages.count ?? 0 }
    }

    public static let generator = "paywall"

    public static func build(_ inputs: SiteInputs) -> Result {
        var diagnostics = Diagnostics()
        let failed = { (diagnostics: Diagnostics) in Result(files: [], diagnostics: diagnostics, manifest: nil) }
        for path in inputs.unreadable {
            diagnostics.error(SourceLocation(file: path), "the file is not UTF-8 text", hint: "save it as UTF-8")
        }

        // Load: settings, catalog, theme, content.
        let configFile = inputs.path("paywall.yml")
        var config = SiteConfig(file: configFile)
        if let text = inputs.config, let root = diagnostics.collect({ try YAML.parse(text, file: configFile) }) {
            config = SiteConfig.load(root, file: configFile, diagnostics: &diagnostics)
        } else if inputs.config == nil {
            diagnostics.error(SourceLocation(file: configFile), "the site has no paywall.yml",
                              hint: "run `paywall init` to create a site, or pass the site's folder: `paywall build SITE`")
        }
        let catalog = loadCatalog(inputs, config: config, diagnostics: &diagnostics)
        let theme = diagnostics.collect { try Theme.load(overrides: inputs.templates, siteFolder: inputs.path("templates")) }
        let content = ContentFiles(inputs.content, folder: inputs.folder, diagnostics: &diagnostics)
        if inputs.content.isEmpty {
            diagnostics.error(SourceLocation(file: inputs.path("content")), "the site has no pages",
                              hint: "add content/NAME.md with front matter naming a groupID")
        }
        guard let catalog, let theme, !diagnostics.hasErrors else { return failed(diagnostics) }

        // Locales: paywall.yml's, else every locale the catalog localizes.
        var locales = config.locales ?? catalog.locales
        if locales.isEmpty { locales = [config.defaultLocale ?? "en-US"] }
        let defaultLocale = config.defaultLocale ?? locales[0]
        if !locales.contains(defaultLocale) { locales.insert(defaultLocale, at: 0) }
        locales = [defaultLocale] + locales.filter { $0 != defaultLocale }

        // Policy pages are content files named by a policy's `{ page: … }`; every other file is a store page.
        let policyNames = content.policyPageNames.union([config.policies, catalog.appPolicies].flatMap(\.pageNames))
        var pagesByLocale: [String: [Page]] = [:]
        for name in content.names where !policyNames.contains(name) {
            guard content.files[name]?[""] != nil else {
                diagnostics.error(SourceLocation(file: content.files[name]!.values.first!.path), "a translation without its page",
                                  hint: "add content/\(name).md, the page in the default locale")
                continue
            }
            for locale in locales {
                if let page = content.page(name, locale: locale, diagnostics: &diagnostics) { pagesByLocale[locale, default: []].append(page) }
            }
        }
        guard !diagnostics.hasErrors else { return failed(diagnostics) }

        let resolver = Resolver(catalog: catalog, config: config, defaultLocale: defaultLocale)
        AssetCheck(assets: inputs.assets).check(config: config, catalog: catalog, pages: locales.flatMap { pagesByLocale[$0] ?? [] },
                                                diagnostics: &diagnostics)

        // The stylesheet is named by its content, so pages can be cached forever.
        let style = StyleRules(pages: locales.flatMap { pagesByLocale[$0] ?? [] }, accentColor: config.accentColor)
        let css = theme.stylesheet + style.css
        let stylesheet = "assets/paywall.\(ContentHash.hex(css).prefix(10)).css"

        var files: [OutputFile] = [OutputFile(stylesheet, css)]
        var entries: [Manifest.Entry] = []
        let renderer = PageRenderer(theme: theme, config: config, stylesheet: stylesheet, style: style)
        var warnedStrings = Set<String>()
        let policyFiles = PolicyPages(content: content, theme: theme, config: config, catalog: catalog,
                                      pages: locales.flatMap { pagesByLocale[$0] ?? [] }, stylesheet: stylesheet)

        for locale in locales {
            let (strings, missing) = theme.strings(for: locale, fallback: defaultLocale)
            if missing, warnedStrings.insert(locale).inserted {
                diagnostics.warning(SourceLocation(file: configFile), "the theme has no UI strings for \(locale); using \(strings.sources.first ?? "en")",
                                    hint: "add templates/strings/\(LocaleID.language(locale)).json to the site")
            }
            let texts = MustacheValue.object(strings.all.mapValues(MustacheValue.string))
            let policyPaths = policyFiles.render(locale: locale, strings: strings, into: &files, diagnostics: &diagnostics)
            for page in pagesByLocale[locale] ?? [] {
                if locale != defaultLocale, page.locale == nil, content.files[page.name]!.count > 1 {
                    diagnostics.warning(SourceLocation(file: page.file), "no translation of '\(page.name)' for \(locale); using \(page.file)",
                                        hint: "add content/\(page.name).\(locale).md")
                }
                for state in resolver.states(of: page) {
                    guard let model = resolver.resolve(page, locale: locale, state: state, diagnostics: &diagnostics) else { continue }
                    let path = "\(locale)/\(page.name)/\(state.pathComponent)"
                    let alternates = locales.filter { pagesByLocale[$0]?.contains { $0.name == page.name } == true }
                        .map { (locale: $0, path: "\($0)/\(page.name)/\(state.pathComponent)") }
                    let sections = page.optionGroups?.style == .links
                        ? OptionSection.split(PageContext(model: model, text: PriceText(locale: locale, currency: model.currency, strings: strings), config: config, root: "", path: path).options,
                                              page.optionGroups, text: PriceText(locale: locale, currency: model.currency, strings: strings))
                        : []
                    let variants: [(path: String, section: String?)] = sections.isEmpty
                        ? [(path, nil)]
                        : sections.enumerated().map { index, section in (index == 0 ? path : "\(path)\(section.key)/", section.key) }
                    for variant in variants {
                        var placement = PageRenderer.Placement(path: variant.path, alternates: alternates, defaultLocale: defaultLocale,
                                                               onlySection: variant.section, policyPaths: policyPaths)
                        placement.groupLinks = sections.enumerated().map { index, section in
                            (section.label ?? section.key, index == 0 ? path : "\(path)\(section.key)/", section.key == variant.section)
                        }
                        guard let html = renderer.render(model, strings: strings, texts: texts, placement: placement,
                                                         diagnostics: &diagnostics) else { continue }
                        files.append(OutputFile(variant.path + "index.html", html))
                        entries.append(Manifest.Entry(path: variant.path + "index.html", page: page.name, locale: locale, variant: state.name,
                                                      productID: state.productID, products: model.options.map(\.id),
                                                      hash: ContentHash.hex(html)))
                    }
                }
            }
        }
        files.append(OutputFile("index.html", RootIndex.render(theme: theme, config: config, locales: locales, defaultLocale: defaultLocale,
                                                               pages: pagesByLocale, stylesheet: stylesheet, diagnostics: &diagnostics)))
        for (path, data) in inputs.assets.sorted(by: { $0.key < $1.key }) { files.append(OutputFile("assets/" + path, data)) }
        guard !diagnostics.hasErrors else { return failed(diagnostics) }

        files.sort { $0.path < $1.path }
        let manifest = Manifest(generator: generator, pages: entries.sorted { $0.path < $1.path }, files: files.map(\.path))
        files.append(OutputFile(Manifest.fileName, manifest.encoded()))
        return Result(files: files, diagnostics: diagnostics, manifest: manifest)
    }

    static func loadCatalog(_ inputs: SiteInputs, config: SiteConfig, diagnostics: inout Diagnostics) -> Catalog? {
        guard let (path, data) = inputs.catalog else {
            diagnostics.error(SourceLocation(file: inputs.path(config.catalog)), "the catalog file does not exist",
                              hint: "create \(config.catalog), or point 'catalog:' in paywall.yml at your catalog or .storekit file")
            return nil
        }
        let file = inputs.path(path)
        guard let text = String(validating: data, as: UTF8.self) else {
            diagnostics.error(SourceLocation(file: file), "the catalog is not UTF-8 text", hint: "save it as UTF-8 (Xcode writes .storekit files as UTF-8)")
            return nil
        }
        guard let root = diagnostics.collect({ try YAML.parse(text, file: file) }) else { return nil }
        let catalog = path.hasSuffix(".storekit")
            ? StoreKitLoader.load(root, file: file, diagnostics: &diagnostics)
            : diagnostics.collect { try NativeCatalogLoader.load(root, file: file) }
        if let catalog { checkUniqueIDs(catalog, diagnostics: &diagnostics) }
        return catalog
    }

    static func checkUniqueIDs(_ catalog: Catalog, diagnostics: inout Diagnostics) {
        var seen: [String: SourceLocation] = [:]
        for product in catalog.products {
            if let first = seen[product.id] {
                diagnostics.error(product.location, "duplicate product ID '\(product.id)' (first at line \(first.line))",
                                  hint: "every subscription needs its own ID")
            } else {
                seen[product.id] = product.location
            }
        }
        var groups = Set<String>()
        for group in catalog.groups where !groups.insert(group.id).inserted {
            diagnostics.error(group.location, "duplicate subscription group ID '\(group.id)'", hint: "every group needs its own ID")
        }
    }
}
