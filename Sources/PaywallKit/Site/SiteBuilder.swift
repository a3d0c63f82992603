import Dispatch
import Foundation
import Mustache
import Synchronization

/// Where rendered files go as they are made: the atomic writer's temporary folder, or memory.
public protocol OutputSink: Sendable {
    /// Called from several threads at once; `hash` is the file's content hash, as the manifest records it.
    func write(_ file: OutputFile, hash: String?) throws(Diagnostic)
    /// Keeps a file of the previous build, unchanged, without its bytes; false when it is no longer there as it was.
    func keep(_ path: String, hash: String) throws(Diagnostic) -> Bool
}

extension SiteWriter: OutputSink {}

/// Takes every file and keeps none: `check` renders everything and writes nothing, in constant memory.
public struct DiscardingSink: OutputSink {
    public init() {}
    public func write(_ file: OutputFile, hash: String?) throws(Diagnostic) {}
    public func keep(_ path: String, hash: String) throws(Diagnostic) -> Bool { true }
}

/// Inputs → output files: Load → Resolve → Render, pure. Every problem is collected, then the build fails once.
///
/// Pages render on `jobs` threads and stream into `sink` as they are made, so memory does not grow with the
/// site; the bytes, the manifest and the diagnostics are the same whatever the job count.
public struct SiteBuilder {
    /// What a build produced: the files (when no sink took them; empty when it failed) and every diagnostic.
    public struct Result: Sendable {
        public var files: [OutputFile]
        public var diagnostics: Diagnostics
        public var manifest: Manifest?
        public var timings = Timings()
        /// What the host files and `serve` route by (nil when the build failed).
        public var routes: SiteRoutes?
        public var pageCount: Int { manifest?.pages.count ?? 0 }
    }

    /// Seconds spent in each stage; resolve, render and write are summed over the jobs.
    public struct Timings: Sendable {
        public var load = 0.0, resolve = 0.0, render = 0.0, write = 0.0
        public init() {}

        /// "load 12.3 ms, resolve 4.5 ms, render 20.1 ms, write 8.0 ms".
        public var description: String {
            func ms(_ value: Double) -> String { String(format: "%.1f ms", value * 1000) }
            return "load \(ms(load)), resolve \(ms(resolve)), render \(ms(render)), write \(ms(write))"
        }
    }

    public static let generator = "paywall"

    /// A rebuild that renders only `pages` (by name) and carries the others over from `previous` (`serve`, after an
    /// edit to those pages' content files). Needs a sink that can keep files.
    public struct Reuse: Sendable {
        public var pages: Set<String>
        public var previous: Manifest
        public init(pages: Set<String>, previous: Manifest) {
            self.pages = pages
            self.previous = previous
        }
    }

    /// What rendering threads learn (option contexts, language names), kept from one build to the next by a caller
    /// that knows the catalog, the theme and the settings did not change in between (`serve` after a page edit).
    public final class RenderCaches: Sendable {
        private let caches = Mutex<[PageRenderer.Cache]>([])
        public init() {}
        func take() -> PageRenderer.Cache { caches.withLock { $0.popLast() } ?? PageRenderer.Cache() }
        func give(_ cache: PageRenderer.Cache) { caches.withLock { $0.append(cache) } }
    }

