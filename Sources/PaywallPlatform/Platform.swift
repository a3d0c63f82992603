#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place paywall talks to the operating system where Linux (glibc) and macOS (Darwin) differ: a file per
/// concern (`Platform+Files`, `+Folders`, `+Sockets`, `+Process`, `+Watch`). Elsewhere the code calls only POSIX
/// functions whose Swift signatures are the same on both.
///
/// Each Linux-only fast path (`syncfs`, `renameat2` exchange, `accept4`, `SOCK_CLOEXEC`, `MSG_NOSIGNAL`, inotify) has a
/// POSIX fallback that macOS has too, taken at run time when the fast path is missing or refused. `PAYWALL_PORTABLE=1`
/// takes the fallbacks always, so that Linux tests run the code macOS runs (`make test` does, and compares the bytes).
public enum Platform {
    /// Whether `PAYWALL_PORTABLE=1` asks for the portable paths only (read once, at first use).
    public static let portable: Bool = getenv("PAYWALL_PORTABLE").map { String(cString: $0) == "1" } ?? false
    /// Whether `PAYWALL_MEMO=off` asks for builds with no memo at all (read once, at first use).
    public static let memosOff: Bool = getenv("PAYWALL_MEMO").map { String(cString: $0) == "off" } ?? false

    /// `read(2)`, for callers with a `read` of their own.
    public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        systemRead(fd, buffer, count)
    }

    /// `write(2)`, for callers with a `write` of their own.
    public static func write(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        systemWrite(fd, bytes, count)
    }

    /// `close(2)`, for callers with a `close` of their own.
    @discardableResult
    public static func close(_ fd: Int32) -> Int32 { systemClose(fd) }

    /// `listen(2)`, for callers with a `listen` of their own.
    public static func listen(_ fd: Int32, _ backlog: Int32) -> Int32 { systemListen(fd, backlog) }

    /// A function of the C library that Swift's Glibc module does not declare (glibc declares it only for
    /// `_GNU_SOURCE`), looked up once; nil where the C library has none or the portable paths are asked for.
    static func glibcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if canImport(Glibc)
        guard !portable, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {   // RTLD_DEFAULT
            return nil
        }
        return unsafeBitCast(symbol, to: type)
        #else
        return nil
        #endif
    }
}

// Outside the enum, so that the names are the C library's, not Platform's own.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, bytes, count) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
