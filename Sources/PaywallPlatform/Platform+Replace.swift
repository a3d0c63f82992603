#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replacing one file in a single step, never writing through a symbolic link.
extension Platform {
    /// Whether anything (a file, a folder, a symbolic link, even a dangling one) is at `path`.
    public static func entryExists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Writes `bytes` into a new file beside `path`, then renames it onto `path`: a reader sees the old file or the
    /// new one, and a symbolic link at `path` is itself replaced, so its target is never written. Nil on success,
    /// else why it failed (the temporary file removed).
    public static func replaceFile(_ path: String, with bytes: [UInt8]) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array(joinPath(parentFolder(of: path), ".\(name).paywall-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Self.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let error = errno
        let complete = written == bytes.count && fchmod(fd, 0o644) == 0 && fsync(fd) == 0
        _ = Self.close(fd)
        guard complete else {
            unlink(temporary)
            return String(cString: strerror(written == bytes.count ? errno : error))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return reason
        }
        return nil
    }
}