    public static func build(_ inputs: SiteInputs, jobs: Int = 1, into sink: (any OutputSink)? = nil, reusing reuse: Reuse? = nil,
                             caches: RenderCaches? = nil) -> Result {
        var diagnostics = Diagnostics()
        let loadStart = DispatchTime.now()
        let site = LoadedSite.load(inputs, diagnostics: &diagnostics)
        guard let catalog = site.catalog, let theme = site.theme else {
            return Result(files: [], diagnostics: diagnostics, manifest: nil)
        }
        AssetCheck(assets: inputs.assets, folder: inputs.folder).check(config: site.config, catalog: catalog, pages: site.allPages, diagnostics: &diagnostics)
        var timings = Timings()
        timings.load = seconds(since: loadStart)

        // The stylesheet is named by its content, so pages can be cached forever.
        let style = StyleRules(pages: site.allPages, accentColor: site.config.accentColor, accentForeground: site.config.accentForeground,
                               maxOptions: catalog.maxOptionsPerPage)
        let css = CSSMinifier.minify(theme.stylesheet) + style.css
        let stylesheet = "assets/paywall.\(ContentHash.hex(css).prefix(10)).css"
        let renderer = PageRenderer(theme: theme, config: site.config, stylesheet: stylesheet, style: style,
                                    vocabulary: OptionContext.Vocabulary(library: theme.library, pages: site.allPages))
        let pages = PagesWriter(site: site, catalog: catalog, theme: theme, stylesheet: stylesheet, renderer: renderer)
        let output = Output(sink: sink)

        // First the stylesheet, the root index and the assets (one task) and each locale's strings and policy pages
        // (a task each), then every (locale, page); both on `jobs` threads.
        let routes = Mutex<SiteRoutes?>(nil)
        let prepared = Mutex<[(locale: PagesWriter.Locale?, diagnostics: Diagnostics)]>(
            Array(repeating: (nil, Diagnostics()), count: site.locales.count + 1))
        forEach(site.locales.count + 1, jobs: jobs) { [site, inputs] task in
            var found = Diagnostics()
            var locale: PagesWriter.Locale?
            if task == 0 {
                var singles = [(OutputFile(stylesheet, css), "the theme's stylesheet")]
                let root = RootIndex.render(
                    theme: theme, config: site.config, locales: site.locales, defaultLocale: site.defaultLocale, pages: site.pages,
                    stylesheet: stylesheet, diagnostics: &found)
                singles.append((OutputFile("index.html", root), "the locale chooser"))
                let siteRoutes = SiteRoutes(site: site, stylesheet: stylesheet, rootHTML: root)
                routes.withLock { $0 = siteRoutes }
                for file in HostPages.files(site: site, theme: theme, routes: siteRoutes, diagnostics: &found) {
                    singles.append((file, "paywall's \(file.path)"))
                }
                for (path, data) in inputs.assets.sorted(by: { $0.key < $1.key }) {
                    singles.append((OutputFile("assets/" + path, data), inputs.path("assets/" + path)))
                }
                for (file, source) in singles { output.emit(file, hash: nil, from: source, diagnostics: &found) }
            } else {
                locale = pages.prepare(locale: site.locales[task - 1], output: output, diagnostics: &found)
            }
            prepared.withLock { $0[task] = (locale, found) }
        }
        let preparedTasks = prepared.withLock { $0 }
        for task in preparedTasks { diagnostics.append(contentsOf: task.diagnostics.all) }
        let locales = preparedTasks.compactMap(\.locale)
        // A unit is a page of a locale, by index: a `Page` is hundreds of bytes, and a site may have tens of thousands.
        let localePages = locales.map { site.pages[$0.locale] ?? [] }
        let units = localePages.indices.flatMap { locale in localePages[locale].indices.map { (locale: locale, page: $0) } }
        let results = Results(count: units.count)
        // Kept pages name the stylesheet: when it changed, every page is rendered again.
        let reuse = reuse.flatMap { $0.previous.files.contains(stylesheet) ? $0 : nil }
        let kept = reuse.map { reuse in Dictionary(grouping: reuse.previous.pages.filter { !reuse.pages.contains($0.page) }) { "\($0.locale)/\($0.page)" } }
        let next = Atomic(0)
        let threads = max(1, min(jobs, units.count))
        let runs = Self.runs(localeSizes: localePages.map(\.count), threads: threads)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var cache = caches?.take() ?? PageRenderer.Cache()
            defer { caches?.give(cache) }
            var worker = pages.worker()
            while case let run = next.add(1, ordering: .relaxed).oldValue, run < runs.count {
                for index in runs[run] {
                    let locale = locales[units[index].locale], page = localePages[units[index].locale][units[index].page]
                    // A page is kept only while every file of it is still as it was; else it is made again.
                    if let kept, let entries = kept["\(locale.locale)/\(page.name)"],
                       case var result = PagesWriter.UnitResult(entries: entries),
                       entries.allSatisfy({ output.keep($0.path, hash: $0.hash, diagnostics: &result.diagnostics) }) {
                        output.list(entries.map(\.path), from: page.file)
                        results.set(index, result)
                    } else {
                        results.set(index, pages.write(page, in: locale, output: output, cache: &cache, worker: &worker))
                    }
                }
            }
        }
        var entries: [Manifest.Entry] = []
        for result in results.all {
            diagnostics.append(contentsOf: result.diagnostics.all)
            entries += result.entries
            timings.resolve += result.timings.resolve
            timings.render += result.timings.render
            timings.write += result.timings.write
        }
        guard !diagnostics.hasErrors else { return Result(files: [], diagnostics: diagnostics, manifest: nil, timings: timings) }
        StaticFolder.emit(inputs.statics, inputs: inputs, output: output, entries: entries, stylesheet: stylesheet, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else { return Result(files: [], diagnostics: diagnostics, manifest: nil, timings: timings) }

        let manifest = Manifest(generator: generator, pages: entries.sorted { $0.path < $1.path }, files: output.paths,
                                fileHashes: output.otherHashes)
        output.emit(OutputFile(Manifest.fileName, manifest.encoded()), hash: nil, from: "the build manifest", diagnostics: &diagnostics)
        diagnostics.append(contentsOf: output.collisions)
        guard !diagnostics.hasErrors else { return Result(files: [], diagnostics: diagnostics, manifest: nil, timings: timings) }
        return Result(files: output.collected, diagnostics: diagnostics, manifest: manifest, timings: timings,
                      routes: routes.withLock { $0 })
    }

