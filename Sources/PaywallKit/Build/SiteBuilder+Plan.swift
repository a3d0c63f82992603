import Dispatch
import Mustache
import Synchronization

extension SiteBuilder {
    /// What every stage after loading shares: the loaded site, the stylesheet named by its content, the renderers
    /// and the page units (with the build cache's memos, unless they are off), and the output the files go to.
    struct Plan: Sendable {
        let inputs: SiteInputs
        let site: LoadedSite
        let theme: Theme
        let css: String
        let stylesheet: String
        /// Whether a unit's output is kept for a build after this one (the caller keeps the cache).
        let keepsUnits: Bool
        let pages: PageUnits
        let output: Output

        init(inputs: SiteInputs, site: LoadedSite, catalog: Catalog, theme: Theme, cache: BuildCache?,
             keepsUnits: Bool, sink: (any OutputSink)?) {
            self.inputs = inputs
            self.site = site
            self.theme = theme
            // The stylesheet is named by its content, so pages can be cached forever.
            let style = StyleRules(pages: site.allPages, accentColor: site.config.accentColor,
                                   accentForeground: site.config.accentForeground,
                                   maxOptions: catalog.maxOptionsPerPage, qrCode: site.config.qrCodeURL != nil)
            css = CSSMinifier.minify(theme.stylesheet) + style.css
            stylesheet = "assets/paywall.\(ContentHash.hex(css).prefix(10)).css"
            let vocabulary = OptionContext.Vocabulary(library: theme.library, pages: site.allPages)
            self.keepsUnits = keepsUnits
            let renderer = PageRenderer(theme: theme, config: site.config, stylesheet: stylesheet, style: style,
                                        vocabulary: vocabulary,
                                        languageNames: Dictionary(uniqueKeysWithValues: site.locales.map {
                                            ($0, RootIndex.languageName($0))
                                        }))
            // A memo answers only a second request: a build made once of one (locale, page) unit has none.
            let units = site.locales.reduce(0) { $0 + (site.pages[$1]?.count ?? 0) }
            let cache = keepsUnits || units > 1 ? cache : nil
            let siteInput = cache == nil ? nil : PageUnits.SiteInput(
                catalog: CatalogRead.Input(inputs), templates: inputs.templates, assets: inputs.assets.keys.sorted(),
                stylesheet: stylesheet, vocabulary: vocabulary.names, defaultLocale: site.defaultLocale)
            let memos = cache.map { PageUnits.Memos(cache: $0, site: Digest(of: siteInput!)) }
            pages = PageUnits(site: site, catalog: catalog, theme: theme, stylesheet: stylesheet, renderer: renderer,
                              memos: memos)
            output = Output(sink: sink, folder: site.config.outputFolder)
        }

        /// The stylesheet, the locale chooser, the host pages and the assets, with the routes they make and what making
        /// them found: on a thread of their own while the pages render (no page reads them), or made now for one job.
        func writeSiteFiles(alongside jobs: Int) -> Background<(routes: SiteRoutes, diagnostics: Diagnostics)> {
            let work = { @Sendable () -> (routes: SiteRoutes, diagnostics: Diagnostics) in
                var found = Diagnostics()
                let routes = writeSiteFiles(diagnostics: &found)
                return (routes, found)
            }
            return jobs > 1 ? Background(work) : Background(done: work())
        }

        /// Each locale's strings and policy pages, a task each on `jobs` threads: the locales ready for their pages.
        func prepareLocales(jobs: Int, diagnostics: inout Diagnostics) -> [PageUnits.Locale] {
            let prepared = Mutex<[(locale: PageUnits.Locale?, diagnostics: Diagnostics)]>(
                Array(repeating: (nil, Diagnostics()), count: site.locales.count))
            SiteBuilder.forEach(site.locales.count, jobs: jobs) { task in
                var found = Diagnostics()
                let locale = pages.prepare(locale: site.locales[task], output: output, diagnostics: &found)
                prepared.withLock { $0[task] = (locale, found) }
            }
            let tasks = prepared.withLock { $0 }
            for task in tasks { diagnostics.append(contentsOf: task.diagnostics.all) }
            return tasks.compactMap(\.locale)
        }

        /// The stylesheet, the locale chooser, the host pages, the sitemap and the assets; the routes they make.
        private func writeSiteFiles(diagnostics: inout Diagnostics) -> SiteRoutes {
            var files = [(OutputFile(stylesheet, css), "the theme's stylesheet")]
            // Kept by a cache that a build after this one reads (`serve`, after an edit to a page's copy).
            let input = siteFilesInput
            let made = keepsUnits ? pages.memos.map { memos in
                memos.cache.siteFiles.value(for: memos.key(input)) { siteFiles(input) }
            } ?? siteFiles(input) : siteFiles(input)
            diagnostics.append(contentsOf: made.diagnostics)
            files += made.files
            for (path, data) in inputs.assets.sorted(by: { $0.key < $1.key }) {
                files.append((OutputFile("assets/" + path, data), inputs.path("assets/" + path)))
            }
            for (file, source) in files { output.emit(file, hash: nil, from: source, diagnostics: &diagnostics) }
            return made.routes
        }

        /// What the pages stage gave: the manifest entries and `offers.json`'s pages (in the order of the locales'
        /// pages) and the names of the pages rendered (nil when none was kept).
        struct Pages {
            var entries: [Manifest.Entry] = []
            var offers: [(path: String, json: String)] = []
            /// The digest of every unit's `offers` digest, in order: what `offers.json` is made from, when a build
            /// after this one may keep it.
            var offersKey: Digest?
            var rendered: [String]?
            /// Each page's resolve, render and write, summed over the jobs.
            var timings: Timings
        }

