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
            /// What the spare held: page hashes, every file, and the folders those files are in.
            let spareHashes: [String: String]
            let spareFiles: Set<String>
            let spareFolders: Set<String>
            /// The check that the output holds nothing paywall did not write (nil when the caller knew it).
            let ownership: OwnershipWalk?
            /// Why nothing can be written (an unreadable output manifest, a spare that cannot be made).
            let problem: Diagnostic?

            init(reusable: [String: String] = [:], spareHashes: [String: String] = [:], spareFiles: Set<String> = [],
                 spareFolders: Set<String> = [""], ownership: OwnershipWalk? = nil, problem: Diagnostic? = nil) {
                self.reusable = reusable
                self.spareHashes = spareHashes
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

    /// Reads the output's manifest (unless `known`), starts the walk that checks the output, and opens the spare:
    /// kept while its manifest is there (the manifest is removed first, so a stopped build leaves none), else
    /// deleted and made again empty.
    static func readPrevious(target: String, temporary: String, known: Known?, removesInBackground: Bool,
                             location: SourceLocation) -> Previous.Contents {
        // The spare's manifest is read on a thread of its own, beside the output's.
        let spareRead = DispatchGroup()
        nonisolated(unsafe) var spareManifest: Manifest? = known?.spare
        if known == nil {
            DispatchQueue.global(qos: .userInitiated).async(group: spareRead) {
                spareManifest = (try? FileSystem.readFile(temporary + "/" + Manifest.fileName)).flatMap { Manifest.decode($0) }
            }
        }
        var reusable: [String: String] = [:]
        var ownership: OwnershipWalk?
        if let known {
            reusable = known.output.hashes
        } else if let data = try? FileSystem.readFile(target + "/" + Manifest.fileName) {
            guard let manifest = Manifest.decode(data) else {
                spareRead.wait()
                return Previous.Contents(problem: .error(location, "the output folder was not written by paywall (its \(Manifest.fileName) cannot be read)",
                                                         hint: "choose another output with -o DIR, or empty the folder yourself"))
            }
            reusable = manifest.hashes
            ownership = OwnershipWalk(target, manifest: manifest, location: location)
        }
        spareRead.wait()
        if let spareManifest, unlink(temporary + "/" + Manifest.fileName) == 0 {
            var folders: Set<String> = [""]
            for file in spareManifest.files {
                var folder = file.utf8.lastIndex(of: UInt8(ascii: "/")).map { file[..<$0] } ?? ""
                while !folder.isEmpty, folders.insert(String(folder)).inserted {
                    folder = folder.utf8.lastIndex(of: UInt8(ascii: "/")).map { folder[..<$0] } ?? ""
                }
            }
            return Previous.Contents(reusable: reusable, spareHashes: spareManifest.hashes, spareFiles: Set(spareManifest.files),
                                     spareFolders: folders, ownership: ownership)
        }
        discard(temporary, of: target, inBackground: removesInBackground)
        guard mkdir(temporary, 0o755) == 0 else {
            return Previous.Contents(reusable: reusable, ownership: ownership,
                                     problem: .error(location, "cannot create \(temporary): \(String(cString: strerror(errno)))", hint: "check the permissions"))
        }
        return Previous.Contents(reusable: reusable, ownership: ownership)
    }
}
