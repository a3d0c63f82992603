import Foundation

/// Writes a build atomically: into a temporary folder beside the output, then swapped in.
/// It only ever replaces a folder that paywall wrote (its manifest lists every file in it), or an empty one.
public enum SiteWriter {
    static let staging = ".paywall-new-"
    static let previous = ".paywall-old-"

    public static func write(_ files: [OutputFile], to output: String) throws(Diagnostic) {
        let manager = FileManager.default
        let location = SourceLocation(file: output)
        if let unsafe = files.first(where: { $0.path.hasPrefix("/") || $0.path.split(separator: "/").contains { $0 == ".." || $0 == "." } }) {
            throw .error(location, "refusing to write '\(unsafe.path)' outside the output folder")
        }
        // An output that is a symlink is written where it points.
        let target = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        try recover(target, manager: manager)

        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: target.path, isDirectory: &isDirectory)
        if exists { try checkOwnership(target, isDirectory: isDirectory.boolValue, location: location) }
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw .error(location, "cannot create \(parent.path): \(error.localizedDescription)")
        }
        let pid = ProcessInfo.processInfo.processIdentifier
        let new = parent.appendingPathComponent(".\(name)\(staging)\(pid)")
        let old = parent.appendingPathComponent(".\(name)\(previous)\(pid)")
        try? manager.removeItem(at: new)
        do {
            for file in files {
                let url = new.appendingPathComponent(file.path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: url)
            }
        } catch {
            try? manager.removeItem(at: new)
            throw .error(location, "cannot write the output: \(error.localizedDescription)", hint: "check the disk space and permissions")
        }
        do {
            if !exists {
                try manager.moveItem(at: new, to: target)
            } else if (try? manager.moveItem(at: target, to: old)) != nil {
                do { try manager.moveItem(at: new, to: target) } catch {
                    try? manager.moveItem(at: old, to: target)
                    throw error
                }
                try? manager.removeItem(at: old)
            } else {
                // A folder that cannot be renamed (a mount point): replace what is inside it instead.
                for entry in try manager.contentsOfDirectory(atPath: target.path) {
                    try manager.removeItem(at: target.appendingPathComponent(entry))
                }
                for entry in try manager.contentsOfDirectory(atPath: new.path) {
                    try manager.moveItem(at: new.appendingPathComponent(entry), to: target.appendingPathComponent(entry))
                }
                try? manager.removeItem(at: new)
            }
        } catch {
            try? manager.removeItem(at: new)
            throw .error(location, "cannot replace the output folder: \(error.localizedDescription)")
        }
    }

    /// The output may hold only what its manifest lists (and the manifest itself); anything else is someone's.
    static func checkOwnership(_ target: URL, isDirectory: Bool, location: SourceLocation) throws(Diagnostic) {
        guard isDirectory else {
            throw .error(location, "the output path is a file, not a folder", hint: "choose another output with -o DIR")
        }
        guard let walker = FileManager.default.enumerator(at: target, includingPropertiesForKeys: [.isDirectoryKey]),
              (try? FileManager.default.contentsOfDirectory(atPath: target.path)) != nil else {
            throw .error(location, "cannot read the output folder", hint: "check its permissions")
        }
        var present: [String] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory != true {
            present.append(String(url.standardizedFileURL.path.dropFirst(target.path.count + 1)))
        }
        guard !present.isEmpty else { return }
        let manifestURL = target.appendingPathComponent(Manifest.fileName)
        guard let manifest = (try? Data(contentsOf: manifestURL)).flatMap(Manifest.decode) else {
            throw .error(location, "the output folder is not empty and was not written by paywall (it has no \(Manifest.fileName))",
                         hint: "choose another output with -o DIR, or empty the folder yourself")
        }
        let known = Set(manifest.files + [Manifest.fileName])
        let foreign = present.filter { !known.contains($0) && !$0.hasSuffix(".DS_Store") }.sorted()
        guard foreign.isEmpty else {
            let list = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
            throw .error(location, "the output folder has files paywall did not write: \(list)",
                         hint: "a build replaces the whole folder; put files to publish in the site's assets/ folder, and move or delete these")
        }
    }

    /// Finishes what an interrupted build left: a missing output is restored from its previous copy;
    /// staging and previous copies of earlier builds are removed (their names say paywall made them).
    static func recover(_ target: URL, manager: FileManager) throws(Diagnostic) {
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        guard let entries = try? manager.contentsOfDirectory(atPath: parent.path) else { return }
        let leftovers = entries.filter { $0.hasPrefix(".\(name)\(staging)") || $0.hasPrefix(".\(name)\(previous)") }.sorted()
        if !manager.fileExists(atPath: target.path), let saved = leftovers.last(where: { $0.hasPrefix(".\(name)\(previous)") }) {
            try? manager.moveItem(at: parent.appendingPathComponent(saved), to: target)
        }
        for leftover in leftovers where manager.fileExists(atPath: parent.appendingPathComponent(leftover).path) {
            try? manager.removeItem(at: parent.appendingPathComponent(leftover))
        }
    }
}
