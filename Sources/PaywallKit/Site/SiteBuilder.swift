import Foundation
import Mustache

/// Inputs → output files: Load → Resolve → Render, pure. Every problem is collected, then the build fails once.
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
        let site = LoadedSite.load(inputs, diagnostics: &diagnostics)
        guard let catalog = site.catalog, let theme = site.theme else {
            return Result(files: [], diagnostics: diagnostics, manifest: nil)
        }
        AssetCheck(assets: inputs.assets, folder: inputs.folder).check(config: site.config, catalog: catalog, pages: site.allPages, diagnostics: &diagnostics)

        // The stylesheet is named by its content, so pages can be cached forever.
        let style = StyleRules(pages: site.allPages, accentColor: site.config.accentColor,
                               maxOptions: catalog.maxOptionsPerPage)
        let css = CSSMinifier.minify(theme.stylesheet) + style.css
        let stylesheet = "assets/paywall.\(ContentHash.hex(css).prefix(10)).css"
        var writer = PagesWriter(site: site, catalog: catalog, theme: theme, stylesheet: stylesheet,
                                 renderer: PageRenderer(theme: theme, config: site.config, stylesheet: stylesheet, style: style))
        writer.files.append(OutputFile(stylesheet, css))
        for locale in site.locales { writer.write(locale: locale, diagnostics: &diagnostics) }
        writer.files.append(OutputFile("index.html", RootIndex.render(
            theme: theme, config: site.config, locales: site.locales, defaultLocale: site.defaultLocale, pages: site.pages,
            stylesheet: stylesheet, diagnostics: &diagnostics)))
        for (path, data) in inputs.assets.sorted(by: { $0.key < $1.key }) { writer.files.append(OutputFile("assets/" + path, data)) }
        guard !diagnostics.hasErrors else { return Result(files: [], diagnostics: diagnostics, manifest: nil) }

        var files = writer.files.sorted { $0.path < $1.path }
        let manifest = Manifest(generator: generator, pages: writer.entries.sorted { $0.path < $1.path }, files: files.map(\.path))
        files.append(OutputFile(Manifest.fileName, manifest.encoded()))
        return Result(files: files, diagnostics: diagnostics, manifest: manifest)
    }
}

/// Resolves and renders every page of a locale, collecting the files and the manifest's entries.
struct PagesWriter {
    let site: LoadedSite
    let resolver: Resolver
    let theme: Theme
    let renderer: PageRenderer
    let policies: PolicyPages
    /// The locales each page is written in, for hreflang alternates.
    let localesOfPage: [String: [String]]
    var files: [OutputFile] = []
    var entries: [Manifest.Entry] = []

    init(site: LoadedSite, catalog: Catalog, theme: Theme, stylesheet: String, renderer: PageRenderer) {
        self.site = site
        self.resolver = Resolver(catalog: catalog, config: site.config, defaultLocale: site.defaultLocale)
        self.theme = theme
        self.renderer = renderer
        var localesOfPage: [String: [String]] = [:]
        for locale in site.locales { for page in site.pages[locale] ?? [] { localesOfPage[page.name, default: []].append(locale) } }
        self.localesOfPage = localesOfPage
        self.policies = PolicyPages(content: site.content, theme: theme, config: site.config, catalog: catalog,
                                    pages: site.allPages, stylesheet: stylesheet)
    }

    mutating func write(locale: String, diagnostics: inout Diagnostics) {
        let (strings, missing) = theme.strings(for: locale, fallback: site.defaultLocale)
        if missing {
            diagnostics.warning(site.config.location(of: "locales"), "the theme has no UI strings for \(locale); using \(strings.sources.first ?? "en")",
                                hint: "add templates/strings/\(LocaleID.language(locale)).json to the site")
        }
        let texts = MustacheValue.object(strings.all.mapValues(MustacheValue.string))
        let policyPaths = policies.render(locale: locale, strings: strings, texts: texts, into: &files, diagnostics: &diagnostics)
        for page in site.pages[locale] ?? [] {
            if locale != site.defaultLocale, page.locale == nil, (site.content.files[page.name]?.count ?? 0) > 1 {
                diagnostics.warning(SourceLocation(file: page.file), "no translation of '\(page.name)' for \(locale); using \(page.file)",
                                    hint: "add content/\(page.name).\(locale).md")
            }
            for state in resolver.states(of: page) {
                guard let model = resolver.resolve(page, locale: locale, state: state, diagnostics: &diagnostics) else { continue }
                let path = "\(locale)/\(page.name)/\(state.pathComponent)"
                for var placement in placements(model, path: path, strings: strings) {
                    let suffix = placement.path.dropFirst(path.count)
                    placement.alternates = (localesOfPage[page.name] ?? []).map { other in
                        (locale: other, path: "\(other)/\(page.name)/\(state.pathComponent)\(suffix)")
                    }
                    placement.policyPaths = policyPaths
                    guard let html = renderer.render(model, strings: strings, texts: texts, placement: placement,
                                                     diagnostics: &diagnostics) else { continue }
                    files.append(OutputFile(placement.path + "index.html", html))
                    entries.append(Manifest.Entry(path: placement.path + "index.html", page: page.name, locale: locale,
                                                  variant: state.name, productID: state.productID,
                                                  products: model.options.map(\.id), hash: ContentHash.hex(html)))
                }
            }
        }
    }

    /// One page, or with `optionGroups.style: links` one page per group, each linking to the others.
    func placements(_ model: StoreModel, path: String, strings: Strings) -> [PageRenderer.Placement] {
        let base = PageRenderer.Placement(path: path, alternates: [], defaultLocale: site.defaultLocale)
        guard model.page.optionGroups?.style == .links else { return [base] }
        let text = PriceText(locale: model.locale, currency: model.currency, strings: strings)
        let context = PageContext(model: model, text: text, config: site.config, root: "", path: path)
        let sections = OptionSection.split(context.options, model.page.optionGroups, text: text)
        // The page's own address shows the section with the selected option (the win-back offer of a lapsed
        // customer, say); each other section has its own.
        let home = sections.firstIndex { $0.options.contains { $0.option.id == model.selectedID } } ?? 0
        let paths = sections.enumerated().map { index, section in index == home ? path : "\(path)\(section.key)/" }
        return sections.enumerated().map { index, section in
            var placement = base
            placement.path = paths[index]
            placement.onlySection = section.key
            placement.groupLinks = sections.enumerated().map { other, entry in (entry.label ?? entry.key, paths[other], other == index) }
            return placement
        }
    }
}
