#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit
import PaywallPlatform

/// `paywall init [DIR]`: writes the scaffold; refuses to overwrite any existing file.
enum InitCommand {
    static func run(_ options: Options, reporter: Reporter) -> Int32 {
        // A dangling link counts as a file: nothing is written through it.
        let existing = Scaffold.files.map { joinPath(options.site, $0.path) }.filter(Platform.entryExists)
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
                .error(SourceLocation(file: joinPath(options.site, folder)),
                       "this folder is a symbolic link out of the site; paywall init writes only inside the site",
                       hint: "remove the link, or run paywall init in the folder it points to")
            })
            return 1
        }
        for file in Scaffold.files {
            let path = joinPath(options.site, file.path)
            guard Platform.makeFolders(Platform.parentFolder(of: path)),
                  Platform.createFile(path, Array(file.text.utf8), replacing: false) else {
                reporter.report([.error(SourceLocation(file: path), "cannot write the site: \(Platform.errorText)",
                                        hint: "check the permissions and the disk space")])
                return 1
            }
        }
        let folder = options.site == "." ? "" : " \(options.site)"
        reporter.status("Created a site in \(options.site == "." ? "this folder" : options.site)/. "
                            + "Next: paywall serve\(folder)")
        reporter.status("After payment, send customers to the welcome page (content/welcome.md): "
                            + "set your checkout's success URL to \(Scaffold.baseURL)en-US/welcome/")
        return 0
    }

    /// The first folder on the way to `path` (below the site) that is a symbolic link leading out of the site.
    static func linkOutOfSite(_ path: String, site: String) -> String? {
        let root = Platform.resolvedPath(site)
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? String(component) : folder + "/" + component
            let full = joinPath(site, folder)
            guard Platform.kind(of: full) == .link else { continue }
            let real = Platform.resolvedPath(full)
            if real != root, !real.hasPrefix(root + "/") { return folder }
        }
        return nil
    }
}
