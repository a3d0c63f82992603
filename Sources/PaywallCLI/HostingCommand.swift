#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit
import PaywallPlatform

/// `paywall hosting nginx [SITE] [-o OUTPUT] [--port N] [--host ADDRESS]`: checks the site as `check` does, then
/// prints the nginx server block that serves its output (the routes come from the same build).
enum HostingCommand {
    /// The hosts paywall writes a configuration for (`<host>`).
    enum Server: String, CaseIterable { case nginx }

    static let defaultPort = 80

    static func run(_ options: Options, reporter: Reporter) -> Int32 {
        let listen = NginxConfig.Listen(host: options.host, port: options.port ?? defaultPort)
        // A port or address nginx cannot take is a bad command line (64), found before the site is built.
        if let problem = listen.problem {
            return PaywallCLI.usageError("\(problem.message); \(problem.hint)", .hosting, reporter.console)
        }
        guard Build.siteExists(options.site, reporter: reporter) else { return 1 }
        let output = options.output ?? joinPath(options.site, "public")
        let result = SiteBuilder.run(site: options.site, into: .discard, jobs: options.jobs,
                                     baseURL: options.baseURL)
        reporter.report(result.diagnostics.sorted)
        guard !result.diagnostics.hasErrors, let routes = result.routes else {
            let count = result.diagnostics.errors.count
            reporter.console.err("hosting failed: \(EnglishPlural.count(count, "error")); fix the site first")
            return 1
        }
        let root = URL(fileURLWithPath: output).standardizedFileURL.path
        switch options.server {
        case .nginx:
            // The folder a build would refuse, or a value nginx would read as syntax, is no block to print.
            do {
                try SiteWriter.checkOutput(output, site: options.site)
                try NginxConfig.check(routes, root: root, listen: listen, output: output)
            } catch {
                reporter.report([error])
                reporter.console.err("hosting failed: 1 error; nothing printed")
                return 1
            }
            reporter.console.out(NginxConfig.server(routes, root: root, listen: listen, serverName: routes.host)
                                     .dropLast().description)
        }
        return 0
    }
}