    /// The runs of consecutive units (a locale's pages are consecutive) that threads take in turn: a whole locale
    /// while more locales remain than threads, so that one thread makes that locale's option contexts and sections; then
    /// short runs, so that no thread waits long for another at the end.
    static func runs(localeSizes: [Int], threads: Int) -> [Range<Int>] {
        let total = localeSizes.reduce(0, +)
        var runs: [Range<Int>] = []
        var start = 0
        for (locale, size) in localeSizes.enumerated() {
            if locale < localeSizes.count - threads {
                if size > 0 { runs.append(start..<start + size) }
            } else {
                let short = max(1, min(total / (threads * 8), size / (threads * 4)))
                runs += stride(from: start, to: start + size, by: short).map { $0..<min($0 + short, start + size) }
            }
            start += size
        }
        return runs
    }

    /// Runs `body` for each of `count` tasks on at most `jobs` threads.
    static func forEach(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> Void) {
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while case let task = next.add(1, ordering: .relaxed).oldValue, task < count { body(task) }
        }
    }

    public static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// The sink, or memory when there is none (sorted by path at the end, as a writer's folder would be), and
    /// what the manifest lists: every path, and the hash of every file that is not a page. Two files on one path, or
    /// on paths a case-insensitive or normalizing disk (a Mac's) takes for one, are collisions: the build fails.
    final class Output: Sendable {
        let sink: (any OutputSink)?
        private let files = Mutex<[OutputFile]>([])
        private let listed = Mutex<Listed>(Listed())

        struct Listed {
            var paths: [String] = []
            var otherHashes: [String: String] = [:]
            /// By folded path (lowercased; String equality is canonical, so NFC and NFD forms are one key): the path
            /// and what wrote it.
            var claims: [String: (path: String, source: String)] = [:]
            var collisions: [Diagnostic] = []

            mutating func claim(_ path: String, _ source: String) {
                paths.append(path)
                let key = path.lowercased()
                guard let first = claims[key] else { claims[key] = (path, source); return }
                let sources = [first.source, source].sorted()
                let same = Array(first.path.utf8) == Array(path.utf8)
                let message = same
                    ? "\(sources[0]) and \(sources[1]) both write the output file '\(path)'"
                    : "\(sources[0]) and \(sources[1]) write '\(min(first.path, path))' and '\(max(first.path, path))', which differ only in case or Unicode normalization: on a case-insensitive disk (a Mac's default) one replaces the other"
                let file = sources.first { !$0.contains(" ") } ?? path
                collisions.append(.error(SourceLocation(file: file), message,
                                         hint: "rename one of them (a page, product, locale or asset) so that every output path is its own"))
            }
        }

        init(sink: (any OutputSink)?) { self.sink = sink }

        /// `hash`: a page's manifest hash; other files are hashed here, so that a rebuild can keep them too.
        /// `source`: what the file is made from, named in a collision.
        func emit(_ file: OutputFile, hash page: String?, from source: String, diagnostics: inout Diagnostics) {
            let isManifest = file.path == Manifest.fileName
            let hash = page ?? (isManifest ? nil : ContentHash.hex(file.bytes))
            listed.withLock { listed in
                if isManifest {
                    if listed.claims[file.path.lowercased()] != nil { listed.claim(file.path, source) }
                    return
                }
                listed.claim(file.path, source)
                if page == nil { listed.otherHashes[file.path] = hash }
            }
            if let sink {
                diagnostics.collect { try sink.write(file, hash: hash) }
            } else {
                files.withLock { $0.append(file) }
            }
        }

        /// A file of the previous build, carried over unchanged (listed by `list` once every file of its page is).
        func keep(_ path: String, hash: String, diagnostics: inout Diagnostics) -> Bool {
            guard let sink else { return true }
            return diagnostics.collect { () throws(Diagnostic) in try sink.keep(path, hash: hash) } ?? true
        }

        func list(_ kept: [String], from source: String) { listed.withLock { for path in kept { $0.claim(path, source) } } }

        var paths: [String] { listed.withLock { $0.paths }.sorted() }
        var otherHashes: [String: String] { listed.withLock { $0.otherHashes } }
        var collected: [OutputFile] { files.withLock { $0 }.sorted { $0.path < $1.path } }
        /// Every collision, in a stable order: two files on one path, and a file where another needs a folder (a page
        /// named `404.html` beside the root's 404 page).
        var collisions: [Diagnostic] {
            listed.withLock { listed in
                var found = listed.collisions
                var folders: [String: String] = [:]
                for (key, claim) in listed.claims {
                    var end = key.endIndex
                    while let slash = key[..<end].lastIndex(of: "/") {
                        if folders.updateValue(claim.path, forKey: String(key[..<slash])) != nil { break }
                        end = slash
                    }
                }
                for (key, claim) in listed.claims {
                    guard let inside = folders[key], let owner = listed.claims[inside.lowercased()] else { continue }
                    let file = [claim.source, owner.source].first { !$0.contains(" ") } ?? claim.path
                    found.append(.error(SourceLocation(file: file),
                                        "\(claim.source) writes the file '\(claim.path)' where \(owner.source) needs a folder of that name for '\(inside)'",
                                        hint: "rename one of them (a page, product, locale or asset) so that every output path is its own"))
                }
                return found
            }.sorted { $0.message < $1.message }
        }
    }

    /// One result per unit of work, filled from any thread, read in order.
    final class Results: Sendable {
        private let slots: Mutex<[PagesWriter.UnitResult?]>
        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
        func set(_ index: Int, _ result: PagesWriter.UnitResult) { slots.withLock { $0[index] = result } }
        var all: [PagesWriter.UnitResult] { slots.withLock { $0.compactMap { $0 } } }
    }
}

