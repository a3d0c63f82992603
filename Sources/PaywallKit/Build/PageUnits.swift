import Dispatch
import Mustache
import Synchronization

/// The (locale, page) units of a build: each resolved, rendered and handed to the output (the writer's spare
/// folder, or memory), with what was found on the way.
struct PageUnits: Sendable {
    let site: LoadedSite
    let resolver: Resolver
    let theme: Theme
    let renderer: PageRenderer
    let policies: PolicyPages
    /// The locales each page is written in, for hreflang alternates.
    let localesOfPage: [String: [String]]
    /// The links of each page name's page for a new customer, made for the first locale that renders it; used only
    /// with memos (without, each unit makes its own, so `PAYWALL_MEMO=off` shares nothing between units).
    let nameLinks = NameLinks()
    /// The build cache's memos of a page's options, contexts and `offers.json` list, with the digest of what every
    /// unit reads; nil without memos.
    let memos: Memos?

    /// The finer memos of a unit, each keyed by the digest of its input after that of the site.
    struct Memos: Sendable {
        let cache: BuildCache
        /// The digest of the build's ``SiteInput``.
        let site: Digest

        /// The key of a value made from the site and `input`.
        func key(_ input: some Encodable) -> Digest { Digest(after: site, of: input) }

        /// The key of a value made from what `after` is the key of, and `input`.
        func key(_ input: some Encodable, after: Digest) -> Digest { Digest(after: after, of: input) }
    }

    /// What every page of one locale shares.
    struct Locale: Sendable {
        var locale: String
        var strings: Strings
        var texts: MustacheValue
        var notices: AutoRenewNotice.Locale
        var policyPaths: [String: String]
    }

    /// What every unit of a build reads beside its own ``UnitInput``: the settings and the catalog (as the inputs they
    /// are read from), the theme's templates, which assets exist, the stylesheet, the option fields the site names
    /// and the default locale.
    struct SiteInput: Encodable {
        var catalog: CatalogRead.Input
        var templates: [String: String]
        var assets: [String]
        var stylesheet: String
        var vocabulary: Set<String>?
        var defaultLocale: String
    }

    /// Everything one (locale, page) unit receives beside the ``SiteInput``, each part by its digest (taken once for
    /// all the units that share it): the locale and its policy pages (``LocaleInput``), the page as read, and what the
    /// site says of the page's name (``NameInput``). A unit's output is a pure function of these.
    struct UnitInput: Encodable, Hashable {
        var locale: Digest
        var page: Digest
        var name: Digest
    }

    /// A unit's key in the build cache: the digests of the ``SiteInput`` and of the unit's parts, compared as they
    /// are (a build asks for one per unit, `serve` after every edit: they are not digested again).
    struct UnitKey: Hashable, Sendable {
        var site: Digest
        var input: UnitInput
    }

    /// A locale and the addresses of its policy pages.
    struct LocaleInput: Encodable {
        var locale: String
        var policyPaths: [String: String]
    }

    /// How many files a page name has (whether its base copy on another language's page is reported) and the locales
    /// it is written in (its alternates).
    struct NameInput: Encodable {
        var files: Int
        var locales: [String]
    }

    /// What the site says of a page's name.
    func nameInput(_ name: String) -> NameInput {
        NameInput(files: site.content.files[name]?.count ?? 0, locales: localesOfPage[name] ?? [])
    }

    /// The pages written for one (locale, page), with what was found on the way.
    struct UnitResult: Sendable {
        var entries: [Manifest.Entry] = []
        /// Each store page's options for `offers.json` (``PageOffers``), by the page's path.
        var offers: [(path: String, json: String)] = []
        var diagnostics = Diagnostics()
        var timings = SiteBuilder.Timings()
        /// Found in the build cache (its files kept, its diagnostics repeated), not rendered.
        var kept = false
        /// The digest of `offers`, when a build after this one may keep `offers.json` (``BuildCache/offersFiles``).
        var offersDigest: Digest?
    }

    init(site: LoadedSite, catalog: Catalog, theme: Theme, stylesheet: String, renderer: PageRenderer,
         memos: Memos?) {
        self.site = site
        self.memos = memos
        self.resolver = Resolver(catalog: catalog, config: site.config, defaultLocale: site.defaultLocale)
        self.theme = theme
        self.renderer = renderer
        var localesOfPage: [String: [String]] = [:]
        for locale in site.locales {
            for page in site.pages[locale] ?? [] { localesOfPage[page.name, default: []].append(locale) }
        }
        self.localesOfPage = localesOfPage
        self.policies = PolicyPages(content: site.content, theme: theme, config: site.config, catalog: catalog,
                                    pages: site.allPages, stylesheet: stylesheet, defaultLocale: site.defaultLocale)
    }

