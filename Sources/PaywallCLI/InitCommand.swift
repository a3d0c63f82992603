import Foundation
import PaywallKit

/// `paywall init [DIR]`: writes the scaffold; refuses to overwrite any existing file.
enum InitCommand {
    static func run(_ options: Options, reporter: Reporter) -> Int32 {
        let manager = FileManager.default
        let existing = Scaffold.files.map { joinPath(options.site, $0.path) }.filter { manager.fileExists(atPath: $0) }
        guard existing.isEmpty else {
            reporter.report(existing.map {
                .error(SourceLocation(file: $0), "the file already exists; paywall init never overwrites a file",
                       hint: "run it in an empty folder: paywall init NEW_FOLDER")
            })
            return 1
        }
        do {
            for file in Scaffold.files {
                let url = URL(fileURLWithPath: joinPath(options.site, file.path))
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            reporter.report([.error(SourceLocation(file: options.site), "cannot write the site: \(error.localizedDescription)")])
            return 1
        }
        let folder = options.site == "." ? "" : " \(options.site)"
        reporter.status("Created a site in \(options.site == "." ? "this folder" : options.site)/. Next: paywall serve\(folder)")
        reporter.status("After payment, send customers to the welcome page (content/welcome.md): set your checkout's success URL to \(Scaffold.baseURL)en-US/welcome/")
        return 0
    }
}
