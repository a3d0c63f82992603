import Foundation
import Synchronization

/// Where an output may be, who owns it, and what an interrupted build left beside it.
extension SiteWriter {
    /// Refuses outputs that would destroy or swallow something: the root, a folder holding the site, a folder inside its inputs.
    static func checkPlace(_ target: String, site: String?, location: SourceLocation) throws(Diagnostic) {
        guard target != "/", !target.isEmpty else {
            throw .error(location, "refusing to replace the root folder", hint: "choose an output folder of its own with -o DIR")
        }
        guard let site else { return }
        let siteRoot = URL(fileURLWithPath: site).standardizedFileURL.resolvingSymlinksInPath().path
        if siteRoot == target || siteRoot.hasPrefix(target + "/") {
            throw .error(location, "the output folder holds the site itself", hint: "choose an output inside or beside the site, such as SITE/public")
        }
        for input in ["content", "assets", "templates", "static"] where target.hasPrefix(siteRoot + "/" + input + "/") || target == siteRoot + "/" + input {
            throw .error(location, "the output folder is inside the site's \(input)/ folder, so each build would read the last",
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
            throw .error(location, "the output folder was not written by paywall (its \(Manifest.fileName) cannot be read)",
                         hint: "choose another output with -o DIR, or empty the folder yourself")
        }
        try OwnershipWalk(target, manifest: manifest, since: nil, location: location).wait()
    }

    /// The output may hold only what its manifest lists (and the manifest itself); anything else is someone's.
    /// Checks here what is quick: that the output is a folder, and empty when it has no manifest. An output with a
    /// manifest is checked against it by `readPrevious`, on another thread.
    static func checkOwnership(_ target: String, location: SourceLocation) throws(Diagnostic) {
        var info = stat()
        guard lstat(target, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .error(location, "the output path is a file, not a folder", hint: "choose another output with -o DIR")
        }
        guard access(target + "/" + Manifest.fileName, F_OK) != 0 else { return }
        guard let present = files(below: target) else {
            throw .error(location, "cannot read the output folder", hint: "check its permissions")
        }
        guard present.isEmpty else {
            throw .error(location, "the output folder is not empty and was not written by paywall (it has no \(Manifest.fileName))",
                         hint: "choose another output with -o DIR, or empty the folder yourself")
        }
    }

    /// Lists an output that has a manifest on a thread of its own, and finds the files the manifest does not list.
    final class OwnershipWalk: Sendable {
        private let done = DispatchGroup()
        private let problem = Mutex<Diagnostic?>(nil)

        /// `since`: when the output's manifest was written; only folders changed after it are read (nil: all of them).
        init(_ target: String, manifest: Manifest, since: Int?, location: SourceLocation) {
            done.enter()
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                problem.withLock { $0 = Self.check(target, manifest: manifest, since: since, location: location) }
                done.leave()
            }
        }

        /// Waits for the walk; throws when the output holds files paywall did not write.
        func wait() throws(Diagnostic) {
            done.wait()
            if let problem = problem.withLock({ $0 }) { throw problem }
        }

        private static func check(_ target: String, manifest: Manifest, since: Int?, location: SourceLocation) -> Diagnostic? {
            guard access(target, R_OK | X_OK) == 0 else {
                return .error(location, "cannot read the output folder", hint: "check its permissions")
            }
            // A folder of someone else's counts by the files in it.
            let entries = foreignEntries(target, listed: Set(manifest.files), folders: SiteWriter.folders(of: manifest.files), since: since)
            let foreign = entries.flatMap { entry in
                entry.isFolder ? (files(below: target + "/" + entry.path) ?? []).map { entry.path + "/" + $0 } : [entry.path]
            }.filter { !$0.hasSuffix(".DS_Store") }.sorted()
            guard !foreign.isEmpty else { return nil }
            let list = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
            return .error(location, "the output folder has files paywall did not write: \(list)",
                          hint: "a build replaces the whole folder; put files to publish in the site's static/ folder (copied to the output root) or assets/, and move or delete these")
        }
    }

    /// Finishes what an interrupted build left: a missing output is restored from its previous copy;
    /// staging and previous copies of earlier builds are removed (their names say paywall made them).
    /// Runs under the lock, so no other build's folders are touched.
    static func recover(_ target: String, inBackground: Bool = false) {
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        let leftovers = entries.filter { $0.hasPrefix("." + name + staging) || $0.hasPrefix("." + name + previous) }.sorted()
        var info = stat()
        if lstat(target, &info) != 0, let saved = leftovers.last(where: { $0.hasPrefix("." + name + previous) }) {
            _ = rename(parent + "/" + saved, target)
        }
        for leftover in leftovers where lstat(parent + "/" + leftover, &info) == 0 {
            if inBackground { removeInBackground(parent + "/" + leftover) } else { remove(parent + "/" + leftover) }
        }
        // Previous outputs whose deletion was cut short (the machine stopped) are deleted again.
        for leftover in entries where leftover.hasPrefix("." + name + trash) {
            if inBackground { removeInBackground(parent + "/" + leftover) } else { remove(parent + "/" + leftover) }
        }
    }

    /// Deletes `path` in a process of its own (`rm -rf`, in a session of its own so that it outlives this one);
    /// deletes it here when no process can be started.
    static func removeInBackground(_ path: String) {
        if !Platform.spawnDetached("/bin/rm", ["rm", "-rf", "--", path]) { remove(path) }
    }
}
