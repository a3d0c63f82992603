import Foundation
import PaywallKit
import PaywallServer

/// `paywall serve`: build, serve the output on 127.0.0.1 (or --host), rebuild on change and live-reload
/// open pages, until Ctrl-C.
enum Serve {
    static func run(_ options: Options, reporter: Reporter) -> Int32 {
        let output = options.output ?? joinPath(options.site, "public")
        // A folder that build would refuse is not served either, not even its assets under an error page.
        do throws(Diagnostic) { try SiteWriter.checkOutput(output, site: options.site) } catch {
            reporter.report([error])
            return 1
        }
        var configuration = PreviewSession.Configuration(site: options.site, output: output, host: options.host, port: options.port)
        configuration.jobs = options.jobs
        let session = PreviewSession(configuration) { report in print(report, output: output, reporter: reporter) }
        do { try session.start() } catch {
            reporter.console.err("error: \(error.message)")
            return 1
        }
        reporter.status("Serving \(options.site) at \(session.url) (Ctrl-C to stop)")
        fflush(nil)
        Termination.wait()
        reporter.status("Stopping")
        session.stop()
        return 0
    }

    /// The first build as `paywall build` prints it; rebuilds as `Rebuilt pro (20 pages re-rendered) in 12 ms`;
    /// failures as diagnostics.
    static func print(_ report: PreviewSession.BuildReport, output: String, reporter: Reporter) {
        defer { fflush(nil) }  // a long-running command's lines should show when piped too
        reporter.report(report.diagnostics)
        let seconds = String(format: "%.2f", report.seconds)
        guard report.succeeded else {
            let count = report.diagnostics.filter { $0.severity == .error }.count
            reporter.console.err("build failed: \(count) error\(count == 1 ? "" : "s"); the browser shows the errors until the next good build")
            return
        }
        if report.isFirst {
            let pages = "\(report.pageCount) page\(report.pageCount == 1 ? "" : "s")"
            let locales = "\(report.localeCount) locale\(report.localeCount == 1 ? "" : "s")"
            reporter.status("Built \(pages) in \(locales) into \(output)/ in \(seconds) s")
        } else if let pages = report.renderedPages {
            reporter.status("Rebuilt \(pages.joined(separator: ", ")) in \(String(format: "%.0f", report.seconds * 1000)) ms (\(report.timings.description)); the other pages are kept")
        } else {
            reporter.status("Rebuilt \(report.pageCount) page\(report.pageCount == 1 ? "" : "s") in \(String(format: "%.0f", report.seconds * 1000)) ms")
        }
    }
}
