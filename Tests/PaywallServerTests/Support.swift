import Foundation
import PaywallKit
import PaywallPlatform
import PaywallTestSupport
import Synchronization
@testable import PaywallServer

extension BirdwatchSite {
    /// The Birdwatch site as the session tests serve it: its one page is `content/page.md` (`/en-US/page/`).
    static let served = BirdwatchSite().with { $0.content = ["page.md": defaultPage] }
}

/// An in-memory file tree with symlinks, for the pure resolver tests.
struct MemoryFiles: FileSource {
    var files: [String: Data]
    /// Link path → absolute target.
    var links: [String: String] = [:]

    init(_ files: [String: String], links: [String: String] = [:]) {
        self.files = files.mapValues { Data($0.utf8) }
        self.links = links
    }

    /// The path with every link prefix replaced by its target (bounded, as the kernel bounds loops).
    func resolved(_ path: String) -> String {
        var path = path
        for _ in 0..<8 {
            guard let link = links.keys.sorted(by: { $0.count > $1.count }).first(where: { path == $0 || path.hasPrefix($0 + "/") }),
                  let target = links[link] else { return normalized(path) }
            path = target + path.dropFirst(link.count)
            path = normalized(path)
        }
        return path
    }

    func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    func kind(_ path: String) -> FileKind {
        let path = resolved(path)
        if files[path] != nil { return .file }
        return files.keys.contains { $0.hasPrefix(path == "/" ? "/" : path + "/") } ? .directory : .missing
    }

    func realPath(_ path: String) -> String? { kind(path) == .missing ? nil : resolved(path) }

    func read(_ path: String) -> Data? { files[resolved(path)] }
}

/// A response read by the raw test client.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A tiny HTTP client on raw sockets, bounded in time: only 127.0.0.1.
final class RawClient: @unchecked Sendable {  // used by one thread at a time
    let fd: Int32
    private var buffer: [UInt8] = []

    init?(port: Int, timeout: Duration = patience) {
        let fd = Platform.socket(family: AF_INET)
        guard fd >= 0 else { return nil }
        Platform.setTimeout(fd, receiving: true, timeout)
        Platform.setTimeout(fd, receiving: false, timeout)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit { close(fd) }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool { Platform.sendAll(fd, bytes) }

    /// Reads more bytes; false at EOF, error or timeout (a signal that interrupts the wait is none of these).
    func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var count: Int
        repeat {
            count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        } while count < 0 && errno == EINTR
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// One response; `head` for HEAD requests (no body whatever Content-Length says). Nil when the connection ends first.
    func readResponse(head: Bool = false) -> RawResponse? {
        var headEnd: Int?
        for _ in 0..<10_000 {
            if let index = find([13, 10, 13, 10]) { headEnd = index; break }
            guard fill() else { return nil }
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: buffer[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        buffer.removeFirst(headEnd + 4)
        var response = RawResponse(status: status, headers: headers, body: [])
        if head || status == 304 { return response }
        if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            for _ in 0..<10_000 where buffer.count < length { guard fill() else { break } }
            let count = min(length, buffer.count)
            response.body = Array(buffer[0..<count])
            buffer.removeFirst(count)
        } else {
            for _ in 0..<10_000 { guard fill() else { break } }
            response.body = buffer
            buffer = []
        }
        return response
    }

    /// Reads until `text` arrives (or EOF/timeout); returns everything read so far.
    func read(until text: String, limit: Duration = .seconds(5)) -> String {
        let end = ContinuousClock.now + limit
        while !String(decoding: buffer, as: UTF8.self).contains(text), ContinuousClock.now < end {
            guard fill() else { break }
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Everything until the server closes (bounded).
    func readAll() -> [UInt8] {
        for _ in 0..<10_000 { guard fill() else { break } }
        defer { buffer = [] }
        return buffer
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for index in 0...(buffer.count - needle.count) where buffer[index] == needle[0] && Array(buffer[index..<(index + needle.count)]) == needle {
            return index
        }
        return nil
    }
}

/// `GET path` with `Connection: close`, in one call.
func get(_ port: Int, _ path: String, method: String = "GET", headers: [String] = []) -> RawResponse? {
    guard let client = RawClient(port: port) else { return nil }
    let head = (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers).joined(separator: "\r\n")
    client.send(head + "\r\n\r\n")
    return client.readResponse(head: method == "HEAD")
}

/// How long a test waits for something that must happen (a rebuild, a served edit, a closed stream): far more than it
/// takes, since CI may run on a busy machine. Speed is measured by `make bench`, not here.
let patience: Duration = .seconds(20)

extension Locked where Value == [PreviewSession.BuildReport] {
    /// The first report after the first `count` that `matches`, waiting up to `limit` for it; nil when none came.
    func next(after count: Int, within limit: Duration = patience,
              where matches: (PreviewSession.BuildReport) -> Bool = { _ in true }) -> PreviewSession.BuildReport? {
        var found: PreviewSession.BuildReport?
        _ = eventually(within: limit) {
            found = value.dropFirst(count).first(where: matches)
            return found != nil
        }
        return found
    }
}

/// Waits until `condition` holds, polling every `step`, at most `limit`; returns whether it held.
func eventually(within limit: Duration, step: Duration = .milliseconds(25), _ condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now + limit
    while ContinuousClock.now < end {
        if condition() { return true }
        Thread.sleep(forTimeInterval: Double(step / .milliseconds(1)) / 1000)
    }
    return condition()
}
