import Foundation

/// What the writer checks before it trusts a file it did not just write: the spare holds only what its manifest
/// lists, and a file is reused (left in the spare, or linked from the output) only while it holds the bytes the
/// manifest says, since anyone may edit, empty or replace a file of the output or of the spare between builds:
/// the size first, then whether its inode changed since the last build (`st_ctim`), and only then its bytes.
extension SiteWriter {
    /// What `lstat` says of a file, to tell whether it changed since a build placed it: its size, its inode, when
    /// its inode last changed (`st_ctim`: written, linked, unlinked, renamed; no one can set it back, as `touch` sets
    /// mtime) and when its bytes were written (`st_mtim`), in nanoseconds.
    struct Stamp: Sendable, Equatable {
        var size: Int, inode: UInt64, changed: Int, modified: Int

        init(_ info: stat) {
            size = Int(info.st_size)
            inode = UInt64(info.st_ino)
            changed = Int(Platform.changed(info))
            modified = Int(Platform.modified(info))
        }

        /// A regular file's stamp (a link is not followed); nil for anything else.
        init?(_ path: String) {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            self.init(info)
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
    static func foreignEntries(_ root: String, listed: Set<String>, folders: Set<String>, since: Int?) -> [(path: String, isFolder: Bool)] {
        var foreign: [(path: String, isFolder: Bool)] = []
        let top = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { return [] }
        defer { close(top) }
        for folder in folders {
            let full = folder.isEmpty ? root : root + "/" + folder
            var info = stat()
            // Looked up from the top folder, not from `/`: thousands of folders are asked.
            guard fstatat(top, folder.isEmpty ? "." : folder, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            if let since, Stamp(info).modified < since { continue }
            guard let directory = opendir(full) else { continue }
            defer { closedir(directory) }
            let fd = dirfd(directory)
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name == "." || name == ".." || (folder.isEmpty && name == Manifest.fileName) { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR where folders.contains(path): continue
                case S_IFREG where listed.contains(path): continue
                case S_IFDIR: foreign.append((path, true))
                default: foreign.append((path, false))
                }
            }
        }
        return foreign.sorted { $0.path < $1.path }
    }

    /// Whether the spare's file at `path` (of `stamp`) still holds what the spare's manifest says without reading it:
    /// its inode has not changed since the build that last placed it wrote its
    /// manifest (the last file a build writes; its mtime, as links to it change its ctime). A file the current output
    /// shares (one inode, linked by the last build) is judged by the output's manifest, any other by the spare's.
    /// Else the bytes decide.
    func spareIsIntact(_ path: String, _ stamp: Stamp, _ previous: Previous.Contents) -> Bool {
        if let spare = previous.spareChanged, stamp.changed < spare { return true }
        guard let output = previous.outputChanged, stamp.changed < output else { return false }
        return Stamp(target + "/" + path)?.inode == stamp.inode
    }

    /// The same for the output's file at `path`: its inode has not changed since the last build ended.
    func outputIsIntact(_ path: String, size: Int?, _ previous: Previous.Contents) -> Bool {
        guard let output = previous.outputChanged, let stamp = Stamp(target + "/" + path) else { return false }
        return (size == nil || stamp.size == size) && stamp.changed < output
    }

    /// Whether `path` is a regular file (not a link) holding exactly `bytes`: the size first, then every byte.
    static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        let size = min(bytes.count, 1 << 16)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        return bytes.withUnsafeBytes { expected -> Bool in
            var offset = 0
            while offset < expected.count {
                let count = read(fd, buffer, min(size, expected.count - offset))
                if count < 0, errno == EINTR { continue }
                guard count > 0, memcmp(buffer, expected.baseAddress! + offset, count) == 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// The content hash (as the manifest records it) of a regular file that is not a link; nil when there is none.
    static func contentHash(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= FileSystem.maximumFileBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return ContentHash.hex(bytes)
    }
}