    /// The locale's strings, and its policy pages written.
    func prepare(locale: String, output: SiteBuilder.Output, diagnostics: inout Diagnostics) -> Locale {
        let (strings, missing) = theme.strings(for: locale, fallback: site.defaultLocale)
        if missing {
            diagnostics.warning(site.config.location(of: "locales"),
                                "the theme has no UI strings for \(locale); using \(strings.sources.first ?? "en")",
                                hint: "add templates/strings/\(LocaleID.language(locale)).json to the site")
        }
        let texts = strings.templateValue
        var files: [(file: OutputFile, source: String)] = []
        let policyPaths = policies.render(locale: locale, strings: strings, texts: texts, into: &files,
                                          diagnostics: &diagnostics)
        for (file, source) in files { output.emit(file, hash: nil, from: source, diagnostics: &diagnostics) }
        return Locale(locale: locale, strings: strings, texts: texts,
                      notices: AutoRenewNotice.Locale(site.config, locale: locale, strings: strings),
                      policyPaths: policyPaths)
    }

    /// Every variant of one page in one locale: resolved, rendered and handed to the output.
    func write(_ page: Page, in locale: Locale, output: SiteBuilder.Output, thread: inout RenderState) -> UnitResult {
        var result = UnitResult()
        // The base file's copy on another language's page: said for every page with words of its own, translated
        // elsewhere or not (a report counts them: "3 pages have no translation for 19 locales …").
        if locale.locale != site.defaultLocale, page.locale == nil,
           LocaleID.language(locale.locale) != LocaleID.language(site.defaultLocale)
               || (site.content.files[page.name]?.count ?? 0) > 1,
           !page.title.isEmpty || page.body.contains(where: { !$0.isWhitespace }) {
            let group = Diagnostic.Group(key: "untranslated page", subject: "page '\(page.name)'", plural: "pages",
                                         place: locale.locale,
                                         one: "has no translation for {places}; using its \(site.defaultLocale) file",
                                         many: "have no translation for {places}; "
                                             + "using their \(site.defaultLocale) files",
                                         hint: "add content/NAME.LOCALE.md files for those locales")
            result.diagnostics.warning(SourceLocation(file: page.file),
                                       "no translation of '\(page.name)' for \(locale.locale); using \(page.file)",
                                       hint: "add content/\(page.name).\(locale.locale).md", group: group)
        }
        // The closures below capture these, not `self`: a capture of `self` copies the whole struct for every page.
        let (renderer, config, resolver, memos) = (self.renderer, site.config, self.resolver, self.memos)
        for state in resolver.states(of: page) {
            var start = DispatchTime.now()
            guard let input = resolver.optionsInput(page, locale: locale.locale, state: state,
                                                    diagnostics: &result.diagnostics) else { continue }
            let optionsKey = memos?.key(input.options)
            let options = memos.map { $0.cache.options.value(for: optionsKey!) { resolver.options(input.options) } }
                ?? resolver.options(input.options)
            let model = resolver.resolve(page, input, options: options, diagnostics: &result.diagnostics)
            result.timings.resolve += SiteBuilder.seconds(since: start)
            guard let model else { continue }
            let path = "\(locale.locale)/\(page.name)/\(state.pathComponent)"
            for var placement in placements(model, path: path, strings: locale.strings) {
                start = DispatchTime.now()
                // A new customer's page at its own address (not a customer's, nor another option group's) shares its
                // name's links.
                if state.pathComponent.isEmpty, placement.path == path, memos != nil, let known = nameLinks.links(
                    of: page.name, locales: localesOfPage[page.name] ?? [], placement: placement, renderer: renderer) {
                    (placement.alternates, placement.links) = known
                } else {
                    let variant = "\(page.name)/\(state.pathComponent)\(placement.path.dropFirst(path.count))"
                    placement.alternates = (localesOfPage[page.name] ?? []).map { ($0, "\($0)/\(variant)") }
                }
                placement.policyPaths = locale.policyPaths
                let contextsInput = OptionContexts.Input(model, root: PageRenderer.root(of: placement.path))
                // Local functions, not closures kept in constants, which would copy the model into a box on the heap.
                func makeCards() -> OptionContexts.Cards {
                    renderer.cards(model, contextsInput.shared, strings: locale.strings)
                }
                func makeContexts() -> OptionContexts {
                    let cards = memos.map {
                        $0.cache.cards.value(for: $0.key(contextsInput.shared, after: optionsKey!), make: makeCards)
                    }
                    return renderer.contexts(model, contextsInput, cards: cards, strings: locale.strings)
                }
                let contexts = memos.map {
                    $0.cache.contexts.value(for: $0.key(contextsInput, after: optionsKey!), make: makeContexts)
                } ?? makeContexts()
                let html = renderer.render(model, contexts: contexts, strings: locale.strings,
                                           texts: thread.texts(locale), notices: locale.notices, placement: placement,
                                           library: thread.library,
                                           capacity: thread.pageCapacity, sections: thread.sections,
                                           diagnostics: &result.diagnostics)
                thread.pageCapacity = max(thread.pageCapacity, (html?.count ?? 0) * 9 / 8)
                if html != nil, !page.isPlain {
                    let offersInput = PageOffers.Input(model, section: placement.onlySection)
                    func makeOffers() -> String {
                        PageOffers.options(model.options, offersInput, strings: locale.strings, config: config)
                    }
                    let offers = memos.map {
                        $0.cache.offers.value(for: $0.key(offersInput, after: optionsKey!), make: makeOffers)
                    } ?? makeOffers()
                    result.offers.append((placement.path, PageOffers.json(model, path: placement.path,
                                                                           options: offers)))
                }
                result.timings.render += SiteBuilder.seconds(since: start)
                guard let html else { continue }
                start = DispatchTime.now()
                let file = OutputFile(placement.path + "index.html", bytes: html)
                let hash = ContentHash.hex(file.bytes)
                output.emit(file, hash: hash, from: page.file, diagnostics: &result.diagnostics)
                result.entries.append(Manifest.Entry(path: file.path, page: page.name, locale: locale.locale,
                                                     variant: state.name, productID: state.productID,
                                                     products: model.options.map(\.id), hash: hash))
                result.timings.write += SiteBuilder.seconds(since: start)
            }
        }
        return result
    }

