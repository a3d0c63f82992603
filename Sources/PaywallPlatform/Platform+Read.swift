#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading files: the one read loop, and the open-and-check every reader shares (a regular file only, so that a
/// named pipe never blocks a build, and a size known before a byte is read).
extension Platform {
    /// Reads into `buffer` until it is full or the file ends, retrying interrupted reads: the bytes read, nil on an
    /// error (`errno` says which).
    public static func read(_ fd: Int32, filling buffer: UnsafeMutableRawBufferPointer) -> Int? {
        var filled = 0
        while filled < buffer.count {
            let count = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? filled : nil }
            filled += count
        }
        return filled
    }

    /// Opens `path` for reading (`O_NONBLOCK`, and `O_NOFOLLOW` when `followingLinks` is false) and runs `body` with
    /// the descriptor and what `fstat` says; nil when it cannot be opened, with `errno` set.
    static func withOpenFile<T>(_ path: String, followingLinks: Bool = true,
                                _ body: (Int32, stat) throws(FileSystem.ReadError) -> T)
        throws(FileSystem.ReadError) -> T? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(errorText) }
        return try body(fd, info)
    }

    /// The bytes of a regular file that is not a link, up to `limit`; nil for anything else.
    public static func regularFileBytes(_ path: String, limit: Int) -> [UInt8]? {
        try? withOpenFile(path, followingLinks: false) { fd, info throws(FileSystem.ReadError) -> [UInt8]? in
            guard info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit else { return nil }
            var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
            let filled = bytes.withUnsafeMutableBytes { read(fd, filling: $0) }
            return filled == bytes.count ? bytes : nil
        } ?? nil
    }

    /// Whether `path` is a regular file (not a link) holding exactly `bytes`: the size first, then every byte, a
    /// chunk at a time.
    public static func fileHolds(_ path: String, _ bytes: [UInt8]) -> Bool {
        (try? withOpenFile(path, followingLinks: false) { fd, info throws(FileSystem.ReadError) -> Bool in
            guard info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
            guard !bytes.isEmpty else { return true }
            let size = min(bytes.count, 1 << 16)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
            defer { buffer.deallocate() }
            return bytes.withUnsafeBytes { expected -> Bool in
                var offset = 0
                while offset < expected.count {
                    let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(size, expected.count - offset)])
                    guard read(fd, filling: chunk) == chunk.count,
                          memcmp(chunk.baseAddress!, expected.baseAddress! + offset, chunk.count) == 0 else {
                        return false
                    }
                    offset += chunk.count
                }
                return true
            }
        } ?? false) ?? false
    }

    /// `strerror(errno)`: why the last call failed, in words.
    public static var errorText: String { String(cString: strerror(errno)) }
}
