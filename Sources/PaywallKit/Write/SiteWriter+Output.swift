#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallPlatform

/// The output-folder check: where an output may be, that it holds only paywall's files, and what an interrupted
/// build left beside it.
extension SiteWriter {
    /// Refuses outputs that would destroy or swallow something: the root, a folder holding the site, a folder inside
    /// its inputs.
    static func checkPlace(_ target: String, site: String?, location: SourceLocation) throws(Diagnostic) {
        guard target != "/", !target.isEmpty else {
            throw .error(location, "refusing to replace the root folder",
                         hint: "choose an output folder of its own with -o DIR")
        }
        guard let site else { return }
        let siteRoot = Platform.resolvedPath(site)
        if siteRoot == target || siteRoot.hasPrefix(target + "/") {
            throw .error(location, "the output folder holds the site itself",
                         hint: "choose an output inside or beside the site, such as SITE/public")
        }
        for input in ["content", "assets", "templates", "static"]
        where target.hasPrefix(siteRoot + "/" + input + "/") || target == siteRoot + "/" + input {
            throw .error(location,
                         "the output folder is inside the site's \(input)/ folder, so each build would read the last",
                         hint: "choose an output outside \(input)/, such as SITE/public")
        }
    }

    /// Refuses an output that a build would refuse (its place, or files paywall did not write), without taking its
    /// lock or writing anything: for `serve`, which must not serve such a folder even while a build fails.
    public static func checkOutput(_ output: String, site: String?) throws(Diagnostic) {
        let location = SourceLocation(file: output)
        let target = target(of: output)
        try checkPlace(target, site: site, location: location)
        try checkOwnership(target, location: location)
        guard let data = try? FileSystem.readFile(target + "/" + Manifest.fileName) else { return }
        guard let manifest = Manifest.decode(data) else {
            throw .error(location,
                         "the output folder was not written by paywall (its \(Manifest.fileName) cannot be read)",
                         hint: "choose another output with -o DIR, or empty the folder yourself")
        }
        if let foreign = ownershipCheck(target, manifest: manifest, since: nil, location: location).value {
            throw foreign
        }
    }

    /// The output may hold only what its manifest lists (and the manifest itself); anything else is someone's.
    /// Checks here what is quick: that the output is a folder, and empty when it has no manifest. An output with a
    /// manifest is checked against it by `ownershipCheck`, on another thread.
    static func checkOwnership(_ target: String, location: SourceLocation) throws(Diagnostic) {
        guard let kind = Platform.kind(of: target) else { return }
        guard kind == .folder else {
            throw .error(location, "the output path is a file, not a folder", hint: "choose another output with -o DIR")
        }
        guard !Platform.reachable(target + "/" + Manifest.fileName) else { return }
        guard let present = Platform.files(below: target) else {
            throw .error(location, "cannot read the output folder", hint: "check its permissions")
        }
        guard present.isEmpty else {
            throw .error(location, "the output folder is not empty and was not written by paywall "
                         + "(it has no \(Manifest.fileName))",
                         hint: "choose another output with -o DIR, or empty the folder yourself")
        }
    }

    /// Lists an output that has a manifest on a thread of its own, and finds the files the manifest does not list:
    /// an error naming them, or nil. `since`: when the manifest was written; only folders changed after it are read
    /// (nil: all of them).
    static func ownershipCheck(_ target: String, manifest: Manifest, since: Int?,
                               location: SourceLocation) -> Background<Diagnostic?> {
        Background {
            guard Platform.canList(target) else {
                return .error(location, "cannot read the output folder", hint: "check its permissions")
            }
            // A folder of someone else's counts by the files in it.
            let entries = foreignEntries(target, listed: Set(manifest.files), folders: folders(of: manifest.files),
                                         since: since)
            let foreign = entries.flatMap { entry in
                entry.isFolder
                    ? (Platform.files(below: target + "/" + entry.path) ?? []).map { entry.path + "/" + $0 }
                    : [entry.path]
            }.filter { !$0.hasSuffix(".DS_Store") }.sorted()
            guard !foreign.isEmpty else { return nil }
            let list = foreign.prefix(3).joined(separator: ", ")
                + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
            return .error(location, "the output folder has files paywall did not write: \(list)",
                          hint: "a build replaces the whole folder; put files to publish in the site's static/ folder "
                              + "(copied to the output root) or assets/, and move or delete these")
        }
    }

