import Synchronization

extension SiteBuilder {
    /// The sink, or memory when there is none (sorted by path at the end, as a writer's folder would be), and
    /// what the manifest lists: every path, and the hash of every file that is not a page. Two files on one path, or
    /// on paths a case-insensitive or normalizing disk (a Mac's) takes for one, are collisions: the build fails.
    final class Output: Sendable {
        let sink: (any OutputSink)?
        private let files = Mutex<[OutputFile]>([])
        private let listed = Mutex<Listed>(Listed())

        struct Listed {
            var paths: [String] = []
            var otherHashes: [String: String] = [:]
            /// By folded path (lowercased; String equality is canonical, so NFC and NFD forms are one key): the path
            /// and what wrote it.
            var claims: [String: (path: String, source: String)] = [:]
            var collisions: [Diagnostic] = []

            mutating func claim(_ path: String, _ source: String) {
                paths.append(path)
                let key = path.lowercased()
                guard let first = claims[key] else { claims[key] = (path, source); return }
                let sources = [first.source, source].sorted()
                let same = Array(first.path.utf8) == Array(path.utf8)
                let message = same
                    ? "\(sources[0]) and \(sources[1]) both write the output file '\(path)'"
                    : "\(sources[0]) and \(sources[1]) write '\(min(first.path, path))' and "
                        + "'\(max(first.path, path))', which differ only in case or Unicode normalization: "
                        + "on a case-insensitive disk (a Mac's default) one replaces the other"
                let file = sources.first { !$0.containsText(" ") } ?? path
                collisions.append(.error(SourceLocation(file: file), message,
                                         hint: "rename one of them (a page, product, locale or asset) "
                                             + "so that every output path is its own"))
            }
        }

        /// Where the site's files go (``SiteConfig/outputFolder``); the host files and the manifest stay on top.
        let folder: String

        init(sink: (any OutputSink)?, folder: String = "") {
            self.sink = sink
            self.folder = folder
        }

        /// The path a file of the site has in the output folder.
        func placed(_ path: String) -> String {
            folder.isEmpty || path == Manifest.fileName || Hosting.rootFiles.contains(path) ? path : folder + path
        }

        /// `hash`: a page's manifest hash; other files are hashed here, so that a rebuild can keep them too.
        /// `source`: what the file is made from, named in a collision.
        /// Returns the file's hash (none for the manifest).
        @discardableResult
        func emit(_ file: OutputFile, hash page: String?, from source: String,
                  diagnostics: inout Diagnostics) -> String? {
            var file = file
            file.path = placed(file.path)
            let isManifest = file.path == Manifest.fileName
            let hash = page ?? (isManifest ? nil : ContentHash.hex(file.bytes))
            listed.withLock { listed in
                if isManifest {
                    if listed.claims[file.path.lowercased()] != nil { listed.claim(file.path, source) }
                    return
                }
                listed.claim(file.path, source)
                if page == nil { listed.otherHashes[file.path] = hash }
            }
            if let sink {
                diagnostics.collect { try sink.write(file, hash: hash) }
            } else {
                files.withLock { $0.append(file) }
            }
            return hash
        }

        /// A file of the site that is not a page, carried over unchanged from the previous build: false, with nothing
        /// listed, when the sink no longer holds it as it was (or there is no sink), so that it must be made again.
        func keep(_ path: String, hash: String, from source: String, diagnostics: inout Diagnostics) -> Bool {
            guard sink != nil, keep(path, hash: hash, diagnostics: &diagnostics) else { return false }
            listed.withLock { listed in
                listed.claim(placed(path), source)
                listed.otherHashes[placed(path)] = hash
            }
            return true
        }

        /// A file of the previous build, carried over unchanged (listed by `list` once every file of its page is).
        func keep(_ path: String, hash: String, diagnostics: inout Diagnostics) -> Bool {
            guard let sink else { return true }
            return diagnostics.collect { () throws(Diagnostic) in try sink.keep(placed(path), hash: hash) } ?? true
        }

        func list(_ kept: [String], from source: String) {
            listed.withLock { for path in kept { $0.claim(placed(path), source) } }
        }

        var paths: [String] { listed.withLock { $0.paths }.sorted() }
        var otherHashes: [String: String] { listed.withLock { $0.otherHashes } }
        var collected: [OutputFile] { files.withLock { $0 }.sorted { $0.path < $1.path } }
        /// Every collision, in a stable order: two files on one path, and a file where another needs a folder (a page
        /// named `404.html` beside the root's 404 page).
        var collisions: [Diagnostic] {
            listed.withLock { listed in
                var found = listed.collisions
                var folders: [String: String] = [:]
                for (key, claim) in listed.claims {
                    // By bytes: "/" is ASCII, so each cut is a character boundary, and no grapheme is walked.
                    var end = key.utf8.endIndex
                    while let slash = key.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
                        if folders.updateValue(claim.path, forKey: String(key[..<slash])) != nil { break }
                        end = slash
                    }
                }
                for (key, claim) in listed.claims {
                    guard let inside = folders[key], let owner = listed.claims[inside.lowercased()] else { continue }
                    let file = [claim.source, owner.source].first { !$0.containsText(" ") } ?? claim.path
                    found.append(.error(SourceLocation(file: file),
                                        "\(claim.source) writes the file '\(claim.path)' where \(owner.source) "
                                            + "needs a folder of that name for '\(inside)'",
                                        hint: "rename one of them (a page, product, locale or asset) "
                                            + "so that every output path is its own"))
                }
                return found
            }.sorted { $0.message < $1.message }
        }
    }
}
