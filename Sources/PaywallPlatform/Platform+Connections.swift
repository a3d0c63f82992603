#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP server's calls: listening on a host and port, accepting, receiving, sending every byte, closing so that
/// the last response is not lost. Descriptors are plain `Int32`s, closed with `Platform.close`.
extension Platform {
    /// Why a socket could not listen, in words.
    public struct SocketFailure: Error, Sendable {
        public var message: String
    }

    /// A listening socket on `host` (a name or a numeric address) and `port` (0: one the system chooses), the first
    /// address of the host that binds.
    public static func listen(host: String, port: Int) throws(SocketFailure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocket
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw SocketFailure(message: "cannot resolve the host '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = EADDRNOTAVAIL
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(family: info.pointee.ai_family)
            guard fd >= 0 else { lastError = errno; continue }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, 128) == 0 { return fd }
            lastError = errno
            _ = close(fd)
        }
        throw SocketFailure(message: "cannot listen on \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    /// The port a socket is bound to; 0 when it cannot tell.
    public static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return 0 }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            switch family {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port))
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            default: 0
            }
        }
    }

    /// The next connection, waiting at most `milliseconds` for one; nil when none came (or the process is out of
    /// descriptors, after a short pause so that the loop does not spin).
    public static func nextConnection(_ listener: Int32, milliseconds: Int32) -> Int32? {
        var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        let client = accept(listener)
        guard client >= 0 else {
            if errno == EMFILE || errno == ENFILE { usleep(50_000) }
            return nil
        }
        return client
    }

    /// Receives into `buffer` (at most `limit` bytes), retrying interrupted calls: the bytes received, 0 when the
    /// peer closed, negative on an error or a timeout.
    public static func receive(_ fd: Int32, into buffer: inout [UInt8], limit: Int = .max) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, limit), 0) }
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Sends every byte; false when the peer is gone.
    @discardableResult
    public static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Ends both directions of a connection (a blocked `recv` or `accept` returns).
    public static func shutdown(_ fd: Int32) { _ = systemShutdown(fd, Int32(SHUT_RDWR)) }

    /// Half-closes, then reads what the client still sends (briefly, boundedly) before the socket closes,
    /// so that unread request bytes do not turn the close into a reset that loses the response.
    public static func lingeringClose(_ fd: Int32) {
        _ = systemShutdown(fd, Int32(SHUT_WR))
        setTimeout(fd, receiving: true, .milliseconds(500))
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let end = ContinuousClock.now + .seconds(2)
        var total = 0
        while ContinuousClock.now < end, total < 4 << 20 {
            let count = receive(fd, into: &chunk)
            guard count > 0 else { return }
            total += count
        }
    }

    /// How long a receive (`receiving`) or a send may block.
    public static func setTimeout(_ fd: Int32, receiving: Bool, _ duration: Duration) {
        var value = timeInterval(duration)
        setsockopt(fd, SOL_SOCKET, receiving ? SO_RCVTIMEO : SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends small writes at once (`TCP_NODELAY`).
    public static func setNoDelay(_ fd: Int32) {
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
}

private func systemShutdown(_ fd: Int32, _ how: Int32) -> Int32 { shutdown(fd, how) }
