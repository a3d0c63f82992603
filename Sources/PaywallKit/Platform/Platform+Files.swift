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

    private static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }

    private typealias SyncFS = @convention(c) (Int32) -> Int32
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
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
        for inner in folders.sorted(by: { $0.count > $1.count }) { sync(folder + "/" + inner, flags: O_RDONLY | O_DIRECTORY) }
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

    /// Swaps two paths in one step: `renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np(RENAME_SWAP)` on Darwin.
    /// False when the system or the file system cannot (or `PAYWALL_PORTABLE=1`): the caller renames twice.
    public static func exchange(_ a: String, _ b: String) -> Bool {
        #if canImport(Darwin)
        return !portable && renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
        #else
        guard let renameAt2 else { return false }
        return renameAt2(AT_FDCWD, a, AT_FDCWD, b, 1 << 1) == 0   // RENAME_EXCHANGE
        #endif
    }
}
