import Foundation
import PaywallKit
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
        public var pollInterval: Duration = .milliseconds(250)
        public var debounce: Duration = .milliseconds(100)
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
    }

    public let configuration: Configuration
    public let hub: LiveReload
    public let server: PreviewServer
    private let onBuild: @Sendable (BuildReport) -> Void
    private let failure = Locked<[Diagnostic]?>(nil)
    private let catalogPath = Locked<String?>(nil)
    private let watcher = Locked<Watcher?>(nil)
    private let buildCount = Locked(0)
    private let outputLock = ReadWriteLock()

    public init(_ configuration: Configuration, onBuild: @escaping @Sendable (BuildReport) -> Void = { _ in }) {
        self.configuration = configuration
        self.onBuild = onBuild
        let hub = LiveReload(pingInterval: configuration.pingInterval)
        self.hub = hub
        let failure = self.failure
        let responder = SiteResponder(files: StaticFiles(root: configuration.output), hub: hub, lock: outputLock,
                                      failure: { failure.value })
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
        // The baseline is taken before the first build, so that an edit made during it is seen.
        let watcher = Watcher(interval: configuration.pollInterval, debounce: configuration.debounce,
                              scan: { Watcher.scan(site: site, catalog: catalogPath.value, output: output) },
                              onChange: { [weak self] changed in self?.rebuild(changed: changed) })
        rebuild(changed: [])
        let port = try server.start(port: configuration.port)
        self.watcher.set(watcher)
        watcher.start()
        return port
    }

    /// Loads, builds and writes the site (the output folder is swapped while no request reads it), records
    /// the failure for the error page, tells open pages to reload, and reports.
    @discardableResult
    public func rebuild(changed: [String] = []) -> BuildReport {
        let start = DispatchTime.now()
        let inputs = SiteInputs.load(configuration.site)
        catalogPath.set(inputs.catalog?.path)
        let result = SiteBuilder.build(inputs)
        var diagnostics = result.diagnostics
        if !diagnostics.hasErrors {
            let output = configuration.output
            let writeError: Diagnostic? = outputLock.write {
                do throws(Diagnostic) { try SiteWriter.write(result.files, to: output, site: self.configuration.site) } catch { return error }
                return nil
            }
            if let writeError { diagnostics.append(writeError) }
        }
        let sorted = diagnostics.sorted
        failure.set(diagnostics.hasErrors ? sorted : nil)
        let isFirst = buildCount.update { $0 += 1 } == 1
        if !isFirst { hub.reload() }
        let report = BuildReport(diagnostics: sorted, seconds: Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9,
                                 pageCount: diagnostics.hasErrors ? 0 : result.pageCount,
                                 localeCount: Set(result.manifest?.pages.map(\.locale) ?? []).count,
                                 isFirst: isFirst, changed: changed)
        onBuild(report)
        return report
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
    func update(_ change: (inout Value) -> Void) -> Value { state.withLock { change(&$0); return $0 } }
    /// Returns the value, leaving nil.
    func take<Wrapped>() -> Value where Value == Wrapped? { state.withLock { value in defer { value = nil }; return value } }
}
