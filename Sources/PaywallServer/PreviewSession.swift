#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import PaywallKit
import PaywallPlatform
import Synchronization

/// `paywall serve` without the blocking: builds the site, serves the output folder, watches the inputs,
/// rebuilds on change and tells open pages to reload. A failed build is served as an error page.
public final class PreviewSession: Sendable {
    public struct Configuration: Sendable {
        /// The site folder as the user named it (prefixed to paths in diagnostics).
        public var site: String
        public var output: String
        public var host: String
        /// 0 picks a free port.
        public var port: Int
        /// Threads that render pages.
        public var jobs = Platform.cores
        /// `--base-url`: replaces paywall.yml's baseURL.
        public var baseURL: String?
        public var pollInterval: Duration = .milliseconds(250)
        /// How long the files must stay unchanged before a rebuild: an editor's save in several steps (write a
        /// temporary file, rename it) takes well under this; a change during a rebuild starts another.
        public var debounce: Duration = .milliseconds(10)
        public var pingInterval: Duration = .seconds(15)
        public var idleTimeout: Duration = .seconds(5)

        public init(site: String, output: String, host: String = "127.0.0.1", port: Int = 8080) {
            self.site = site
            self.output = output
            self.host = host
            self.port = port
        }
    }

    /// What one build did, for the command to print.
    public struct BuildReport: Sendable {
        /// Every diagnostic, errors first by place.
        public var diagnostics: [Diagnostic]
        public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
        public var seconds: Double
        public var pageCount: Int
        public var localeCount: Int
        /// Whether this was the build before serving started.
        public var isFirst: Bool
        /// The input paths (relative to the site) whose change started it.
        public var changed: [String]
        /// The pages rendered when the builder kept the others (none: every page was kept); nil for a whole build.
        public var renderedPages: [String]?
        /// Reading inputs and the stages after, in seconds (resolve, render and write summed over threads).
        public var timings = SiteBuilder.Timings()
    }

    public let configuration: Configuration
    public let hub: LiveReload
    public let server: PreviewServer
    private let onBuild: @Sendable (BuildReport) -> Void
    private let failure = Locked<[Diagnostic]?>(nil)
    /// The last good build's routes, for the preview's redirects and 404 pages.
    private let routes = Locked<SiteRoutes?>(nil)
    private let catalogPath = Locked<String?>(nil)
    private let watcher = Locked<Watcher?>(nil)
    private let buildCount = Locked(0)
    private let lastBuild = Locked<LastBuild?>(nil)
    /// Left while the spare of a first build is being made; a rebuild waits for it.
    private let spareReady = DispatchGroup()
    /// The memos the builder keeps from one build to the next.
    private let cache = BuildCache()
    private let outputLock = ReadWriteLock()

    public init(_ configuration: Configuration, onBuild: @escaping @Sendable (BuildReport) -> Void = { _ in }) {
        self.configuration = configuration
        self.onBuild = onBuild
        let hub = LiveReload(pingInterval: configuration.pingInterval)
        self.hub = hub
        let failure = self.failure
        let routes = self.routes
        let responder = SiteResponder(files: StaticFiles(root: configuration.output), hub: hub, lock: outputLock,
                                      allowedHosts: SiteResponder.AllowedHosts(host: configuration.host),
                                      failure: { failure.value }, routes: { routes.value })
        self.server = PreviewServer(host: configuration.host, idleTimeout: configuration.idleTimeout,
                                    handler: { responder.respond(to: $0) })
    }

    /// The diagnostics of the last build when it failed; nil when it succeeded.
    public var lastFailure: [Diagnostic]? { failure.value }

    /// The server's address, once started.
    public var url: String { server.url }

    /// Builds, listens and starts watching; returns the bound port. A failed build still serves (its error page).
    @discardableResult
    public func start() throws(ServerError) -> Int {
        let site = configuration.site
        let catalogPath = self.catalogPath
        let output = configuration.output
        // The baseline is taken before the first build, so that an edit made during it is seen; it holds the
        // catalog paywall.yml names (and the prices beside it), which are not new at the first poll.
        catalogPath.set(SiteInputs.catalogPath(of: site))
        let watcher = Watcher(interval: configuration.pollInterval, debounce: configuration.debounce,
                              folders: Watcher.folders(site: site),
                              scan: { Watcher.scan(site: site, catalog: catalogPath.value, output: output) },
                              onChange: { [weak self] changed in self?.rebuild(changed: changed) })
        rebuild(changed: [])
        let port = try server.start(port: configuration.port)
        self.watcher.set(watcher)
        watcher.start()
        return port
    }

