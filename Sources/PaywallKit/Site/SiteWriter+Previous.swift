import Dispatch
import Foundation

extension SiteWriter {
    /// What the output and its spare held when the build began. Their manifests (the size of the site) are read
    /// on another thread while the site loads; the first file written waits for them.
    final class Previous: @unchecked Sendable {
        /// The manifests' contents, made once before `ready` is left and only read after waiting for it.
        final class Contents: Sendable {
            /// The output's page hashes, so an unchanged page is linked rather than written again.
            let reusable: [String: String]
            /// What the spare held (its manifest, once what the manifest does not list is deleted): page hashes, every
            /// file, and the folders those files are in.
            let spareHashes: [String: String]
            let spareFiles: Set<String>
            let spareFolders: Set<String>
            /// When the output's and the spare's manifests were written (`Stamp.modified`): the ends of the builds that
            /// wrote them; nil when there is none.
            let outputChanged: Int?
            let spareChanged: Int?
            /// The check that the output holds nothing paywall did not write (nil when the caller knew it).
            let ownership: OwnershipWalk?
            /// Why nothing can be written (an unreadable output manifest, a spare that cannot be made).
            let problem: Diagnostic?

            init(reusable: [String: String] = [:], spareHashes: [String: String] = [:],
                 spareFiles: Set<String> = [], spareFolders: Set<String> = [""], outputChanged: Int? = nil, spareChanged: Int? = nil,
                 ownership: OwnershipWalk? = nil, problem: Diagnostic? = nil) {
                self.reusable = reusable
                self.spareHashes = spareHashes
                self.outputChanged = outputChanged
                self.spareChanged = spareChanged
                self.spareFiles = spareFiles
                self.spareFolders = spareFolders
                self.ownership = ownership
                self.problem = problem
            }
        }

        private let ready = DispatchGroup()
        private var read: Contents?

        /// Runs `read` on another thread.
        init(reading: @escaping @Sendable () -> Contents) {
            ready.enter()
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                read = reading()
                ready.leave()
            }
        }

        var contents: Contents {
            ready.wait()
            return read!
        }

        /// `contents`, once they allow writing.
        func writable() throws(Diagnostic) -> Contents {
            let contents = contents
            if let problem = contents.problem { throw problem }
            return contents
        }
    }

    /// Reads the output's manifest (unless `known`), starts the walk that checks the output (even when `known`: a
    /// file may have been added by hand since), and opens the spare: kept while its manifest is there (the manifest
    /// is removed first, so a stopped build leaves none), with everything its manifest does not list deleted; else
    /// deleted and made again empty.
    static func readPrevious(target: String, temporary: String, known: Known?, removesInBackground: Bool,
                             location: SourceLocation) -> Previous.Contents {
        // The spare's manifest is read and the spare tidied on a thread of its own, beside the output's manifest.
        let spareRead = DispatchGroup()
        nonisolated(unsafe) var spareManifest: Manifest? = known?.spare
        nonisolated(unsafe) var spareFolders: Set<String> = [""]
        nonisolated(unsafe) var spareChanged: Int?
        DispatchQueue.global(qos: .userInitiated).async(group: spareRead) {
            var info = stat()
            guard lstat(temporary, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { spareManifest = nil; return }
            spareChanged = Stamp(temporary + "/" + Manifest.fileName)?.modified
            if known == nil {
                spareManifest = (try? FileSystem.readFile(temporary + "/" + Manifest.fileName)).flatMap { Manifest.decode($0) }
            }
            guard let manifest = spareManifest else { return }
            spareFolders = folders(of: manifest.files)
            for entry in foreignEntries(temporary, listed: Set(manifest.files), folders: spareFolders, since: spareChanged) {
                remove(temporary + "/" + entry.path)
            }
        }
        var reusable: [String: String] = [:]
        var ownership: OwnershipWalk?
        let outputChanged = Stamp(target + "/" + Manifest.fileName)?.modified
        if let known {
            reusable = known.output.hashes
            ownership = OwnershipWalk(target, manifest: known.output, since: outputChanged, location: location)
        } else if let data = try? FileSystem.readFile(target + "/" + Manifest.fileName) {
            guard let manifest = Manifest.decode(data) else {
                spareRead.wait()
                return Previous.Contents(problem: .error(location, "the output folder was not written by paywall (its \(Manifest.fileName) cannot be read)",
                                                         hint: "choose another output with -o DIR, or empty the folder yourself"))
            }
            reusable = manifest.hashes
            ownership = OwnershipWalk(target, manifest: manifest, since: outputChanged, location: location)
        }
        spareRead.wait()
        if let spareManifest, unlink(temporary + "/" + Manifest.fileName) == 0 {
            return Previous.Contents(reusable: reusable, spareHashes: spareManifest.hashes, spareFiles: Set(spareManifest.files),
                                     spareFolders: spareFolders, outputChanged: outputChanged, spareChanged: spareChanged, ownership: ownership)
        }
        discard(temporary, of: target, inBackground: removesInBackground)
        guard mkdir(temporary, 0o755) == 0 else {
            return Previous.Contents(reusable: reusable, ownership: ownership,
                                     problem: .error(location, "cannot create \(temporary): \(String(cString: strerror(errno)))", hint: "check the permissions"))
        }
        return Previous.Contents(reusable: reusable, outputChanged: outputChanged, ownership: ownership)
    }
}
