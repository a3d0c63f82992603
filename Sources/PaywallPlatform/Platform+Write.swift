#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing files and folders: the calls the output writer and `paywall init` make. Each returns whether it worked;
/// `errorText` says why not.
extension Platform {
    /// Writes `bytes` into a new file at `path` (`O_EXCL`: never through a link). When something is there already,
    /// `replacing` unlinks it first and tries once more; else the call fails.
    public static func createFile(_ path: String, _ bytes: [UInt8], replacing: Bool = true) -> Bool {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
        var fd = open(path, flags, 0o644)
        if fd < 0, errno == EEXIST, replacing {
            unlink(path)
            fd = open(path, flags, 0o644)
        }
        guard fd >= 0 else { return false }
        defer { _ = close(fd) }
        return bytes.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// A hard link at `new` to the file at `existing`.
    public static func hardLink(_ existing: String, _ new: String) -> Bool { systemLink(existing, new) == 0 }

    /// Removes the file (or link) at `path`.
    @discardableResult
    public static func removeFile(_ path: String) -> Bool { unlink(path) == 0 }

    /// Removes the folder at `path` when it is empty.
    public static func removeEmptyFolder(_ path: String) -> Bool { rmdir(path) == 0 }

    /// Makes the one folder `path` (its parent must exist).
    public static func makeFolder(_ path: String) -> Bool { mkdir(path, 0o755) == 0 }

    /// Renames `source` onto `destination`.
    @discardableResult
    public static func move(_ source: String, to destination: String) -> Bool { systemRename(source, destination) == 0 }

    /// This process's ID, for names of temporary folders that no other process uses.
    public static var processID: Int32 { getpid() }
}

private func systemLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
private func systemRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