/// Resolves and renders the pages of each locale.
struct PagesWriter: Sendable {
    let site: LoadedSite
    let resolver: Resolver
    let theme: Theme
    let renderer: PageRenderer
    let policies: PolicyPages
    /// The locales each page is written in, for hreflang alternates.
    let localesOfPage: [String: [String]]

    /// What every page of one locale shares.
    struct Locale: Sendable {
        var locale: String
        var strings: Strings
        var texts: MustacheValue
        var policyPaths: [String: String]
    }

    /// The pages written for one (locale, page), with what was found on the way.
    struct UnitResult: Sendable {
        var entries: [Manifest.Entry] = []
        var diagnostics = Diagnostics()
        var timings = SiteBuilder.Timings()
    }

    init(site: LoadedSite, catalog: Catalog, theme: Theme, stylesheet: String, renderer: PageRenderer) {
        self.site = site
        self.resolver = Resolver(catalog: catalog, config: site.config, defaultLocale: site.defaultLocale)
        self.theme = theme
        self.renderer = renderer
        var localesOfPage: [String: [String]] = [:]
        for locale in site.locales { for page in site.pages[locale] ?? [] { localesOfPage[page.name, default: []].append(locale) } }
        self.localesOfPage = localesOfPage
        self.policies = PolicyPages(content: site.content, theme: theme, config: site.config, catalog: catalog,
                                    pages: site.allPages, stylesheet: stylesheet, defaultLocale: site.defaultLocale)
    }

