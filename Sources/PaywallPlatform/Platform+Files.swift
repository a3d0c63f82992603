#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files: modification times, flushing a tree to disk, swapping two folders in one step.
extension Platform {
    /// When a file was last modified, in nanoseconds since 1970 (`st_mtim` on Linux, `st_mtimespec` on Darwin).
    public static func modified(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        nanoseconds(info.st_mtimespec)
        #else
        nanoseconds(info.st_mtim)
        #endif
    }

    /// When a file's inode last changed (written, linked, renamed), in nanoseconds since 1970 (`st_ctim` on Linux,
    /// `st_ctimespec` on Darwin).
    public static func changed(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        nanoseconds(info.st_ctimespec)
        #else
        nanoseconds(info.st_ctim)
        #endif
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    private typealias SyncFS = @convention(c) (Int32) -> Int32
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>,
                                                  UInt32) -> Int32
    private static let syncFS = glibcFunction("syncfs", as: SyncFS.self)
    private static let renameAt2 = glibcFunction("renameat2", as: RenameAt2.self)

    /// Flushes to disk every file below `folder` (`files()`: their paths relative to it) and every folder holding
    /// them: with one `syncfs` of the file system on Linux; else (portable, or refused) with `fsync` of each file
    /// and folder, deepest first, and on Darwin a full flush of the drive (`F_FULLFSYNC`) at the end.
    public static func flush(tree folder: String, files: () -> [String]?) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { _ = close(fd) }
        if let syncFS, syncFS(fd) == 0 { return }
        var folders: Set<String> = []
        for file in files() ?? [] {
            sync(folder + "/" + file, flags: O_RDONLY)
            var parent = Substring(file)
            while let slash = parent.lastIndex(of: "/") {
                parent = parent[..<slash]
                guard folders.insert(String(parent)).inserted else { break }
            }
        }
        for inner in folders.sorted(by: { $0.count > $1.count }) {
            sync(folder + "/" + inner, flags: O_RDONLY | O_DIRECTORY)
        }
        fullSync(fd)
    }

    /// Flushes one folder's entries to disk (after a rename in it).
    public static func flush(folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fullSync(fd)
        _ = close(fd)
    }

    private static func sync(_ path: String, flags: Int32) {
        let fd = open(path, flags | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return }
        fsync(fd)
        _ = close(fd)
    }

    /// `fsync`; on Darwin, where `fsync` leaves the data in the drive's cache, `F_FULLFSYNC` first.
    private static func fullSync(_ fd: Int32) {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return }
        #endif
        fsync(fd)
    }

    /// How `swap` put a new folder in place.
    public enum Swap: Sendable, Equatable {
        /// There was nothing at the target: the new folder was renamed into place.
        case moved
        /// The new folder is at the target and the old one where the new one was.
        case exchanged
        /// The target could not be renamed (a mount point): its entries were replaced by the new folder's.
        case replacedContents
    }

    /// Puts the folder `new` at `target`, leaving what `target` held at `new`. In one step where the system can:
    /// `renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np(RENAME_SWAP)` on Darwin. Else (the portable path, forced by
    /// `PAYWALL_PORTABLE=1`) with two renames through `aside`, the first undone when the second fails; a build
    /// stopped between them leaves the old folder only at `aside`, for the caller to put back. A target that cannot
    /// be renamed at all has its entries replaced. Nil, with `errno` set, when the target was left as it was.
    public static func swap(_ new: String, into target: String, aside: String) -> Swap? {
        var info = stat()
        if lstat(target, &info) != 0 { return rename(new, target) == 0 ? .moved : nil }
        #if canImport(Darwin)
        if !portable, renamex_np(new, target, UInt32(RENAME_SWAP)) == 0 { return .exchanged }
        #else
        if let renameAt2, renameAt2(AT_FDCWD, new, AT_FDCWD, target, 1 << 1) == 0 {   // RENAME_EXCHANGE
            return .exchanged
        }
        #endif
        guard rename(target, aside) == 0 else { return replaceEntries(of: target, with: new) ? .replacedContents : nil }
        guard rename(new, target) == 0 else {
            let error = errno
            _ = rename(aside, target)
            errno = error
            return nil
        }
        return rename(aside, new) == 0 ? .exchanged : .moved
    }

    /// Deletes what `target` holds and moves in what `source` holds, entry by entry.
    private static func replaceEntries(of target: String, with source: String) -> Bool {
        guard let old = entries(of: target), let new = entries(of: source) else { return false }
        for entry in old { remove(target + "/" + entry.name) }
        for entry in new where rename(source + "/" + entry.name, target + "/" + entry.name) != 0 { return false }
        return true
    }
}
