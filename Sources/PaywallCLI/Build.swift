import Foundation
import PaywallKit

/// `paywall build` and `paywall check`: load, build, report, and (for build) write atomically.
enum Build {
    static func run(_ options: Options, write: Bool, reporter: Reporter) -> Int32 {
        let start = DispatchTime.now()
        let inputs = SiteInputs.load(options.site)
        let result = SiteBuilder.build(inputs)
        reporter.report(result.diagnostics.sorted)
        guard !result.diagnostics.hasErrors else {
            let count = result.diagnostics.errors.count
            let untouched = write ? "; the previous output is untouched" : ""
            if reporter.format == .text {
                reporter.console.err("\(write ? "build" : "check") failed: \(count) error\(count == 1 ? "" : "s")\(untouched)")
            }
            return 1
        }
        let output = options.output ?? joinPath(options.site, "public")
        if write {
            do { try SiteWriter.write(result.files, to: output) } catch {
                reporter.report([error])
                return 1
            }
            if options.verbose {
                for file in result.files { reporter.status("  wrote \(joinPath(output, file.path)) (\(file.data.count) bytes)") }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let locales = Set(result.manifest?.pages.map(\.locale) ?? []).count
        let summary = "\(result.pageCount) page\(result.pageCount == 1 ? "" : "s") in \(locales) locale\(locales == 1 ? "" : "s")"
        if write {
            reporter.status("Built \(summary) into \(output)/ in \(String(format: "%.2f", seconds)) s")
        } else {
            reporter.status("Checked \(summary) in \(String(format: "%.2f", seconds)) s: no errors")
        }
        return 0
    }
}
