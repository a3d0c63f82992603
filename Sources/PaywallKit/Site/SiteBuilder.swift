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
        /// The memos this build used, to pass to the next one (the builder decides whether they still hold).
        public var cache: BuildCache?
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

    /// `cache`: the build cache of an earlier build (`serve`), kept when it is still valid for these inputs; the
    /// result's `cache` is the one to pass to the next build.
    public static func build(_ inputs: SiteInputs, jobs: Int = 1, into sink: (any OutputSink)? = nil, reusing reuse: Reuse? = nil,
                             cache previous: BuildCache? = nil) -> Result {
        var diagnostics = Diagnostics()
        let loadStart = DispatchTime.now()
        let site = LoadedSite.load(inputs, diagnostics: &diagnostics)
        guard let catalog = site.catalog, let theme = site.theme else {
            return Result(files: [], diagnostics: diagnostics, manifest: nil, cache: previous)
        }
        AssetCheck(assets: inputs.assets, folder: inputs.folder).check(config: site.config, catalog: catalog, pages: site.allPages, diagnostics: &diagnostics)
        var timings = Timings()
        timings.load = seconds(since: loadStart)

        // The stylesheet is named by its content, so pages can be cached forever.
        let style = StyleRules(pages: site.allPages, accentColor: site.config.accentColor, accentForeground: site.config.accentForeground,
                               maxOptions: catalog.maxOptionsPerPage)
        let css = CSSMinifier.minify(theme.stylesheet) + style.css
        let stylesheet = "assets/paywall.\(ContentHash.hex(css).prefix(10)).css"
        let vocabulary = OptionContext.Vocabulary(library: theme.library, pages: site.allPages)
        let cache = BuildCache.valid(previous, for: BuildCache.Fingerprint(inputs: inputs, vocabulary: vocabulary))
        let renderer = PageRenderer(theme: theme, config: site.config, stylesheet: stylesheet, style: style, vocabulary: vocabulary)
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
            var thread = cache.take(library: theme.library)
            defer { cache.give(thread) }
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
                        results.set(index, pages.write(page, in: locale, output: output, thread: &thread))
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
        guard !diagnostics.hasErrors else { return Result(files: [], diagnostics: diagnostics, manifest: nil, timings: timings, cache: cache) }
        StaticFolder.emit(inputs.statics, inputs: inputs, output: output, entries: entries, stylesheet: stylesheet, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else { return Result(files: [], diagnostics: diagnostics, manifest: nil, timings: timings, cache: cache) }

        let manifest = Manifest(generator: generator, pages: entries.sorted { $0.path < $1.path }, files: output.paths,
                                fileHashes: output.otherHashes)
        output.emit(OutputFile(Manifest.fileName, manifest.encoded()), hash: nil, from: "the build manifest", diagnostics: &diagnostics)
        diagnostics.append(contentsOf: output.collisions)
        guard !diagnostics.hasErrors else { return Result(files: [], diagnostics: diagnostics, manifest: nil, timings: timings, cache: cache) }
        return Result(files: output.collected, diagnostics: diagnostics, manifest: manifest, timings: timings,
                      routes: routes.withLock { $0 }, cache: cache)
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

    /// One result per unit of work, filled from any thread, read in order.
    final class Results: Sendable {
        private let slots: Mutex<[PagesWriter.UnitResult?]>
        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
        func set(_ index: Int, _ result: PagesWriter.UnitResult) { slots.withLock { $0[index] = result } }
        var all: [PagesWriter.UnitResult] { slots.withLock { $0.compactMap { $0 } } }
    }
}