        /// Every (locale, page) resolved, rendered and handed to the output on `jobs` threads, or, with a cache,
        /// kept when the cache holds the output of a unit with the same input and the output still holds its files
        /// as they were.
        func renderPages(_ locales: [PageUnits.Locale], jobs: Int, diagnostics: inout Diagnostics) -> Pages {
            // A unit is a page of a locale, by index: a `Page` is hundreds of bytes, and a site may have tens of
            // thousands.
            let localePages = locales.map { site.pages[$0.locale] ?? [] }
            let units = localePages.indices.flatMap { locale in
                localePages[locale].indices.map { (locale: locale, page: $0) }
            }
            let results = Results(count: units.count)
            // Without a sink the files are collected in memory: there are none to keep.
            let memos = output.sink == nil || !keepsUnits ? nil : pages.memos
            // A page's digest is taken once for every locale that reads its file (`LoadedSite.source(of:)`), as is
            // each locale's and name's.
            let digests = Mutex<[String: Digest]>([:])
            @Sendable func digest(_ key: String, _ value: () -> some Encodable) -> Digest {
                digests.kept(key) { Digest(of: value()) }
            }
            let next = Atomic(0)
            let threads = max(1, min(jobs, units.count))
            let runs = SiteBuilder.runs(localeSizes: localePages.map(\.count), threads: threads)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                var thread = RenderState(library: theme.library, isolated: threads > 1, memos: pages.memos != nil)
                while case let run = next.add(1, ordering: .relaxed).oldValue, run < runs.count {
                    for index in runs[run] {
                        let locale = locales[units[index].locale],
                            page = localePages[units[index].locale][units[index].page]
                        guard let memos else {
                            results.set(index, pages.write(page, in: locale, output: output, thread: &thread))
                            continue
                        }
                        let input = PageUnits.UnitInput(
                            locale: digest("locale \(locale.locale)") {
                                PageUnits.LocaleInput(locale: locale.locale, policyPaths: locale.policyPaths)
                            },
                            page: digest("page " + LoadedSite.source(of: page)) { page },
                            name: digest("name \(page.name)") { pages.nameInput(page.name) })
                        let (memo, key) = (memos.cache.units, PageUnits.UnitKey(site: memos.site, input: input))
                        // A page is kept only while every file of it is still in the output as it was; else it is
                        // made again.
                        if case var result? = memo.lookUp(key), result.entries.allSatisfy({
                            output.keep($0.path, hash: $0.hash, diagnostics: &result.diagnostics)
                        }) {
                            output.list(result.entries.map(\.path), from: page.file)
                            (result.kept, result.timings) = (true, Timings())
                            results.set(index, result)
                        } else {
                            var result = pages.write(page, in: locale, output: output, thread: &thread)
                            result.offersDigest = Digest(of: result.offers.map { [$0.path, $0.json] })
                            memo.insert(result, for: key)
                            results.set(index, result)
                        }
                    }
                }
            }
            var made = Pages(timings: Timings())
            var rendered = Set<String>(), anyKept = false, offersDigests: [Digest?] = []
            for (unit, slot) in zip(units, results.take()) {
                guard let result = slot else { continue }
                offersDigests.append(result.offersDigest)
                diagnostics.append(contentsOf: result.diagnostics.all)
                made.entries += result.entries
                made.offers += result.offers
                made.timings.resolve += result.timings.resolve
                made.timings.render += result.timings.render
                made.timings.write += result.timings.write
                if result.kept { anyKept = true } else { rendered.insert(localePages[unit.locale][unit.page].name) }
            }
            made.rendered = anyKept ? rendered.sorted() : nil
            let listed = offersDigests.compactMap { $0 }
            if memos != nil, listed.count == offersDigests.count { made.offersKey = Digest(of: listed) }
            return made
        }

        /// `offers.json` (unless static/ has one), the static folder's files, then the manifest of everything written;
        /// nil when either met an error or two files claimed one path.
        func finish(_ pages: Pages, diagnostics: inout Diagnostics) -> Manifest? {
            let entries = pages.entries
            if inputs.statics[PageOffers.fileName] == nil {
                // Kept as it is when every unit's list is what it was (`serve`, after an edit to a page's copy).
                let (source, memo) = ("paywall's offers.json", self.pages.memos?.cache.offersFiles)
                let kept = pages.offersKey.flatMap { memo?.lookUp($0) }.map {
                    output.keep(PageOffers.fileName, hash: $0, from: source, diagnostics: &diagnostics)
                } ?? false
                if !kept {
                    let hash = output.emit(PageOffers.file(pages.offers), hash: nil, from: source,
                                           diagnostics: &diagnostics)
                    if let key = pages.offersKey, let hash { memo?.insert(hash, for: key) }
                }
            }
            if !site.config.experiments.isEmpty, inputs.statics[ExperimentsFile.fileName] == nil {
                output.emit(ExperimentsFile.file(site.config.experiments, locales: site.locales, entries: entries),
                            hash: nil, from: "paywall's experiments.json", diagnostics: &diagnostics)
            }
            StaticFolder.emit(inputs.statics, inputs: inputs, output: output, entries: entries, stylesheet: stylesheet,
                              diagnostics: &diagnostics)
            guard !diagnostics.hasErrors else { return nil }
            let manifest = Manifest(generator: SiteBuilder.generator, pages: entries.sorted { $0.path < $1.path },
                                    files: output.paths, fileHashes: output.otherHashes)
            output.emit(OutputFile(Manifest.fileName, manifest.encoded()), hash: nil, from: "the build manifest",
                        diagnostics: &diagnostics)
            diagnostics.append(contentsOf: output.collisions)
            return diagnostics.hasErrors ? nil : manifest
        }
    }
}