    /// One page, or with `optionGroups.style: links` one page per group, each linking to the others.
    func placements(_ model: StoreModel, path: String, strings: Strings) -> [PageRenderer.Placement] {
        let base = PageRenderer.Placement(path: path, alternates: [], defaultLocale: site.defaultLocale)
        guard model.page.optionGroups?.style == .links else { return [base] }
        let text = PriceText(locale: model.locale, currency: model.currency, strings: strings)
        let sections = OptionSection.split(model.options.map { ($0, MustacheValue.null) }, model.page.optionGroups,
                                           text: text)
        // The page's own address shows the section with the selected option (the win-back offer of a lapsed
        // customer, say); each other section has its own.
        let home = sections.firstIndex { $0.options.contains { $0.option.id == model.selectedID } } ?? 0
        let paths = sections.enumerated().map { index, section in index == home ? path : "\(path)\(section.key)/" }
        return sections.enumerated().map { index, section in
            var placement = base
            placement.path = paths[index]
            placement.onlySection = section.key
            placement.groupLinks = sections.enumerated().map { other, entry in
                (entry.label ?? entry.key, paths[other], other == index)
            }
            return placement
        }
    }
}

/// Each page name's alternates and links for a new customer (``PageUnits``), made by the first of its units to
/// render: every locale of the name has the same, and shares one value, whose `alternates` section a thread's
/// ``SectionMemo`` writes again for the next locale.
final class NameLinks: Sendable {
    typealias Entry = (alternates: [(locale: String, path: String)], links: PageRenderer.Links)
    private let made = Mutex<[String: Entry?]>([:])

    /// The alternates of page `name` (`LOCALE/NAME/` in each of `locales`) and their links, made for the first unit of
    /// the name to ask (`placement`, its own, at `LOCALE/NAME/`); nil for a name with no page in the default locale,
    /// whose x-default is each page itself.
    func links(of name: String, locales: [String], placement: PageRenderer.Placement,
               renderer: PageRenderer) -> Entry? {
        if let known = made.withLock({ $0[name] }) { return known }
        var entry: Entry?
        if locales.contains(placement.defaultLocale) {
            var base = placement
            base.alternates = locales.map { (locale: $0, path: "\($0)/\(name)/") }
            entry = (base.alternates, renderer.pageLinks(base, root: PageRenderer.root(of: base.path)))
        }
        return made.withLock { table in
            if let first = table[name] { return first }
            table[name] = .some(entry)
            return entry
        }
    }
}
