#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit

/// A response status: its code and reason phrase.
public struct HTTPStatus: Sendable, Hashable {
    public var code: Int
    public var reason: String

    public init(_ code: Int, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public static let ok = HTTPStatus(200, "OK")
    public static let movedPermanently = HTTPStatus(301, "Moved Permanently")
    public static let notModified = HTTPStatus(304, "Not Modified")
    public static let badRequest = HTTPStatus(400, "Bad Request")
    public static let notFound = HTTPStatus(404, "Not Found")
    public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    public static let uriTooLong = HTTPStatus(414, "URI Too Long")
    public static let headersTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(500, "Internal Server Error")
    public static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}

/// A response: status, header fields in order, and a body (omitted on the wire for HEAD and 304).
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(_ status: HTTPStatus, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A body with its Content-Type, `Cache-Control: no-cache` and an ETag of the exact bytes.
    public static func content(_ body: Data, type: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status, headers: [("Content-Type", type), ("Cache-Control", "no-cache"), ("ETag", ETag.of(body))],
                     body: body)
    }

    /// A small plain-text response, for errors without a page.
    public static func text(_ status: HTTPStatus, _ text: String? = nil) -> HTTPResponse {
        HTTPResponse(status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-cache")],
                     body: Data(((text ?? "\(status.code) \(status.reason)") + "\n").utf8))
    }

    /// The first value of a header field, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Sets a header field, replacing any of the same name.
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }

    /// The bytes on the wire. Content-Length always gives the body's length (for HEAD too); 304 has no body.
    /// A streaming head has no Content-Length: its body runs until the connection closes.
    public func serialized(includeBody: Bool, keepAlive: Bool, streaming: Bool = false,
                           date: Date = Date()) -> [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        for (name, value) in headers where !["content-length", "connection", "date"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        head += "Date: \(HTTPDate.format(date))\r\n"
        if status != .notModified, !streaming { head += "Content-Length: \(body.count)\r\n" }
        head += keepAlive && !streaming ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includeBody, status != .notModified { bytes.append(contentsOf: body) }
        return bytes
    }
}

/// Entity tags: a hash of the exact bytes sent, and `If-None-Match` matching.
public enum ETag {
    /// A strong tag: `"LENGTH-HASH"`.
    public static func of(_ data: Data) -> String {
        "\"\(String(data.count, radix: 16))-\(ContentHash.hex(data))\""
    }

    /// Whether an `If-None-Match` value names the tag (weak comparison, as RFC 9110 asks for this header).
    public static func matches(ifNoneMatch: String, _ tag: String) -> Bool {
        let plain = { (tag: Substring) -> Substring in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingSpaces
            return candidate == "*" || plain(Substring(candidate)) == plain(Substring(tag))
        }
    }
}

/// The IMF-fixdate of the Date header: `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    static func format(_ date: Date) -> String {
        /// `value / divisor` rounded toward minus infinity (for a time before 1970).
        func floorDivision(_ value: Int, _ divisor: Int) -> Int {
            value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        }
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = floorDivision(seconds, 86_400), time = seconds - day * 86_400
        // The proleptic Gregorian date of a day count from 1970-01-01, in 400-year eras (Howard Hinnant's method).
        let shifted = day + 719_468, era = floorDivision(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let monthDay = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[day - floorDivision(day, 7) * 7]), \(two(monthDay)) \(months[month - 1]) \(year) "
            + "\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) GMT"
    }
}
