import Foundation
import PaywallKit

/// `paywall init [DIR]`: writes the scaffold; refuses to overwrite any existing file.
enum InitCommand {
    static func run(_ options: Options, reporter: Reporter) -> Int32 {
        let manager = FileManager.default
        // A dangling link counts as a file: nothing is written through it.
        let existing = Scaffold.files.map { joinPath(options.site, $0.path) }.filter { (try? manager.destinationOfSymbolicLink(atPath: $0)) != nil || manager.fileExists(atPath: $0) }
        guard existing.isEmpty else {
            reporter.report(existing.map {
                .error(SourceLocation(file: $0), "the file already exists; paywall init never overwrites a file",
                       hint: "run it in an empty folder: paywall init NEW_FOLDER")
            })
            return 1
        }
        let outside = Scaffold.files.compactMap { linkOutOfSite($0.path, site: options.site) }
        guard outside.isEmpty else {
            reporter.report(Array(Set(outside)).sorted().map { folder in
                .error(SourceLocation(file: joinPath(options.site, folder)), "this folder is a symbolic link out of the site; paywall init writes only inside the site",
                       hint: "remove the link, or run paywall init in the folder it points to")
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

    /// The first folder on the way to `path` (below the site) that is a symbolic link leading out of the site.
    static func linkOutOfSite(_ path: String, site: String) -> String? {
        let root = Platform.resolvedPath(site)
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? String(component) : folder + "/" + component
            let full = joinPath(site, folder)
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil else { continue }
            let real = Platform.resolvedPath(full)
            if real != root, !real.hasPrefix(root + "/") { return folder }
        }
        return nil
    }
}