    /// The folders that hold `files` (and "", the top), as a manifest lists them.
    static func folders(of files: [String]) -> Set<String> {
        var folders: Set<String> = [""]
        for file in files {
            var folder = file.utf8.lastIndex(of: UInt8(ascii: "/")).map { file[..<$0] } ?? ""
            while !folder.isEmpty, folders.insert(String(folder)).inserted {
                folder = folder.utf8.lastIndex(of: UInt8(ascii: "/")).map { folder[..<$0] } ?? ""
            }
        }
        return folders
    }

    /// What lies below `root` that is neither a `listed` regular file nor one of its `folders`: files, links, pipes
    /// and folders of someone else's. Only folders changed since `since` are read: a folder's mtime changes when an
    /// entry is added, removed or renamed in it, so one unchanged since the build that wrote it (its manifest, the
    /// last file a build writes) holds what that build left; every folder is read when `since` is nil.
    static func foreignEntries(_ root: String, listed: Set<String>, folders: Set<String>,
                               since: Int?) -> [(path: String, isFolder: Bool)] {
        var foreign: [(path: String, isFolder: Bool)] = []
        Platform.withFolder(root) { status in
            for folder in folders {
                // Looked up from the top folder, not from `/`: thousands of folders are asked.
                guard let info = status(folder), info.kind == .folder else { continue }
                if let since, Int(info.modified) < since { continue }
                for entry in Platform.entries(of: folder.isEmpty ? root : root + "/" + folder) ?? [] {
                    if folder.isEmpty && entry.name == Manifest.fileName { continue }
                    let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
                    // `d_type` says what an entry is without a stat; a file system that does not say is asked.
                    let kind = entry.kind == .unknown ? Platform.kind(of: root + "/" + path) : entry.kind
                    switch kind {
                    case .folder where folders.contains(path): continue
                    case .file where listed.contains(path): continue
                    case nil: continue
                    case .folder: foreign.append((path, true))
                    default: foreign.append((path, false))
                    }
                }
            }
        }
        return foreign.sorted { $0.path < $1.path }
    }

    /// Finishes what an interrupted build left: a missing output is restored from the copy the portable swap set
    /// aside; such copies of earlier builds are removed (their names say paywall made them), and so are previous
    /// spares whose deletion was cut short. Runs under the lock, so no other build's folders are touched.
    static func recover(_ target: String, inBackground: Bool = false) {
        let parent = Platform.parentFolder(of: target)
        let prefix = "." + String(target.split(separator: "/").last ?? "")
        guard let entries = Platform.entries(of: parent)?.map(\.name) else { return }
        let setAside = entries.filter { $0.hasPrefix(prefix + aside) }.sorted()
        if Platform.kind(of: target) == nil, let saved = setAside.last {
            Platform.move(parent + "/" + saved, to: target)
        }
        // A spare this process set aside is being deleted already (by `discard`, in a process of its own).
        let ownTrash = prefix + trash + String(Platform.processID) + "-"
        for leftover in setAside + entries.filter({ $0.hasPrefix(prefix + trash) && !$0.hasPrefix(ownTrash) }) {
            let path = parent + "/" + leftover
            guard Platform.kind(of: path) != nil else { continue }
            if inBackground { removeInBackground(path) } else { Platform.remove(path) }
        }
    }

    /// Deletes `path` in a process of its own (`rm -rf`, in a session of its own so that it outlives this one);
    /// deletes it here when no process can be started.
    static func removeInBackground(_ path: String) {
        if !Platform.spawnDetached("/bin/rm", ["rm", "-rf", "--", path]) { Platform.remove(path) }
    }
}
