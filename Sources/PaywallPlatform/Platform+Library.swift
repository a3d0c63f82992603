#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the C library does that the Swift standard library lacks: byte comparison, powers, access checks, addresses,
/// exit. Here rather than in a Foundation import, which would bring Foundation's ICU into the binary.
extension Platform {
    /// Whether two buffers hold the same bytes (`memcmp`).
    public static func sameBytes(_ one: UnsafeBufferPointer<UInt8>, _ two: UnsafeBufferPointer<UInt8>) -> Bool {
        one.count == two.count && (one.isEmpty || memcmp(one.baseAddress!, two.baseAddress!, one.count) == 0)
    }

    /// `base` raised to `exponent` (the C library's `pow`).
    public static func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }

    /// Whether `path` exists, following links (`access(2)` with `F_OK`).
    public static func reachable(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether this process may list `folder` and enter it (`access(2)` with `R_OK | X_OK`).
    public static func canList(_ folder: String) -> Bool { access(folder, R_OK | X_OK) == 0 }

    /// Whether `name` is an IPv4 or IPv6 address in text (`inet_pton`).
    public static func isIPAddress(_ name: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }

    /// Ends the process with `status`, flushing standard output (`exit(3)`).
    public static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }

    /// Writes what standard output and standard error hold buffered (`fflush(NULL)`).
    public static func flushOutput() { fflush(nil) }

    /// `value` with `places` digits after the point, rounded as the C library's `printf("%.*f")` rounds.
    public static func fixed(_ value: Double, places: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = withVaList([Int32(clamping: places), value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        guard length >= 0, Int(length) < buffer.count else { return value.description }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
