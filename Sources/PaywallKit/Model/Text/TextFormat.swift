import PaywallPlatform

/// The few `String(format:)`, `NSString` path and percent-encoding results paywall needs, written without
/// Foundation's formatting (FoundationEssentials lacks them, and the rest of Foundation carries an ICU of its own).
public enum TextFormat {
    /// `value` with `places` digits after the point, as `String(format: "%.2f")` writes it: "12.35", "-0.5".
    public static func fixed(_ value: Double, places: Int) -> String { Platform.fixed(value, places: places) }

    /// `value` in hexadecimal, at least `width` digits: `String(format: "%04X")` (or `%04x` when not `uppercase`).
    public static func hex(_ value: some BinaryInteger, width: Int = 4, uppercase: Bool = true) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The last part of a slash-separated path (`NSString.lastPathComponent`): "a/b.md" is "b.md", "a/b/" "b".
    public static func lastPathComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path[...])
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without its last part (`NSString.deletingLastPathComponent`): "a/b/c" is "a/b", "a" "", "/a" "/".
    public static func deletingLastPathComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path[...])
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed == "/" ? "/" : "" }
        return slash == trimmed.startIndex ? "/" : String(withoutTrailingSlashes(trimmed[..<slash]))
    }

    /// A file path as a URL path, every byte outside `urlPathAllowed` (less "?", "#" and ";") percent-encoded:
    /// "assets/my icon.svg" is "assets/my%20icon.svg".
    public static func urlPath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if byte < 0x80, pathAllowed.contains(Character(Unicode.Scalar(byte))) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + hex(byte, width: 2)
            }
        }
        return out
    }

    /// `CharacterSet.urlPathAllowed`'s ASCII letters, digits and marks, without "?", "#" and ";".
    private static let pathAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                         + "!$&'()*+,-./:=@_~")

    private static func withoutTrailingSlashes(_ path: Substring) -> Substring {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path
    }
}
