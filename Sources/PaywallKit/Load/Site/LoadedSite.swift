import Dispatch
/// The Load stage's result: every input parsed, with the problems found collected on the way.
struct LoadedSite {
    var config: SiteConfig
    var catalog: Catalog?
    var theme: Theme?
    var content: ContentFiles
    /// The default locale first.
    var locales: [String]
    var defaultLocale: String
    var pages: [String: [Page]]

    /// Every locale's pages, in the order of `locales` (not copied into one array: a `Page` is hundreds of bytes).
    var allPages: some Sequence<Page> { locales.lazy.flatMap { pages[$0] ?? [] } }

    /// What a page is read from, its name and file: a page read from one file is one value in every locale that reads
    /// it (`load` reads it once, and an experiment's role is the page name's), so a value worked out from it once (its
    /// digest) holds for each.
    static func source(of page: Page) -> String { page.name + "\u{0}" + page.file }

    /// The site's locales, the default first: paywall.yml's, else every locale the catalog localizes.
    static func siteLocales(config: SiteConfig, catalog: Catalog?) -> (locales: [String], defaultLocale: String) {
        let locales = config.locales ?? catalog?.locales ?? []
        let defaultLocale = config.defaultLocale
            ?? catalog?.defaultLocale.flatMap { locales.contains($0) || config.locales == nil ? $0 : nil }
            ?? locales.first ?? "en-US"
        return ([defaultLocale] + locales.filter { $0 != defaultLocale }, defaultLocale)
    }

