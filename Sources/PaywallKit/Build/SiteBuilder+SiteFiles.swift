extension SiteBuilder.Plan {
    /// The locale chooser and the host pages, the routes they make, and what making them found.
    struct SiteFiles: Sendable {
        var files: [(OutputFile, String)]
        var routes: SiteRoutes
        var diagnostics: [Diagnostic]
    }

    /// What the site files read of a page: its name and title, whether it is a plain page, its part in an
    /// experiment and its policy links (the sitemap lists their pages). They are made from these alone, so that an
    /// edit to a page's copy leaves them as they were.
    struct PageSummary: Encodable, Sendable {
        var name: String, title: String, isPlain: Bool, experiment: ExperimentRole?, policies: Policies

        init(_ page: Page) {
            (name, title, isPlain, experiment) = (page.name, page.title, page.isPlain, page.experiment)
            policies = page.policies
        }

        /// A page with these and nothing else.
        var page: Page {
            var page = Page(name: name, file: "", title: title, selection: isPlain ? .plain : .products([]),
                            selectionLocation: SourceLocation(file: ""), marketing: .automatic, body: "", bodyLine: 1,
                            bodyTemplate: nil)
            page.experiment = experiment
            page.policies = policies
            return page
        }
    }

    /// Everything the site files receive beside the ``PageUnits/SiteInput``: the static folder's top names, and each
    /// locale's pages in order, summarized: a page's summary is digested once for every locale that reads its file
    /// (``LoadedSite/source(of:)``).
    struct SiteFilesInput: Encodable, Sendable {
        var statics: [String]
        var locales: [String]
        var pages: [[Digested<PageSummary>]]
    }

    var siteFilesInput: SiteFilesInput {
        var summaries: [String: Digested<PageSummary>] = [:]
        return SiteFilesInput(statics: SiteRoutes.topNames(Array(inputs.statics.keys)), locales: site.locales,
                              pages: site.locales.map { locale in
            (site.pages[locale] ?? []).map { page in
                let source = LoadedSite.source(of: page)
                if let summary = summaries[source] { return summary }
                let summary = Digested(PageSummary(page))
                summaries[source] = summary
                return summary
            }
        })
    }

    /// The locale chooser, the host pages, and with a `baseURL` the sitemap and robots.txt (unless static/ has them)
    /// of `input`, made from it and the site's settings and theme.
    func siteFiles(_ input: SiteFilesInput) -> SiteFiles {
        var found = Diagnostics()
        var site = self.site
        site.pages = Dictionary(uniqueKeysWithValues: zip(input.locales, input.pages.map { $0.map(\.value.page) }))
        // An experiment's variants are reached through its page's addresses only: the choosers list none.
        let listed = site.config.experiments.isEmpty
            ? site.pages : site.pages.mapValues { $0.filter { !$0.isVariant } }
        let chooser = RootIndex.Chooser(theme: theme, config: site.config, locales: site.locales,
                                        defaultLocale: site.defaultLocale, pages: listed, stylesheet: stylesheet)
        let root = chooser.render(diagnostics: &found)
        let routes = SiteRoutes(site: site, stylesheet: stylesheet, rootHTML: root, statics: input.statics)
        var files = [(OutputFile("index.html", root), "the locale chooser")]
        for file in HostPages.files(site: site, theme: theme, routes: routes, chooser: chooser,
                                    diagnostics: &found) {
            files.append((file, "paywall's \(file.path)"))
        }
        if let baseURL = site.config.baseURL {
            if !input.statics.contains(Sitemap.fileName) {
                let entries = Sitemap.entries(site, routes: routes)
                files += Sitemap.files(entries, baseURL: baseURL).map { ($0, "paywall's \($0.path)") }
            }
            if !input.statics.contains("robots.txt") {
                files.append((Sitemap.robots(baseURL: baseURL), "paywall's robots.txt"))
            }
        }
        return SiteFiles(files: files, routes: routes, diagnostics: found.all)
    }
}