    /// The locale's strings, and its policy pages written.
    func prepare(locale: String, output: SiteBuilder.Output, diagnostics: inout Diagnostics) -> Locale {
        let (strings, missing) = theme.strings(for: locale, fallback: site.defaultLocale)
        if missing {
            diagnostics.warning(site.config.location(of: "locales"), "the theme has no UI strings for \(locale); using \(strings.sources.first ?? "en")",
                                hint: "add templates/strings/\(LocaleID.language(locale)).json to the site")
        }
        let texts = MustacheValue.object(MustacheObject(strings.all.mapValues(MustacheValue.string)))
        var files: [(file: OutputFile, source: String)] = []
        let policyPaths = policies.render(locale: locale, strings: strings, texts: texts, into: &files, diagnostics: &diagnostics)
        for (file, source) in files { output.emit(file, hash: nil, from: source, diagnostics: &diagnostics) }
        return Locale(locale: locale, strings: strings, texts: texts, policyPaths: policyPaths)
    }

    /// What one rendering thread uses for one build: the resolver's cache, its own copies of the templates and of
    /// each locale's strings (so that threads never share the reference counts that rendering changes on every tag),
    /// and the option cards its templates made.
    struct Worker {
        var resolved = Resolver.Cache()
        var renderer: PageRenderer
        let memo = RenderMemo()
        private var texts: [String: MustacheValue] = [:]

        init(renderer: PageRenderer) {
            self.renderer = renderer
            self.renderer.theme.library = renderer.theme.library.isolatedCopy()
        }

        /// Each page variant's paths in every locale it is written in, and the key they are known by (`Placement`).
        private var alternates: [String: (paths: [(locale: String, path: String)], key: String)] = [:]

        mutating func alternates(of variant: String, make: () -> (paths: [(locale: String, path: String)], key: String))
            -> (paths: [(locale: String, path: String)], key: String) {
            alternates.kept(variant, make: make)
        }

        mutating func texts(_ locale: Locale) -> MustacheValue {
            texts.kept(locale.locale) { locale.texts.isolatedCopy() }
        }
    }

    func worker() -> Worker { Worker(renderer: renderer) }

    /// Every variant of one page in one locale: resolved, rendered and handed to the output.
    func write(_ page: Page, in locale: Locale, output: SiteBuilder.Output, cache: inout PageRenderer.Cache,
               worker: inout Worker) -> UnitResult {
        var result = UnitResult()
        // The base file's copy on another language's page: said for every page with words of its own, translated
        // elsewhere or not (a report counts them: "3 pages have no translation for 19 locales …").
        if locale.locale != site.defaultLocale, page.locale == nil,
           LocaleID.language(locale.locale) != LocaleID.language(site.defaultLocale) || (site.content.files[page.name]?.count ?? 0) > 1,
           !page.title.isEmpty || page.body.contains(where: { !$0.isWhitespace }) {
            let group = Diagnostic.Group(key: "untranslated page", subject: "page '\(page.name)'", plural: "pages", place: locale.locale,
                                         one: "has no translation for {places}; using its \(site.defaultLocale) file",
                                         many: "have no translation for {places}; using their \(site.defaultLocale) files",
                                         hint: "add content/NAME.LOCALE.md files for those locales")
            result.diagnostics.warning(SourceLocation(file: page.file), "no translation of '\(page.name)' for \(locale.locale); using \(page.file)",
                                       hint: "add content/\(page.name).\(locale.locale).md", group: group)
        }
        for state in resolver.states(of: page, cache: &worker.resolved) {
            var start = DispatchTime.now()
            let model = resolver.resolve(page, locale: locale.locale, state: state, cache: &worker.resolved, diagnostics: &result.diagnostics)
            result.timings.resolve += SiteBuilder.seconds(since: start)
            guard let model else { continue }
            let path = "\(locale.locale)/\(page.name)/\(state.pathComponent)"
            for var placement in placements(model, path: path, strings: locale.strings) {
                start = DispatchTime.now()
                let variant = "\(page.name)/\(state.pathComponent)\(placement.path.dropFirst(path.count))"
                (placement.alternates, placement.alternatesKey) = worker.alternates(of: variant) {
                    let locales = localesOfPage[page.name] ?? []
                    return (locales.map { (locale: $0, path: "\($0)/\(variant)") }, "\(variant) in \(locales.joined(separator: " "))")
                }
                placement.policyPaths = locale.policyPaths
                let html = worker.renderer.render(model, strings: locale.strings, texts: worker.texts(locale), placement: placement,
                                                  cache: &cache, memo: worker.memo, diagnostics: &result.diagnostics)
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