    /// `memos`: how the catalog and the content files are read (a build cache's readers find them again).
    static func load(_ inputs: SiteInputs, memos: LoadMemos = LoadMemos(),
                     diagnostics: inout Diagnostics) -> LoadedSite {
        diagnostics.append(contentsOf: inputs.problems)
        for path in inputs.unreadable where !inputs.problems.contains(where: { $0.location.file == path }) {
            diagnostics.error(SourceLocation(file: path), "the file is not UTF-8 text", hint: "save it as UTF-8")
        }
        let configFile = inputs.path("paywall.yml")
        var config = SiteConfig(file: configFile)
        if let text = inputs.config {
            let isBlank = !text.split(separator: "\n").contains {
                !$0.allSatisfy(\.isWhitespace) && !$0.drop(while: \.isWhitespace).hasPrefix("#")
            }
            if isBlank && !inputs.unreadable.contains(configFile) {
                diagnostics.error(SourceLocation(file: configFile), "paywall.yml is empty",
                                  hint: "it needs at least actions.subscribe and policies "
                                      + "(termsOfService, privacyPolicy); `paywall init` writes a complete one")
            }
            guard !isBlank, case let parsed? = inputs.settings,
                  let root = diagnostics.collect({ try parsed.get() }) else {
                // Everything else depends on the settings: report their error alone, not what follows from it.
                return LoadedSite(config: config, catalog: nil, theme: nil,
                                  content: ContentFiles([:], folder: inputs.folder, diagnostics: &diagnostics),
                                  locales: [], defaultLocale: "en-US", pages: [:])
            }
            config = SiteConfig.load(root, file: configFile, diagnostics: &diagnostics)
            if let override = inputs.baseURL {
                let place = SourceLocation(file: "--base-url")
                diagnostics.collect {
                    config.baseURL = try SiteConfig.checkedBaseURL(override, at: place)
                    config.valueLocations["baseURL"] = place
                }
            }
        } else {
            diagnostics.error(SourceLocation(file: configFile), "the site has no paywall.yml",
                              hint: "run `paywall init` to create a site, "
                                  + "or pass the site's folder: `paywall build SITE`")
        }
        /// The theme, its strings in the locales' languages (and the default's), with what loading it found.
        let loadTheme = { @Sendable (locales: [String],
                                     defaultLocale: String) -> (theme: Theme?, diagnostics: Diagnostics) in
            var found = Diagnostics()
            let languages = Set(locales.flatMap { Theme.languages(for: $0, fallback: defaultLocale) })
            let theme = found.collect {
                try Theme.load(overrides: inputs.templates, siteFolder: inputs.path("templates"), languages: languages)
            }
            return (theme, found)
        }
        // When paywall.yml names the locales and the default one, the theme's languages are known before the catalog
        // is read, and the theme loads on a thread of its own meanwhile.
        let early = config.locales != nil && config.defaultLocale != nil
            ? Background { [config] in
                loadTheme(siteLocales(config: config, catalog: nil).locales, config.defaultLocale!)
            }
            : nil
        // The catalog is parsed on another thread while the content files are parsed here (unless a build before
        // read the same one).
        let catalogRead = Background { [config] in
            memos.catalog(CatalogRead.Input(inputs)) {
                var found = Diagnostics()
                let catalog = loadCatalog(inputs, config: config, diagnostics: &found)
                return CatalogRead(catalog: catalog, diagnostics: found)
            }
        }
        var contentDiagnostics = Diagnostics()
        let content = ContentFiles(inputs.content, folder: inputs.folder, allowRawHTML: config.allowRawHTML,
                                   memo: memos.contentFile, diagnostics: &contentDiagnostics)
        let read = catalogRead.value
        let catalog = read.catalog
        diagnostics.append(contentsOf: read.diagnostics.all)
        diagnostics.append(contentsOf: contentDiagnostics.all)
        if inputs.content.isEmpty && !inputs.unreadable.contains(where: { $0.hasPrefix(inputs.path("content/")) }) {
            diagnostics.error(SourceLocation(file: inputs.path("content")), "the site has no pages",
                              hint: "add content/NAME.md with front matter naming a groupID")
        }

        let (locales, defaultLocale) = siteLocales(config: config, catalog: catalog)
        let (theme, themeDiagnostics) = early?.value ?? loadTheme(locales, defaultLocale)
        diagnostics.append(contentsOf: themeDiagnostics.all)

        // Policy pages are content files named by a policy's `{ page: … }` in the settings, the catalog or a file
        // some locale reads; every other file is a page. A store page is never also a policy page: which one it
        // became would hang on another page's front matter.
        let policyReferences = [config.policies, catalog?.appPolicies ?? Policies()].flatMap(\.pageReferences)
            + content.policyPageReferences(readBy: locales)
        let policyNames = Set(policyReferences.map(\.name))
        for (name, location) in policyReferences where content.isStorePage(name) {
            diagnostics.error(location,
                              "'\(name)' is a store page (it names a groupID or productIDs), not a policy page",
                              hint: "name a content file that holds the policy's text, or give the policy's URL")
        }
        var pages: [String: [Page]] = [:]
        /// A locale's list, room made for every page at once (a `Page` is hundreds of bytes to move on each growth).
        func emptyList() -> [Page] {
            var list: [Page] = []
            list.reserveCapacity(content.names.count)
            return list
        }
        // A translation into a locale that no site locale falls back to is read by no page: `plans.pro.md` is Old
        // Provençal, not a page of its own.
        for name in content.names {
            for (locale, file) in content.files[name] ?? [:] where !locale.isEmpty
                && !locales.contains(where: { LocaleID.fallbacks($0).contains(locale) }) {
                let language = ICU.displayName(of: locale, in: "en")
                diagnostics.warning(SourceLocation(file: file.path),
                                    "read as the \(locale)\(language == locale ? "" : " (\(language))") translation "
                                        + "of '\(name)', which no locale of the site uses",
                                    hint: "add \(locale) to locales in paywall.yml; for a page of its own, "
                                        + "name it without the dot, such as \(name)-\(locale).md")
            }
        }
        // A translation that every locale falling back to it passes over for a more specific file is read by no page.
        for name in content.names {
            for (locale, file) in (content.files[name] ?? [:]).sorted(by: { $0.key < $1.key }) where !locale.isEmpty {
                let readers = locales.filter { LocaleID.fallbacks($0).contains(locale) }
                let chosen = readers.compactMap { content.file(name, locale: $0) }
                guard !readers.isEmpty, !chosen.contains(where: { $0.path == file.path }), let winner = chosen.first
                else { continue }
                let verb = EnglishPlural.choose(readers.count, one: "reads", many: "read")
                diagnostics.warning(SourceLocation(file: file.path),
                                    "no locale reads this \(locale) translation of '\(name)': "
                                        + "\(readers.joined(separator: ", ")) \(verb) \(winner.path), "
                                        + "which is more specific",
                                    hint: "merge the two files into one, or delete this one")
            }
        }
        let refused = checkPageNames(content, locales: locales, policyNames: policyNames,
                                     folder: inputs.path("content"), diagnostics: &diagnostics)
        for name in content.names where !policyNames.contains(name) && !refused.contains(name) {
            guard content.files[name]?[""] != nil else {
                let path = content.files[name]?.values.map(\.path).min() ?? inputs.path("content")
                diagnostics.error(SourceLocation(file: path), "a translation without its page",
                                  hint: "add content/\(name).md, the page in the default locale")
                continue
            }
            // Locales without a translation share the base file's page: read it once.
            var byFile: [String: Page?] = [:]
            for locale in locales {
                let file = content.file(name, locale: locale)?.path ?? ""
                let page = byFile[file] ?? content.page(name, locale: locale, diagnostics: &diagnostics)
                byFile[file] = page
                if let page { pages[locale, default: emptyList()].append(page) }
            }
        }
        ExperimentsCheck.apply(config, content: content, policyNames: policyNames, pages: &pages,
                               diagnostics: &diagnostics)
        // Other Markdown that reaches the output: option groups' copy and a .storekit EULA or policy text.
        var checked = Set<String>()
        for page in pages.values.joined() where checked.insert(page.file).inserted {
            for group in page.optionGroups?.groups ?? [] {
                guard let marketing = group.marketing else { continue }
                MarkdownCheck.check(marketing, file: page.file, firstLine: nil, at: group.location,
                                           allowRawHTML: config.allowRawHTML, diagnostics: &diagnostics)
            }
        }
        for link in [catalog?.appPolicies.termsOfService, catalog?.appPolicies.privacyPolicy] {
            guard case .page(_, let markdown, let location)? = link, !markdown.isEmpty else { continue }
            MarkdownCheck.check(markdown, file: location.file, firstLine: nil, at: location,
                                       allowRawHTML: config.allowRawHTML, diagnostics: &diagnostics)
        }
        checkHome(config, pageNames: content.names.filter { !policyNames.contains($0) && !$0.containsText("+") },
                  diagnostics: &diagnostics)
        if let catalog {
            PurchaseLinksCheck.check(config, catalog: catalog, pages: locales.lazy.flatMap { pages[$0] ?? [] },
                                     locales: locales, diagnostics: &diagnostics)
        }
        return LoadedSite(config: config, catalog: catalog, theme: theme, content: content, locales: locales,
                          defaultLocale: defaultLocale, pages: pages)
    }

