#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One parsed HTTP/1.x request head: the request line and the header fields.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// The request target as sent (`/path?query`).
    public var target: String
    /// The target's path, still percent-encoded.
    public var path: String
    /// The target's query without the `?`, or nil when there is none.
    public var query: String?
    /// The minor version of HTTP/1.x (0 or 1).
    public var minorVersion: Int
    /// Header fields in order, names as sent.
    public var headers: [(name: String, value: String)]

    public init(method: String, target: String, minorVersion: Int = 1, headers: [(name: String, value: String)] = []) {
        self.method = method
        self.target = target
        var path = target
        if let question = target.firstIndex(of: "?") {
            path = String(target[..<question])
            query = String(target[target.index(after: question)...])
        }
        self.path = path
        self.minorVersion = minorVersion
        self.headers = headers
    }

    /// The first value of a header field, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether the connection stays open after the response (HTTP/1.1 unless `close`; HTTP/1.0 only with `keep-alive`).
    public var keepAlive: Bool {
        let tokens = (header("Connection") ?? "").lowercased().split(separator: ",")
            .map { $0.trimmingSpaces }
        return minorVersion >= 1 ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    /// The body length that follows the head (Content-Length), 0 when absent.
    public var contentLength: Int { header("Content-Length").flatMap { Int($0) } ?? 0 }

    /// Whether the body is framed by Transfer-Encoding, which this server does not read (it closes instead).
    public var hasTransferEncoding: Bool { header("Transfer-Encoding") != nil }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.target == b.target && a.minorVersion == b.minorVersion
            && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }
}

/// A pure, bounded parser of request heads over bytes.
public struct HTTPRequestParser: Sendable {
    /// What a parse of the bytes received so far found.
    public enum Result: Sendable, Equatable {
        /// More bytes are needed.
        case incomplete
        /// A whole head, and how many bytes it took.
        case request(HTTPRequest, length: Int)
        /// The request is refused with this status (400, 414, 431 or 505); the connection then closes.
        case failure(HTTPStatus)
    }

    /// The longest request line, in bytes (longer: 414).
    public var maxRequestLine = 8 * 1024
    /// The longest header section after the request line, in bytes (longer: 431).
    public var maxHeaderBytes = 16 * 1024
    /// The most header fields (more: 431).
    public var maxHeaderCount = 100

    public init() {}

    public func parse(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        // A client may send empty lines before the request line (RFC 9112 §2.2); skip a few.
        var start = 0
        while start < min(bytes.count, 8), bytes[start] == 13 || bytes[start] == 10 { start += 1 }
        guard let lineEnd = Self.lineEnd(bytes, from: start, limit: maxRequestLine + 2) else {
            return bytes.count - start > maxRequestLine + 1 ? .failure(.uriTooLong) : .incomplete
        }
        let line = Self.trimCR(bytes, start, lineEnd)
        guard line.upperBound - line.lowerBound <= maxRequestLine else { return .failure(.uriTooLong) }
        guard let (method, target, minor) = parseRequestLine(bytes, line) else {
            return .failure(isHTTP2OrLater(bytes, line) ? .versionNotSupported : .badRequest)
        }

        var headers: [(name: String, value: String)] = []
        let headerStart = lineEnd + 1
        var position = headerStart
        while true {
            let limit = headerStart + maxHeaderBytes + 2 - position
            guard let end = Self.lineEnd(bytes, from: position, limit: limit) else {
                return bytes.count - headerStart > maxHeaderBytes ? .failure(.headersTooLarge) : .incomplete
            }
            guard end + 1 - headerStart <= maxHeaderBytes + 2 else { return .failure(.headersTooLarge) }
            let field = Self.trimCR(bytes, position, end)
            position = end + 1
            if field.isEmpty { break }
            guard headers.count < maxHeaderCount else { return .failure(.headersTooLarge) }
            guard let header = parseField(bytes, field) else { return .failure(.badRequest) }
            headers.append(header)
        }

        let request = HTTPRequest(method: method, target: target, minorVersion: minor, headers: headers)
        // RFC 9112: HTTP/1.1 needs exactly one Host; a bad Content-Length cannot be framed.
        let hosts = headers.filter { $0.name.lowercased() == "host" }
        if minor >= 1, hosts.count != 1 { return .failure(.badRequest) }
        if hosts.count > 1 { return .failure(.badRequest) }
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }
        if lengths.count > 1 || lengths.contains(where: { Int($0.value).map { $0 < 0 } ?? true }) {
            return .failure(.badRequest)
        }
        return .request(request, length: position)
    }

    /// The index of the next LF at or after `from`, looking at most `limit` bytes.
    static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, limit: Int) -> Int? {
        let end = min(bytes.count, from + max(0, limit))
        var index = from
        while index < end {
            if bytes[index] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// The range of a line without its LF and optional CR.
    static func trimCR(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ lf: Int) -> Range<Int> {
        lf > start && bytes[lf - 1] == 13 ? start..<(lf - 1) : start..<lf
    }

    /// `METHOD SP target SP HTTP/1.x`; nil when malformed.
    func parseRequestLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (String, String, Int)? {
        let parts = bytes[line].split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
              parts[0].allSatisfy(Self.isTokenByte), parts[1].allSatisfy({ $0 > 32 && $0 < 127 }) else { return nil }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: Array("HTTP/1.".utf8)), version[7] == 48 || version[7] == 49
        else { return nil }
        guard let method = String(validating: parts[0], as: UTF8.self),
              var target = String(validating: parts[1], as: UTF8.self) else { return nil }
        // The absolute form (`http://host/path`) names the same resource as its path.
        if target.lowercased().hasPrefix("http://") || target.lowercased().hasPrefix("https://") {
            let afterScheme = target[target.index(target.firstIndex(of: ":") ?? target.startIndex, offsetBy: 3)...]
            target = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
        }
        guard target.hasPrefix("/") || target == "*" else { return nil }
        return (method, target, Int(version[7] - 48))
    }

    func isHTTP2OrLater(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        guard let last = bytes[line].split(separator: 32).last else { return false }
        let version = Array(last)
        return version.count >= 6 && version.starts(with: Array("HTTP/".utf8)) && (50...57).contains(version[5])
    }

    /// `name: value` with a token name and no whitespace before the colon; obsolete line folding is refused.
    func parseField(_ bytes: UnsafeBufferPointer<UInt8>, _ field: Range<Int>) -> (name: String, value: String)? {
        let slice = bytes[field]
        guard let colon = slice.firstIndex(of: 58), colon > field.lowerBound,
              bytes[field.lowerBound..<colon].allSatisfy(Self.isTokenByte) else { return nil }
        let value = bytes[(colon + 1)..<field.upperBound]
        guard !value.contains(where: { $0 == 0 || $0 == 13 || $0 == 10 }),
              let name = String(validating: bytes[field.lowerBound..<colon], as: UTF8.self) else { return nil }
        // Values are ISO 8859-1 by the RFC; decode invalid UTF-8 leniently.
        let text = String(decoding: value, as: UTF8.self)
        return (name, text.trimmingScalars { $0 == " " || $0 == "\t" })
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: true
        default: false
        }
    }
}
