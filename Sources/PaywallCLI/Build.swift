#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import PaywallKit
import PaywallPlatform

/// `paywall build` and `paywall check`: load, build, report, and (for build) stream pages into the output's
/// temporary folder and swap it in.
enum Build {
    static func run(_ options: Options, write: Bool, reporter: Reporter) -> Int32 {
        let start = DispatchTime.now()
        guard siteExists(options.site, reporter: reporter) else { return 1 }
        let output = options.output ?? joinPath(options.site, "public")
        var result = SiteBuilder.run(site: options.site, into: write ? .folder(output, site: options.site) : .discard,
                                     jobs: options.jobs, baseURL: options.baseURL) {
            reporter.status("Waiting for another build of \(output) to finish…")
        }
        // `check` is what CI runs before publishing: the scaffold's placeholder links must not ship, nor a carried ID
        // the checkout drops (said once the site has no errors, which come first).
        if !write, !result.diagnostics.hasErrors {
            let config = result.config
            let warnings = (config?.placeholderLinkWarnings ?? []) + (config?.carryWarnings ?? [])
            result.diagnostics.append(contentsOf: warnings)
        }
        reporter.report(result.diagnostics.sorted)
        guard !result.diagnostics.hasErrors else {
            let count = result.diagnostics.errors.count
            let untouched = write ? "; the previous output is untouched" : ""
            if reporter.format == .text {
                reporter.err("\(write ? "build" : "check") failed: \(EnglishPlural.count(count, "error"))\(untouched)")
            }
            return 1
        }
        if write, options.verbose {
            for path in result.manifest?.files ?? [] { reporter.status("  wrote \(joinPath(output, path))") }
        }
        let seconds = SiteBuilder.seconds(since: start)
        if options.timings {
            let total = TextFormat.fixed(seconds * 1000, places: 1)
            reporter.err("timings: \(result.timings.description), total \(total) ms "
                             + "(\(EnglishPlural.count(options.jobs, "job")); "
                             + "resolve, render and write summed over jobs)" + Self.memory)
        }
        let locales = Set(result.manifest?.pages.map(\.locale) ?? []).count
        let summary = "\(EnglishPlural.count(result.pageCount, "page")) in \(EnglishPlural.count(locales, "locale"))"
        if write {
            reporter.status("Built \(summary) into \(output)/ in \(TextFormat.fixed(seconds, places: 2)) s")
        } else {
            reporter.status("Checked \(summary) in \(TextFormat.fixed(seconds, places: 2)) s: no errors")
        }
        return 0
    }

    /// "; memory 41.2 MiB allocated, 60.3 MiB resident" (the allocator's figures at the end of the build), or nothing
    /// where the allocator gives none.
    static var memory: String {
        guard let (allocated, resident) = Allocator.figures else { return "" }
        let mib = { (bytes: Int) in TextFormat.fixed(Double(bytes) / 1_048_576, places: 1) }
        return "; memory \(mib(allocated)) MiB allocated, \(mib(resident)) MiB resident"
    }

    /// A site folder that does not exist is one error, not one per file it lacks.
    static func siteExists(_ site: String, reporter: Reporter) -> Bool {
        guard !FileSystem.disk.isDirectory(site) else { return true }
        let what = FileSystem.disk.exists(site) ? "is not a folder" : "does not exist"
        reporter.report([.error(SourceLocation(file: site), "the site folder \(what)",
                                hint: "pass the folder that holds paywall.yml, "
                                    + "or create a site with `paywall init \(site)`")])
        return false
    }
}
