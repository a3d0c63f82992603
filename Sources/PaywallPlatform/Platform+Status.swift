#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a file, in the terms the writer, the watcher and the preview server ask about.
extension Platform {
    public struct Status: Sendable, Equatable {
        public var kind: FolderEntry.Kind
        public var size: Int
        public var inode: UInt64
        /// When the inode last changed (`st_ctim`: written, linked, unlinked, renamed), in nanoseconds since 1970.
        public var changed: Int64
        /// When the bytes were last written (`st_mtim`), in nanoseconds since 1970.
        public var modified: Int64

        init(_ info: stat) {
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = .file
            case S_IFDIR: kind = .folder
            case S_IFLNK: kind = .link
            default: kind = .other
            }
            size = Int(info.st_size)
            inode = UInt64(info.st_ino)
            changed = Platform.changed(info)
            modified = Platform.modified(info)
        }
    }

    /// `path`'s status (`stat`, or `lstat` when `followingLinks` is false); nil when nothing is there.
    public static func status(of path: String, followingLinks: Bool) -> Status? {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return Status(info)
    }

    /// Runs `body` with a lookup of paths relative to `root` (`fstatat` from the open folder, links not followed):
    /// thousands of folders are asked without walking from `/` each time. Nil when `root` cannot be opened.
    public static func withFolder<T>(_ root: String, _ body: ((String) -> Status?) -> T) -> T? {
        let top = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { return nil }
        defer { _ = close(top) }
        return body { relative in
            var info = stat()
            guard fstatat(top, relative.isEmpty ? "." : relative, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return Status(info)
        }
    }
}
