import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallPlatform

extension SiteWriter {
    /// What the output and its spare held when the build began, worked out on another thread while the site loads
    /// (`readExisting`); the first file written waits for it.
    struct Existing: Sendable {
        /// The output's manifest (nil for an empty or missing output), and its page hashes, so that an unchanged page
        /// is linked rather than written again.
        var outputManifest: Manifest?
        var outputHashes: [String: String] = [:]
        /// What the spare holds (its manifest, once what the manifest does not list is deleted): page hashes, every
        /// file, and the folders those files are in.
        var spareHashes: [String: String] = [:]
        var spareFiles: Set<String> = []
        var spareFolders: Set<String> = [""]
        /// When the output's and the spare's manifests were written (`Stamp.modified`): the ends of the builds that
        /// wrote them; nil when there is none.
        var outputWritten: Int?
        var spareWritten: Int?
        /// The check that the output holds nothing paywall did not write: the files it found, as an error.
        var ownership: Background<Diagnostic?>?
        /// Why nothing can be written (an unreadable output manifest, a spare that cannot be made).
        var problem: Diagnostic?

        /// Itself, once it allows writing.
        func writable() throws(Diagnostic) -> Existing {
            if let problem { throw problem }
            return self
        }
    }

    /// Reads the output's manifest (unless `known`), starts the check of the output (even when `known`: a file may
    /// have been added by hand since), and opens the spare: kept while its manifest is there (the manifest is removed
    /// first, so a stopped build leaves none), with everything its manifest does not list deleted; else deleted and
    /// made again empty.
    static func readExisting(target: String, spare: String, known: Known?, removesInBackground: Bool,
                     location: SourceLocation) -> Existing {
        // The spare's manifest is read and the spare tidied on a thread of its own, beside the output's manifest.
        let spareState = Background { () -> (manifest: Manifest?, folders: Set<String>, written: Int?) in
            guard Platform.kind(of: spare) == .folder else { return (nil, [""], nil) }
            let written = Stamp(spare + "/" + Manifest.fileName)?.modified
            guard let manifest = known.map({ $0.spare })
                    ?? (try? FileSystem.readFile(spare + "/" + Manifest.fileName)).flatMap(Manifest.decode)
            else { return (nil, [""], written) }
            let folders = folders(of: manifest.files)
            for entry in foreignEntries(spare, listed: Set(manifest.files), folders: folders, since: written) {
                Platform.remove(spare + "/" + entry.path)
            }
            return (manifest, folders, written)
        }
        var existing = Existing(outputWritten: Stamp(target + "/" + Manifest.fileName)?.modified)
        if let known {
            existing.outputManifest = known.output
        } else if let data = try? FileSystem.readFile(target + "/" + Manifest.fileName) {
            guard let manifest = Manifest.decode(data) else {
                _ = spareState.value
                return Existing(
                    problem: .error(location, "the output folder was not written by paywall (its \(Manifest.fileName) "
                                    + "cannot be read)",
                                    hint: "choose another output with -o DIR, or empty the folder yourself"))
            }
            existing.outputManifest = manifest
        }
        if let manifest = existing.outputManifest {
            existing.outputHashes = manifest.hashes
            existing.ownership = ownershipCheck(target, manifest: manifest, since: existing.outputWritten,
                                                location: location)
        }
        let found = spareState.value
        if let manifest = found.manifest, Platform.removeFile(spare + "/" + Manifest.fileName) {
            existing.spareHashes = manifest.hashes
            existing.spareFiles = Set(manifest.files)
            existing.spareFolders = found.folders
            existing.spareWritten = found.written
            return existing
        }
        discard(spare, of: target, inBackground: removesInBackground)
        guard Platform.makeFolder(spare) else {
            existing.problem = .error(location, "cannot create \(spare): \(Platform.errorText)",
                                      hint: "check the permissions")
            return existing
        }
        return existing
    }
}
