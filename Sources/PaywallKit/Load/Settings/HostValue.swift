/// The checks of every value paywall writes into another program's input (the nginx block, `_headers`,
/// `_redirects`): a value either fits the format as it is or is refused with a message naming what is wrong, so that
/// no input adds a directive, a rule or a header, and none names an nginx variable (nginx expands `$name` inside
/// quoted strings too). Each check returns the problem, or nil.
public enum HostValue {
    /// The hint for a bad baseURL path.
    static let pathHint = "use letters, digits, '-', '.', '_' and '~' between single slashes, "
        + "such as https://example.com/subscribe/"

    /// baseURL (an https URL) split into what the host configurations take: the host's ASCII (IDNA) form and the
    /// path as written; or paywall.yml's error at `location`.
    public static func parts(ofBaseURL url: String,
                             at location: SourceLocation) throws(Diagnostic) -> (host: String, path: String) {
        let rest = url.dropFirst("https://".count)
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let authority = rest[..<authorityEnd], tail = rest[authorityEnd...]
        guard !tail.containsText("?"), !tail.containsText("#") else {
            throw .error(location, "baseURL has a query or a fragment",
                         hint: "baseURL names a folder, such as https://example.com/subscribe/")
        }
        guard !authority.containsText("@") else {
            throw .error(location, "baseURL has a user name or password",
                         hint: "write only the host, such as https://example.com/")
        }
        var name = authority
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            let port = authority[authority.index(after: colon)...]
            guard port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(port), (1...65535).contains(number) else {
                throw .error(location, "baseURL's port '\(port)' is not a number from 1 to 65535",
                             hint: "such as https://example.com:8443/")
            }
            name = authority[..<colon]
        }
        guard let host = hostName(String(name)) else {
            throw .error(location, "baseURL's host '\(name)' is not a host name",
                         hint: "write the name itself (letters, digits, '-' and '.', or Unicode), without %-escapes")
        }
        let path = tail.isEmpty ? "/" : String(tail)
        if let problem = pathProblem(path) { throw .error(location, "baseURL's path \(problem)", hint: pathHint) }
        return (host, path)
    }

    /// A host name's ASCII form (IDNA, lowercased): letters, digits and hyphens in dot-separated labels, or an
    /// IPv6 literal in brackets; nil for anything else (a %-escape, a space, `;`, `$`…).
    public static func hostName(_ name: String) -> String? {
        if name.hasPrefix("[") {
            let inside = name.dropFirst().dropLast()
            guard name.hasSuffix("]"), !inside.isEmpty,
                  inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            return name.lowercased()
        }
        guard !name.isEmpty, !name.containsText("%"), let ascii = ICU.asciiHostName(name)?.lowercased(),
              ascii.count <= 253 else { return nil }
        let labels = ascii.split(separator: ".", omittingEmptySubsequences: false)
        let valid = labels.enumerated().allSatisfy { index, label in
            (label.isEmpty && index == labels.count - 1 && index > 0)
                || (label.count <= 63 && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        }
        return valid ? ascii : nil
    }

    /// What makes a URL path (`/subscribe/`, as written, %-escapes undecoded) unsafe in a host configuration, or
    /// nil: syntax of nginx or the host files (`$ ; { } " ' \` space, `*`, `:`…), control characters, an escape
    /// that decodes to any of them or to `/`, an empty, `.` or `..` segment (nginx and browsers would change it).
    public static func pathProblem(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return "does not start with '/'" }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            guard !segment.isEmpty || index == segments.count - 1 else { return "has an empty segment ('//')" }
            guard let decoded = percentDecoded(segment) else { return "has a malformed %-escape in '\(segment)'" }
            guard decoded != ".", decoded != ".." else { return "has a '\(decoded)' segment" }
            if let bad = decoded.unicodeScalars.first(where: { !isPathScalar($0) }) {
                return "has \(described(bad))\(decoded == segment ? "" : " (from a %-escape)")"
            }
        }
        return nil
    }

    /// Unreserved ASCII, or any non-ASCII letter, mark or number (`/über/`, `/定期購読/`).
    static func isPathScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-._~".unicodeScalars.contains(scalar)
        }
        return [.letter, .mark, .number].contains { category in scalar.properties.generalCategory.isIn(category) }
    }

    /// What a header value (a CSP) must not hold: a line break or another control character (they would end the
    /// header, or the rule); nil when it fits.
    public static func headerValueProblem(_ value: String) -> String? {
        value.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            .map { "has \(described($0))" }
    }

    /// What nginx would read as a variable or cannot carry in a quoted string it is given (a folder): `$` (expanded
    /// inside quotes too) or a control character; nil when none. Quotes and backslashes are escaped by `quoted`.
    public static func nginxProblem(_ value: String) -> String? {
        value.unicodeScalars.first { $0.value < 0x20 || $0.value == 0x7F || $0 == "$" }.map { "has \(described($0))" }
    }

    /// `a '$'`, or `a control character (U+000A)`.
    static func described(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == " " {
            let code = String(scalar.value, radix: 16, uppercase: true).leftPadded(4)
            return scalar == " " ? "a space" : "a control character (U+\(code))"
        }
        return "a '\(scalar)'"
    }

    /// `%XX` decoded once (as UTF-8); nil on a malformed escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap({ UInt8(String(UnicodeScalar($0)), radix: 16) }),
                  let low = iterator.next().flatMap({ UInt8(String(UnicodeScalar($0)), radix: 16) }) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension Unicode.GeneralCategory {
    /// Whether the category is one of `group`'s: `.letter` covers the five letter categories, and so on.
    fileprivate func isIn(_ group: Group) -> Bool {
        switch (group, self) {
        case (.letter, .uppercaseLetter), (.letter, .lowercaseLetter), (.letter, .titlecaseLetter),
             (.letter, .modifierLetter), (.letter, .otherLetter),
             (.mark, .nonspacingMark), (.mark, .spacingMark), (.mark, .enclosingMark),
             (.number, .decimalNumber), (.number, .letterNumber), (.number, .otherNumber): true
        default: false
        }
    }

    fileprivate enum Group { case letter, mark, number }
}
