import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import PaywallPlatform
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

/// Inputs → output files, as DESIGN.md's pipeline: **load** (files → model, and the checks only the whole site can
/// make), **resolve** (what each page offers; a site past the output limits stops here), **render** (templates and
/// Markdown → files, each page resolved and rendered on its own) and **write** (the static files and the manifest,
/// then the swap). `--timings` reports the same four. Every problem is collected; the build fails once, after the
/// step that found an error.
///
/// Pages render on `jobs` threads and stream into `sink` as they are made, so memory does not grow with the
/// site; the bytes, the manifest and the diagnostics are the same whatever the job count.
public struct SiteBuilder {
    /// The steps of a build, in order; the names `--timings` prints.
    public enum Step: String, Sendable, CaseIterable { case load, resolve, render, write }

    /// What a build produced: the files (when no sink took them; empty when it failed) and every diagnostic.
    public struct Result: Sendable {
        public var files: [OutputFile]
        public var diagnostics: Diagnostics
        public var manifest: Manifest?
        public var timings = Timings()
        /// What the host files and `serve` route by (nil when the build failed).
        public var routes: SiteRoutes?
        /// The pages rendered (by name) when the others were kept from the build before; nil when every page was
        /// rendered.
        public var renderedPages: [String]?
        /// `paywall.yml` as the build read it (nil when it could not be read).
        public var config: SiteConfig?
        /// The step whose errors ended the build; nil when it succeeded.
        public var failedStep: Step?
        public var pageCount: Int { manifest?.pages.count ?? 0 }
    }

    /// Seconds spent in each step; resolve, render and write are summed over the jobs.
    public struct Timings: Sendable {
        public var load = 0.0, resolve = 0.0, render = 0.0, write = 0.0
        public init() {}

        /// "load 12.3 ms, resolve 4.5 ms, render 20.1 ms, write 8.0 ms".
        public var description: String {
            Step.allCases.map { "\($0.rawValue) \(TextFormat.fixed(self[$0] * 1000, places: 1)) ms" }
                .joined(separator: ", ")
        }

        public subscript(step: Step) -> Double {
            get {
                switch step {
                case .load: load
                case .resolve: resolve
                case .render: render
                case .write: write
                }
            }
            set {
                switch step {
                case .load: load = newValue
                case .resolve: resolve = newValue
                case .render: render = newValue
                case .write: write = newValue
                }
            }
        }
    }

    public static let generator = "paywall"

    /// Where `run` puts a build.
    public enum Destination: Sendable {
        /// Nothing written: `check` and `hosting` render everything, in constant memory.
        case discard
        /// An output folder, replaced in one step when the build succeeds (`site`: the folder it must not be in).
        case folder(String, site: String)
    }

    /// `paywall build` and `check`: takes the output's lock (calling `waiting` when another build holds it), reads
    /// the site, builds it into the output's spare folder and swaps that in; on any error the output is untouched.
    public static func run(site: String, into destination: Destination, jobs: Int, baseURL: String? = nil,
                           waiting: () -> Void = {}) -> Result {
        var writer: SiteWriter?
        if case .folder(let output, let site) = destination {
            do {
                writer = try SiteWriter(output: output, site: site, removesInBackground: true, waiting: waiting)
            } catch {
                var diagnostics = Diagnostics()
                diagnostics.append(error)
                return Result(files: [], diagnostics: diagnostics, failedStep: .write)
            }
        }
        var inputs = SiteInputs.load(site)
        inputs.baseURL = baseURL
        var result = build(inputs, jobs: jobs, into: writer ?? DiscardingSink())
        guard let writer else { return result }
        guard result.failedStep == nil else {
            writer.discard()
            return result
        }
        let start = DispatchTime.now()
        do { try writer.commit() } catch {
            result.diagnostics.append(error)
            result.failedStep = .write
        }
        result.timings.write += seconds(since: start)
        return result
    }

