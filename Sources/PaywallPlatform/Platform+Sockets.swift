#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sockets: made and accepted close-on-exec, written without SIGPIPE, with timeouts.
extension Platform {
    /// `SOCK_STREAM` as the `Int32` that `socket` and `addrinfo` take (an enum case in glibc, a macro on Darwin).
    #if canImport(Darwin)
    public static let streamSocket = SOCK_STREAM
    #else
    public static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #endif

    /// A stream socket of `family`, closed on exec: with `SOCK_CLOEXEC` in one call on Linux; else `socket` then
    /// `fcntl(FD_CLOEXEC)`. On Darwin it never raises SIGPIPE (`SO_NOSIGPIPE`). -1 and `errno` on failure.
    public static func socket(family: Int32) -> Int32 {
        #if canImport(Glibc)
        if !portable {
            let fd = systemSocket(family, streamSocket | Int32(SOCK_CLOEXEC.rawValue), 0)
            if fd >= 0 || errno != EINVAL { return fd }   // EINVAL: a kernel without SOCK_CLOEXEC
        }
        #endif
        return prepared(systemSocket(family, streamSocket, 0))
    }

    private typealias Accept4 = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?,
                                                UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
    private static let accept4 = glibcFunction("accept4", as: Accept4.self)

    /// The next connection on `listener`, closed on exec: `accept4(SOCK_CLOEXEC)` on Linux; else `accept` then
    /// `fcntl(FD_CLOEXEC)`. -1 and `errno` on failure.
    public static func accept(_ listener: Int32) -> Int32 {
        #if canImport(Glibc)
        if let accept4 {
            let fd = accept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue))
            if fd >= 0 || errno != ENOSYS { return fd }
        }
        #endif
        return prepared(systemAccept(listener))
    }

    /// Close-on-exec, and on Darwin no SIGPIPE, for a socket made without flags.
    private static func prepared(_ fd: Int32) -> Int32 {
        guard fd >= 0 else { return fd }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// `send(2)` that never raises SIGPIPE when the peer is gone (it fails with EPIPE): `MSG_NOSIGNAL` on Linux;
    /// `SO_NOSIGPIPE`, set when the socket was made, on Darwin; else SIGPIPE ignored in this process.
    public static func send(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        if !portable { return systemSend(fd, bytes, count, Int32(MSG_NOSIGNAL)) }
        _ = ignoresBrokenPipes
        #endif
        return systemSend(fd, bytes, count, 0)
    }

    /// SIGPIPE ignored, once.
    private static let ignoresBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// A `timeval` for `SO_RCVTIMEO` / `SO_SNDTIMEO` (its microseconds are an `Int` in glibc, an `Int32` on Darwin).
    public static func timeInterval(_ duration: Duration) -> timeval {
        let (seconds, attoseconds) = duration.components
        return timeval(tv_sec: .init(seconds), tv_usec: .init(attoseconds / 1_000_000_000_000))
    }
}

// Outside the enum, so that the names are the C library's, not Platform's own.
private func systemSocket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 { socket(family, type, proto) }
private func systemAccept(_ listener: Int32) -> Int32 { accept(listener, nil, nil) }
private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}