    /// Loads, builds and writes the site (the output folder is swapped while no request reads it), records
    /// the failure for the error page, tells open pages to reload, and reports. The builder renders only the pages
    /// whose inputs changed since the build cache's last build and keeps the output's files of the others.
    @discardableResult
    public func rebuild(changed: [String] = []) -> BuildReport {
        spareReady.wait()
        let start = DispatchTime.now()
        var inputs = SiteInputs.load(configuration.site)
        inputs.baseURL = configuration.baseURL
        catalogPath.set(inputs.catalog?.path)
        let previous = lastBuild.value
        var diagnostics = Diagnostics()
        var result: SiteBuilder.Result?
        var spare: Manifest?
        var timings = SiteBuilder.Timings()
        timings.load = SiteBuilder.seconds(since: start)
        do throws(Diagnostic) {
            var step = DispatchTime.now()
            let known = previous.map { SiteWriter.Known(output: $0.manifest, spare: $0.spare) }
            let writer = try SiteWriter(output: configuration.output, site: configuration.site,
                                        removesInBackground: true, known: known, flushes: false)
            timings.write += SiteBuilder.seconds(since: step)
            let built = SiteBuilder.build(inputs, jobs: configuration.jobs, into: writer, cache: cache)
            timings.load += built.timings.load
            timings.resolve = built.timings.resolve
            timings.render = built.timings.render
            timings.write += built.timings.write
            step = DispatchTime.now()
            diagnostics = built.diagnostics
            if diagnostics.hasErrors {
                writer.discard()
            } else {
                let failed: Diagnostic? = outputLock.write {
                    do throws(Diagnostic) { try writer.commit() } catch { return error }
                    return nil
                }
                if let failed { throw failed }
                timings.write += SiteBuilder.seconds(since: step)
                result = built
                routes.set(built.routes)
                spare = writer.spareAfterCommit.withLock { $0 }
            }
        } catch {
            diagnostics.append(error)
        }
        if let manifest = result?.manifest {
            // After a swap the spare holds what the output held (also an output left by an earlier run); after a
            // first build there is none: one is made in the background, so that the first edit need not make every
            // folder again.
            lastBuild.set(LastBuild(manifest: manifest, spare: spare))
            if spare == nil {
                let output = configuration.output
                let lastBuild = self.lastBuild
                DispatchQueue.global().async(group: spareReady) {
                    if SiteWriter.prepareSpare(output: output, manifest: manifest) {
                        lastBuild.update { $0?.spare = manifest }
                    }
                }
            }
        } else if previous != nil {
            // A failed build discarded the spare it was filling.
            lastBuild.update { $0?.spare = nil }
        }
        // The error page is set before open pages reload; the report's thousands of warnings are sorted after.
        let errors = diagnostics.hasErrors ? diagnostics.sorted : nil
        failure.set(errors)
        let isFirst = buildCount.update { $0 += 1 } == 1
        if !isFirst { hub.reload() }
        let report = BuildReport(diagnostics: errors ?? diagnostics.sorted, seconds: SiteBuilder.seconds(since: start),
                                 pageCount: result?.pageCount ?? 0,
                                 localeCount: Set(result?.manifest?.pages.map(\.locale) ?? []).count,
                                 isFirst: isFirst, changed: changed, renderedPages: result?.renderedPages,
                                 timings: timings)
        onBuild(report)
        return report
    }

    /// What the last successful build wrote: what the writer finds in the output folder and its spare.
    struct LastBuild: Sendable {
        var manifest: Manifest
        /// The spare's manifest, when there is a spare.
        var spare: Manifest?
    }

    /// Stops watching (after a rebuild in progress), ends the event streams and closes the server. Idempotent.
    public func stop() {
        watcher.take()?.stop()
        hub.close()
        server.stop()
    }
}

/// A value behind a mutex, shared by request threads, the watcher and builds.
final class Locked<Value: Sendable>: Sendable {
    private let state: Mutex<Value>
    init(_ value: Value) { state = Mutex(value) }
    var value: Value { state.withLock { $0 } }
    func set(_ value: Value) { state.withLock { $0 = value } }
    /// Changes the value; returns the new one.
    @discardableResult
    func update(_ change: (inout Value) -> Void) -> Value { state.withLock { change(&$0); return $0 } }
    /// Returns the value, leaving nil.
    func take<Wrapped>() -> Value where Value == Wrapped? {
        state.withLock { value in defer { value = nil }; return value }
    }
}