    /// `cache`: the memos a caller that builds again (`serve`) keeps from build to build (``BuildCache``); none for
    /// a build made once.
    ///
    /// Render writes the site's own files (the stylesheet, the locale chooser, the host files) while each locale's
    /// strings are prepared and its pages resolved and rendered (keeping, with a sink, those the cache's last
    /// successful build rendered from the same inputs while the sink still holds their files); write adds the static
    /// files and the manifest.
    public static func build(_ inputs: SiteInputs, jobs: Int = 1, into sink: (any OutputSink)? = nil,
                             cache given: BuildCache? = nil) -> Result {
        // PAYWALL_MEMO=off: no memo at all. A build made once keeps its finer memos for itself.
        let cache = Platform.memosOff ? nil : given ?? BuildCache()
        let keeps = cache != nil && given != nil
        var diagnostics = Diagnostics()
        var timings = Timings()
        /// Runs one step, timed under its name (`timed: false`: the step sums its pages' times itself).
        func step<T>(_ name: Step, timed: Bool = true, _ body: (inout Diagnostics) -> T) -> T {
            let start = DispatchTime.now()
            defer { if timed { timings[name] += seconds(since: start) } }
            return body(&diagnostics)
        }
        let stopped = { (step: Step, config: SiteConfig?) in
            cache?.endBuild(succeeded: false)
            return Result(files: [], diagnostics: diagnostics, manifest: nil, timings: timings,
                          config: config, failedStep: step)
        }

        let site = step(.load) { diagnostics in
            let site = LoadedSite.load(inputs, memos: keeps ? cache!.loadMemos : LoadMemos(), diagnostics: &diagnostics)
            if let catalog = site.catalog {
                AssetCheck(assets: inputs.assets, folder: inputs.folder)
                    .check(config: site.config, catalog: catalog, pages: site.allPages, diagnostics: &diagnostics)
            }
            return site
        }
        guard let catalog = site.catalog, let theme = site.theme else { return stopped(.load, site.config) }

        // The output's size is known before a page renders: past a limit, nothing is rendered or written.
        let sizes = step(.resolve) { diagnostics in
            var sizes = Diagnostics()
            OutputLimits.check(site, catalog: catalog, diagnostics: &sizes)
            WithdrawalCheck.check(site, catalog: catalog, diagnostics: &sizes)
            diagnostics.append(contentsOf: sizes.all)
            return sizes
        }
        guard !sizes.hasErrors else { return stopped(.resolve, site.config) }

        let plan = Plan(inputs: inputs, site: site, catalog: catalog, theme: theme, cache: cache, keepsUnits: keeps,
                        sink: sink)
        // Timed by the pages: each page's resolve, render and write, summed over the jobs.
        let (pages, routes) = step(.render, timed: false) { diagnostics in
            let siteFiles = plan.writeSiteFiles(alongside: jobs)
            let locales = plan.prepareLocales(jobs: jobs, diagnostics: &diagnostics)
            let pages = plan.renderPages(locales, jobs: jobs, diagnostics: &diagnostics)
            let (routes, found) = siteFiles.value
            diagnostics.append(contentsOf: found.all)
            return (pages, routes)
        }
        for name in [Step.resolve, .render, .write] { timings[name] += pages.timings[name] }
        guard !diagnostics.hasErrors else { return stopped(.render, site.config) }

        guard let manifest = step(.write, { plan.finish(pages, diagnostics: &$0) }) else {
            return stopped(.write, site.config)
        }
        cache?.endBuild(succeeded: true)
        releaseInBackground((site, plan, pages.entries))
        return Result(files: plan.output.collected, diagnostics: diagnostics, manifest: manifest, timings: timings,
                      routes: routes, renderedPages: pages.rendered, config: site.config)
    }

    /// The runs of consecutive units (a locale's pages are consecutive) that threads take in turn: a whole locale
    /// while more locales remain than threads, so that one thread makes that locale's option contexts and sections;
    /// then short runs, so that no thread waits long for another at the end.
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

    /// One result per unit of work, filled from any thread, taken in order.
    final class Results: Sendable {
        private let slots: Mutex<[PageUnits.UnitResult?]>
        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
        func set(_ index: Int, _ result: PageUnits.UnitResult) { slots.withLock { $0[index] = result } }
        /// Every slot by unit, moved out (not copied: a site may have tens of thousands).
        func take() -> [PageUnits.UnitResult?] { slots.withLock { slots in defer { slots = [] }; return slots } }
    }
}
