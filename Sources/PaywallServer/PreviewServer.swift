import Foundation
import PaywallKit
import Synchronization

/// Why the server could not start.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// An HTTP/1.1 server on POSIX sockets: one thread accepts, one thread per connection serves it
/// (keep-alive with an idle timeout), a handler maps each request to a reply.
public final class PreviewServer: Sendable {
    public let host: String
    /// How long a kept-alive connection may sit idle between requests.
    public let idleTimeout: Duration
    private let handler: @Sendable (HTTPRequest) -> HTTPReply
    private let parser = HTTPRequestParser()
    private let state = Mutex<(listener: Int32, port: Int, connections: Set<Int32>, stopped: Bool)>((-1, 0, [], false))
    private let acceptLoopEnded = DispatchSemaphore(value: 0)

    /// The most request body bytes read and thrown away to keep a connection (GET and HEAD have none).
    static let maxDiscardedBody = 1 << 20

    public init(host: String = "127.0.0.1", idleTimeout: Duration = .seconds(5), handler: @escaping @Sendable (HTTPRequest) -> HTTPReply) {
        self.host = host
        self.idleTimeout = idleTimeout
        self.handler = handler
    }

    /// The bound port (the chosen one when started with port 0).
    public var port: Int { state.withLock { $0.port } }

    /// `http://HOST:PORT/`, with IPv6 hosts bracketed.
    public var url: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/" }

    /// The number of open connections.
    public var connectionCount: Int { state.withLock { $0.connections.count } }

    /// Binds and listens, then accepts on a background thread; returns the bound port.
    @discardableResult
    public func start(port: Int) throws(ServerError) -> Int {
        let listener = try Self.listen(host: host, port: port)
        let bound = Self.boundPort(listener)
        state.withLock {
            $0.listener = listener
            $0.port = bound
        }
        Thread.detachNewThread { [self] in acceptLoop(listener) }
        return bound
    }

    /// Stops accepting, closes the listening socket and ends open connections. Idempotent.
    public func stop() {
        let (listener, connections, wasStopped) = state.withLock { state in
            defer { state.stopped = true }
            return (state.listener, state.connections, state.stopped)
        }
        guard !wasStopped else { return }
        if listener >= 0 {
            shutdown(listener, Int32(SHUT_RDWR))
            _ = acceptLoopEnded.wait(timeout: .now() + 2)
        }
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    // MARK: Sockets

    static func listen(host: String, port: Int) throws(ServerError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Platform.streamSocket
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ServerError("cannot resolve the host '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = EADDRNOTAVAIL
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = Platform.socket(family: info.pointee.ai_family)
            guard fd >= 0 else { lastError = errno; continue }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, Platform.listen(fd, 128) == 0 { return fd }
            lastError = errno
            close(fd)
        }
        throw ServerError("cannot listen on \(host):\(port): \(String(cString: strerror(lastError)))")
    }

    static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return 0 }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            switch family {
            case AF_INET: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            default: 0
            }
        }
    }

    private func acceptLoop(_ listener: Int32) {
        defer {
            close(listener)
            acceptLoopEnded.signal()
        }
        while !state.withLock({ $0.stopped }) {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 250) > 0 else { continue }
            let client = Platform.accept(listener)
            guard client >= 0 else {
                if errno == EMFILE || errno == ENFILE { usleep(50_000) }
                continue
            }
            let accepted = state.withLock { state in
                if !state.stopped { state.connections.insert(client) }
                return !state.stopped
            }
            guard accepted else { close(client); break }
            Thread.detachNewThread { [self] in
                serve(client)
                state.withLock { _ = $0.connections.remove(client) }
                close(client)
            }
        }
    }

    // MARK: One connection

    private func serve(_ fd: Int32) {
        Self.setTimeout(fd, SO_RCVTIMEO, idleTimeout)
        Self.setTimeout(fd, SO_SNDTIMEO, .seconds(10))
        var noDelay: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        // A request head must arrive within this time once it starts, however slowly its bytes trickle in.
        var deadline: ContinuousClock.Instant?
        while true {
            switch buffer.isEmpty ? .incomplete : parser.parse(buffer) {
            case .incomplete:
                if let deadline, ContinuousClock.now > deadline { return }
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                if buffer.isEmpty { deadline = .now + .seconds(30) }
                buffer.append(contentsOf: chunk[0..<count])
            case .failure(let status):
                _ = Self.send(fd, HTTPResponse.text(status).serialized(includeBody: true, keepAlive: false))
                Self.lingeringClose(fd)
                return
            case .request(let request, let length):
                buffer.removeFirst(length)
                deadline = nil
                var keepAlive = request.keepAlive
                if request.hasTransferEncoding || request.contentLength > Self.maxDiscardedBody {
                    keepAlive = false
                } else if request.contentLength > 0 {
                    guard discard(request.contentLength, from: fd, buffer: &buffer, chunk: &chunk) else { return }
                }
                switch handler(request) {
                case .response(let response):
                    guard Self.send(fd, response.serialized(includeBody: request.method != "HEAD", keepAlive: keepAlive)) else { return }
                case .eventStream(let head, let hub):
                    guard Self.send(fd, head.serialized(includeBody: false, keepAlive: false, streaming: true)) else { return }
                    hub.stream { text in Self.send(fd, Array(text.utf8)) }
                    return
                }
                guard keepAlive else {
                    Self.lingeringClose(fd)
                    return
                }
            }
        }
    }

    /// Reads and drops a request body, so that the next request on the connection parses.
    private func discard(_ length: Int, from fd: Int32, buffer: inout [UInt8], chunk: inout [UInt8]) -> Bool {
        var remaining = length
        let buffered = min(remaining, buffer.count)
        buffer.removeFirst(buffered)
        remaining -= buffered
        while remaining > 0 {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, remaining), 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            remaining -= count
        }
        return true
    }

    /// Sends every byte; false when the client is gone.
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Platform.send(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Half-closes, then reads what the client still sends (briefly, boundedly) before the socket closes,
    /// so that unread request bytes do not turn the close into a reset that loses the response.
    static func lingeringClose(_ fd: Int32) {
        shutdown(fd, Int32(SHUT_WR))
        setTimeout(fd, SO_RCVTIMEO, .milliseconds(500))
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let end = ContinuousClock.now + .seconds(2)
        var total = 0
        while ContinuousClock.now < end, total < 4 << 20 {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            total += count
        }
    }

    static func setTimeout(_ fd: Int32, _ option: Int32, _ duration: Duration) {
        var value = Platform.timeInterval(duration)
        setsockopt(fd, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }
}