    static func loadCatalog(_ inputs: SiteInputs, config: SiteConfig, diagnostics: inout Diagnostics) -> Catalog? {
        guard let (path, data) = inputs.catalog else {
            // SiteConfig reported a catalog outside the site.
            guard SitePath.isInside(config.catalog) else { return nil }
            if let problem = inputs.catalogProblem {
                diagnostics.append(problem)
                return nil
            }
            diagnostics.error(config.location(ofValue: "catalog"),
                              "the catalog file does not exist (looked for \(inputs.path(config.catalog)))",
                              hint: "create \(config.catalog), or point 'catalog:' in paywall.yml "
                                  + "at your catalog or .storekit file")
            return nil
        }
        let file = inputs.path(path)
        let text: String
        switch TextFile.decode(data, path: file) {
        case .success(let decoded): text = decoded
        case .failure(let problem):
            diagnostics.append(problem)
            return nil
        }
        guard let root = diagnostics.collect({ try YAML.parse(text, file: file) }) else { return nil }
        var catalog = path.hasSuffix(".storekit")
            ? StoreKitLoader.load(root, file: file, diagnostics: &diagnostics)
            : diagnostics.collect { try NativeCatalogLoader.load(root, file: file) }
        if catalog != nil, let (pricesPath, pricesText) = inputs.prices,
           let pricesRoot = diagnostics.collect({ try YAML.parse(pricesText, file: inputs.path(pricesPath)) }) {
            PriceOverlay.merge(pricesRoot, into: &catalog!, diagnostics: &diagnostics)
        }
        if let catalog {
            diagnostics.append(contentsOf: catalog.billingPlanWarnings)
            checkUniqueIDs(catalog, diagnostics: &diagnostics)
            for group in catalog.groups where group.subscriptions.isEmpty {
                diagnostics.error(group.location, "subscription \(group.label) has no subscriptions",
                                  hint: "add its subscriptions, or remove the group")
            }
            // A price of 0 shows as "Free" beside a Buy or Subscribe button: rarely what was meant.
            for product in catalog.products {
                let free = product.price.storefronts.filter { product.price[$0]?.isZero == true }
                guard !free.isEmpty else { continue }
                diagnostics.warning(product.price.location ?? product.location,
                                    "'\(product.id)' is priced 0 in \(free.joined(separator: ", ")); "
                                        + "its page shows it as Free, with a purchase button",
                                    hint: "set its price, or use a free trial "
                                        + "(introductoryOffer: { paymentMode: freeTrial, … }) for a free start")
            }
        }
        return catalog
    }

    /// `home:` names a page of the site (a content file, not a policy).
    static func checkHome(_ config: SiteConfig, pageNames: [String], diagnostics: inout Diagnostics) {
        guard let home = config.home, !pageNames.contains(home), !pageNames.isEmpty else { return }
        let hint = suggestion(for: home, in: pageNames).map { "did you mean '\($0)'? " } ?? ""
        diagnostics.error(config.location(ofValue: "home"), "home: '\(home)' is not a page of the site",
                          hint: hint + "name one of the pages (content/NAME.md): "
                              + pageNames.sorted().joined(separator: ", "))
    }

    static func checkUniqueIDs(_ catalog: Catalog, diagnostics: inout Diagnostics) {
        var seen: [String: (id: String, location: SourceLocation)] = [:]
        for product in catalog.products.sorted(by: { $0.location < $1.location }) {
            if let first = seen[product.id.lowercased()] {
                let message = first.id == product.id
                    ? "duplicate product ID '\(product.id)' (first at line \(first.location.line))"
                    : "the product IDs '\(first.id)' (line \(first.location.line)) and '\(product.id)' differ only "
                        + "in case: their pages would share a folder on a case-insensitive disk"
                diagnostics.error(product.location, message, hint: "every product needs its own ID")
            } else {
                seen[product.id.lowercased()] = (product.id, product.location)
            }
        }
        var groups = Set<String>()
        for group in catalog.groups where !groups.insert(group.id).inserted {
            diagnostics.error(group.location,
                              "duplicate subscription group ID '\(group.id)'"
                                  + "\(group.name.isEmpty ? "" : " (reference name '\(group.name)')")",
                              hint: "every group needs its own ID")
        }
    }
}
