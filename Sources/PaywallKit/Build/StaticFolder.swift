#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A site's `static/` folder, copied to the output root unchanged (Hugo's convention): `robots.txt`,
/// `favicon.ico`, `.well-known/apple-app-site-association`, a host's own files. It never replaces a file paywall
/// writes, nor stands where paywall writes a folder (or the other way round): each such file is an error naming both.
public enum StaticFolder {
    /// Emits every static file after the rest of the build (so that every path paywall writes is known), or an
    /// error for each that would collide with one of them.
    static func emit(_ files: [String: Data], inputs: SiteInputs, output: SiteBuilder.Output, entries: [Manifest.Entry],
                     stylesheet: String, diagnostics: inout Diagnostics) {
        guard !files.isEmpty else { return }
        let written = Set(output.paths + [Manifest.fileName])
        var folders = Set<String>()
        for path in written {
            var folder = TextFormat.deletingLastPathComponent(path)
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = TextFormat.deletingLastPathComponent(folder)
            }
        }
        let pages = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        /// What paywall writes at `path`, in words.
        func owner(_ path: String) -> String {
            if let page = pages[path] { return "the \(page.locale) page of content/\(page.page).md (\(path))" }
            if path == stylesheet { return "the stylesheet paywall makes (\(path))" }
            if path == Manifest.fileName { return "the build manifest (\(path))" }
            if path.hasPrefix("assets/"), inputs.assets[String(path.dropFirst(7))] != nil {
                return "the asset \(inputs.path(path))"
            }
            if Hosting.rootFiles.contains(path) {
                return "the \(path) file that `hosting:` in paywall.yml writes"
            }
            return "the file paywall writes at \(path)"
        }
        let hint = "rename or remove the file in static/; static/ is for files paywall does not make"
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let location = SourceLocation(file: inputs.path("static/" + path))
            // Compared where both land in the output (below baseURL's path for some hosts), named as written.
            if written.contains(output.placed(path)) {
                diagnostics.error(location, "static/\(path) would replace \(owner(path))", hint: hint)
            } else if folders.contains(output.placed(path)) {
                diagnostics.error(location, "static/\(path) is a file where paywall writes the folder \(path)/",
                                  hint: hint)
            } else if let file = parents(of: path).first(where: { written.contains(output.placed($0)) }) {
                diagnostics.error(location,
                                  "static/\(path) needs a folder \(file)/ where paywall writes \(owner(file))",
                                  hint: hint)
            } else if AppSiteAssociation.paths.contains(path),
                      case let problems = AppSiteAssociation.problems(data, file: inputs.path("static/" + path)),
                      !problems.isEmpty {
                diagnostics.append(contentsOf: problems)
            } else {
                output.emit(OutputFile(path, data), hash: nil, from: inputs.path("static/" + path),
                            diagnostics: &diagnostics)
            }
        }
    }

    /// `a/b/c` → [`a`, `a/b`].
    static func parents(of path: String) -> [String] {
        let parts = path.split(separator: "/")
        return parts.indices.dropLast().map { parts[...$0].joined(separator: "/") }
    }
}
