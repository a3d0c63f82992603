#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallPlatform

/// Staging: files put into the spare as they are rendered, each written, left as the spare holds it, or hard-linked
/// from the output, by its hash. A file is reused only while it holds the bytes its manifest says, since anyone may
/// edit, empty or replace a file of the output or of the spare between builds: the size first, then whether its inode
/// changed since the last build (`st_ctim`), and only then its bytes.
extension SiteWriter {
    /// Puts one file into the spare; safe to call from several threads at once. `hash` (the file's manifest hash)
    /// lets an unchanged file be kept or linked instead of written, once the file kept is seen to hold its bytes.
    public func write(_ file: OutputFile, hash: String? = nil) throws(Diagnostic) {
        let path = file.path
        guard Self.staysInside(path) else {
            throw .error(SourceLocation(file: output), "refusing to write '\(path)' outside the output folder")
        }
        let existing = try existing.value.writable()
        written.withLock { _ = $0.insert(path) }
        if let hash, existing.spareHashes[path] == hash, let stamp = Stamp(spare + "/" + path),
           stamp.size == file.bytes.count,
           spareIsIntact(path, stamp, existing) || Self.holds(spare + "/" + path, file.bytes) { return }
        let destination = try clear(path, existing)
        if let hash, existing.outputHashes[path] == hash,
           outputIsIntact(path, size: file.bytes.count, existing) || Self.holds(target + "/" + path, file.bytes),
           Platform.hardLink(target + "/" + path, destination) { return }
        guard Platform.createFile(destination, file.bytes) else { throw writeError(path) }
    }

    /// Relative, with no empty, `.` or `..` part: a path that names a file inside the output folder. Read as bytes,
    /// since every file written is checked.
    static func staysInside(_ path: String) -> Bool {
        var length = 0, dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                guard length > 0, !(dots == length && dots <= 2) else { return false }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && !(dots == length && dots <= 2)
    }

    /// Keeps a file of the current output as it is: left in the spare when that holds the same bytes, else linked
    /// from the output. False, with nothing done, when neither holds it as the manifest says (so it must be made
    /// again).
    public func keep(_ path: String, hash: String) throws(Diagnostic) -> Bool {
        let existing = try existing.value.writable()
        if existing.spareHashes[path] == hash, let stamp = Stamp(spare + "/" + path),
           spareIsIntact(path, stamp, existing) || Self.contentHash(spare + "/" + path) == hash {
            written.withLock { _ = $0.insert(path) }
            return true
        }
        guard existing.outputHashes[path] == hash,
              outputIsIntact(path, size: nil, existing) || Self.contentHash(target + "/" + path) == hash else {
            return false
        }
        written.withLock { _ = $0.insert(path) }
        guard Platform.hardLink(target + "/" + path, try clear(path, existing)) else { throw writeError(path) }
        return true
    }

    /// Makes `path`'s folder in the spare and removes what the spare held there (never written into: it may be a
    /// link to the current output's file); returns the full path.
    func clear(_ path: String, _ existing: Existing) throws(Diagnostic) -> String {
        let folder = Platform.parentFolder(of: path)
        if !existing.spareFolders.contains(folder), !createdFolders.withLock({ $0.contains(folder) }) {
            guard Platform.makeFolders(spare + "/" + folder) else { throw writeError(path) }
            createdFolders.withLock { _ = $0.insert(folder) }
        }
        let destination = spare + "/" + path
        if existing.spareFiles.contains(path) { Platform.removeFile(destination) }
        return destination
    }

    func writeError(_ path: String) -> Diagnostic {
        .error(SourceLocation(file: output), "cannot write \(path): \(Platform.errorText)",
               hint: "check the disk space and permissions")
    }

    /// What `lstat` says of a file, to tell whether it changed since a build placed it: its size, its inode, when
    /// its inode last changed (`st_ctim`: written, linked, unlinked, renamed; no one can set it back, as `touch` sets
    /// mtime) and when its bytes were written (`st_mtim`), in nanoseconds.
    struct Stamp: Sendable, Equatable {
        var size: Int, inode: UInt64, changed: Int, modified: Int

        init(_ info: Platform.Status) {
            size = info.size
            inode = info.inode
            changed = Int(info.changed)
            modified = Int(info.modified)
        }

        /// A regular file's stamp (a link is not followed); nil for anything else.
        init?(_ path: String) {
            guard let info = Platform.status(of: path, followingLinks: false), info.kind == .file else { return nil }
            self.init(info)
        }
    }

    /// Whether the spare's file at `path` (of `stamp`) still holds what the spare's manifest says without reading it:
    /// its inode has not changed since the build that last placed it wrote its
    /// manifest (the last file a build writes; its mtime, as links to it change its ctime). A file the current output
    /// shares (one inode, linked by the last build) is judged by the output's manifest, any other by the spare's.
    /// Else the bytes decide.
    func spareIsIntact(_ path: String, _ stamp: Stamp, _ existing: Existing) -> Bool {
        if let spare = existing.spareWritten, stamp.changed < spare { return true }
        guard let output = existing.outputWritten, stamp.changed < output else { return false }
        return Stamp(target + "/" + path)?.inode == stamp.inode
    }

    /// The same for the output's file at `path`: its inode has not changed since the last build ended.
    func outputIsIntact(_ path: String, size: Int?, _ existing: Existing) -> Bool {
        guard let output = existing.outputWritten, let stamp = Stamp(target + "/" + path) else { return false }
        return (size == nil || stamp.size == size) && stamp.changed < output
    }

    /// Whether `path` is a regular file (not a link) holding exactly `bytes`: the size first, then every byte.
    static func holds(_ path: String, _ bytes: [UInt8]) -> Bool { Platform.fileHolds(path, bytes) }

    /// The content hash (as the manifest records it) of a regular file that is not a link; nil when there is none.
    static func contentHash(_ path: String) -> String? {
        Platform.regularFileBytes(path, limit: FileSystem.maximumFileBytes).map(ContentHash.hex)
    }
}
