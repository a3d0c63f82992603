#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit
import PaywallPlatform
import PaywallServer
import Synchronization

/// `paywall serve`: build, serve the output on 127.0.0.1 (or --host), rebuild on change and live-reload
/// open pages, until Ctrl-C.
enum Serve {
    static let defaultPort = 8080
    static let defaultHost = "127.0.0.1"

    static func run(_ options: Options, reporter: Reporter) -> Int32 {
        let output = options.output ?? joinPath(options.site, "public")
        // A folder that build would refuse is not served either, not even its assets under an error page.
        do throws(Diagnostic) { try SiteWriter.checkOutput(output, site: options.site) } catch {
            reporter.report([error])
            return 1
        }
        let host = options.host ?? defaultHost
        var configuration = PreviewSession.Configuration(site: options.site, output: output, host: host,
                                                         port: options.port ?? defaultPort)
        configuration.jobs = options.jobs
        configuration.baseURL = options.baseURL
        if let warning = hostWarning(host) { reporter.err(warning) }
        let reported = Reported()
        let session = PreviewSession(configuration) { report in
            print(report, output: output, reporter: reporter, reported: reported)
        }
        do { try session.start() } catch {
            reporter.err("error: \(error.message)")
            return 1
        }
        reporter.status("Serving \(options.site) at \(session.url) (Ctrl-C to stop)")
        Platform.flushOutput()
        Termination.wait()
        reporter.status("Stopping")
        session.stop()
        return 0
    }

    /// A warning for a `--host` that listens on every interface: the preview is then open to the whole network.
    static func hostWarning(_ host: String) -> String? {
        guard ["0.0.0.0", "::", "[::]"].contains(host) else { return nil }
        return "warning: --host \(host) serves the preview to every network this machine is on; anyone there can read "
            + "the site and its build errors (use it on a trusted network only, or --host 127.0.0.1)"
    }

    /// The first build as `paywall build` prints it; rebuilds as `Rebuilt pro (20 pages re-rendered) in 12 ms`;
    /// failures as diagnostics.
    static func print(_ report: PreviewSession.BuildReport, output: String, reporter: Reporter, reported: Reported) {
        defer { Platform.flushOutput() }  // a long-running command's lines should show when piped too
        // A rebuild repeats only the warnings that changed: the rest were printed before and still hold.
        let (new, kept) = reported.replace(with: report.diagnostics)
        reporter.report(new)
        if kept > 0 && !reporter.quiet {
            reporter.err("(\(EnglishPlural.count(kept, "warning")) as before)")
        }
        let seconds = TextFormat.fixed(report.seconds, places: 2)
        guard report.succeeded else {
            let count = report.diagnostics.filter { $0.severity == .error }.count
            reporter.err("build failed: \(EnglishPlural.count(count, "error")); "
                             + "the browser shows the errors until the next good build")
            return
        }
        if report.isFirst {
            let pages = EnglishPlural.count(report.pageCount, "page")
            let locales = EnglishPlural.count(report.localeCount, "locale")
            reporter.status("Built \(pages) in \(locales) into \(output)/ in \(seconds) s")
        } else if let pages = report.renderedPages {
            let rendered = pages.isEmpty ? "" : " " + pages.joined(separator: ", ")
            reporter.status("Rebuilt\(rendered) in \(TextFormat.fixed(report.seconds * 1000, places: 0)) ms "
                                + "(\(report.timings.description)); "
                                + "\(pages.isEmpty ? "every page is" : "the other pages are") kept")
        } else {
            reporter.status("Rebuilt \(EnglishPlural.count(report.pageCount, "page")) in "
                                + "\(TextFormat.fixed(report.seconds * 1000, places: 0)) ms")
        }
    }
}

/// The warnings the last build printed, so that a rebuild prints only what changed.
final class Reported: Sendable {
    private let warnings = Mutex<Set<Diagnostic>>([])

    /// The diagnostics of a new build not printed after the last one (every error), and how many warnings were.
    func replace(with diagnostics: [Diagnostic]) -> (new: [Diagnostic], kept: Int) {
        warnings.withLock { previous in
            let new = diagnostics.filter { $0.severity == .error || !previous.contains($0) }
            previous = Set(diagnostics.filter { $0.severity == .warning })
            return (new, diagnostics.count - new.count)
        }
    }
}

