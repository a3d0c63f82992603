#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import PaywallKit
import PaywallPlatform
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

    public init(host: String = "127.0.0.1", idleTimeout: Duration = .seconds(5),
                handler: @escaping @Sendable (HTTPRequest) -> HTTPReply) {
        self.host = host
        self.idleTimeout = idleTimeout
        self.handler = handler
    }

    /// The bound port (the chosen one when started with port 0).
    public var port: Int { state.withLock { $0.port } }

    /// `http://HOST:PORT/`, with IPv6 hosts bracketed.
    public var url: String { "http://\(host.containsText(":") ? "[\(host)]" : host):\(port)/" }

    /// The number of open connections.
    public var connectionCount: Int { state.withLock { $0.connections.count } }

    /// Binds and listens, then accepts on a background thread; returns the bound port.
    @discardableResult
    public func start(port: Int) throws(ServerError) -> Int {
        let listener: Int32
        do throws(Platform.SocketFailure) {
            listener = try Platform.listen(host: host, port: port)
        } catch {
            throw ServerError(error.message)
        }
        let bound = Platform.boundPort(listener)
        state.withLock {
            $0.listener = listener
            $0.port = bound
        }
        Platform.detachThread { [self] in acceptLoop(listener) }
        return bound
    }

    /// Stops accepting, closes the listening socket and ends open connections. Idempotent.
    public func stop() {
        let listening = state.withLock { state in
            guard !state.stopped else { return false }
            state.stopped = true
            // Under the lock, as the threads that close these take them out of the state first: a descriptor
            // shut down here is still open, never a number the kernel has since given to another socket.
            if state.listener >= 0 { Platform.shutdown(state.listener) }
            for connection in state.connections { Platform.shutdown(connection) }
            return state.listener >= 0
        }
        if listening { _ = acceptLoopEnded.wait(timeout: .now() + 2) }
    }

    private func acceptLoop(_ listener: Int32) {
        defer {
            state.withLock { state in
                state.listener = -1
                _ = Platform.close(listener)
            }
            acceptLoopEnded.signal()
        }
        while !state.withLock({ $0.stopped }) {
            guard let client = Platform.nextConnection(listener, milliseconds: 250) else { continue }
            let accepted = state.withLock { state in
                if !state.stopped { state.connections.insert(client) }
                return !state.stopped
            }
            guard accepted else { _ = Platform.close(client); break }
            Platform.detachThread { [self] in
                serve(client)
                state.withLock { _ = $0.connections.remove(client) }
                _ = Platform.close(client)
            }
        }
    }

    // MARK: One connection

    private func serve(_ fd: Int32) {
        Platform.setTimeout(fd, receiving: true, idleTimeout)
        Platform.setTimeout(fd, receiving: false, .seconds(10))
        Platform.setNoDelay(fd)
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        // A request head must arrive within this time once it starts, however slowly its bytes trickle in.
        var deadline: ContinuousClock.Instant?
        while true {
            switch buffer.isEmpty ? .incomplete : parser.parse(buffer) {
            case .incomplete:
                if let deadline, ContinuousClock.now > deadline { return }
                let count = Platform.receive(fd, into: &chunk)
                guard count > 0 else { return }
                if buffer.isEmpty { deadline = .now + .seconds(30) }
                buffer.append(contentsOf: chunk[0..<count])
            case .failure(let status):
                _ = Platform.sendAll(fd, HTTPResponse.text(status).serialized(includeBody: true, keepAlive: false))
                Platform.lingeringClose(fd)
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
                    guard Platform.sendAll(fd, response.serialized(includeBody: request.method != "HEAD",
                                                                   keepAlive: keepAlive)) else { return }
                case .eventStream(let head, let hub):
                    guard Platform.sendAll(fd, head.serialized(includeBody: false, keepAlive: false, streaming: true))
                    else { return }
                    hub.stream { text in Platform.sendAll(fd, Array(text.utf8)) }
                    return
                }
                guard keepAlive else {
                    Platform.lingeringClose(fd)
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
            let count = Platform.receive(fd, into: &chunk, limit: remaining)
            guard count > 0 else { return false }
            remaining -= count
        }
        return true
    }
}
