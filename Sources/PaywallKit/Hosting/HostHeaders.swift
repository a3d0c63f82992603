#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The response headers every host should send with the site (`_headers`, the nginx block, `serve`):
/// the page's CSP as a real header, `nosniff`, a referrer policy, and caching by kind of file.
public enum HostHeaders {
    /// The default theme's policy (templates/partials/meta.mustache), for when a page has none.
    public static let defaultPolicy = "default-src 'none'; style-src 'self'; img-src 'self' https:; base-uri 'none'; "
                                      + "form-action https:"

    /// Sent with every file.
    public static func common(policy: String) -> [(name: String, value: String)] {
        [("Content-Security-Policy", policy), ("X-Content-Type-Options", "nosniff"),
         ("Referrer-Policy", "strict-origin-when-cross-origin")]
    }

    /// Pages (and the 404 pages): always revalidated, so that a new build shows at once.
    public static let pageCache = "no-cache"
    /// The stylesheet, named by its content: never fetched again.
    public static let immutableCache = "public, max-age=31536000, immutable"

    /// A policy as a header, on one line: `frame-ancestors 'none'` added (a `<meta>` policy cannot carry it),
    /// unless it has one.
    public static func headerPolicy(_ policy: String) -> String {
        // HTML's whitespace between tokens is one space (a line break in the <meta> would end a header's line).
        let directives = policy.split(separator: ";")
            .map { $0.split(whereSeparator: isHTMLSpace).joined(separator: " ") }.filter { !$0.isEmpty }
        guard !directives.contains(where: { $0.lowercased().hasPrefix("frame-ancestors") })
        else { return directives.joined(separator: "; ") }
        return (directives + ["frame-ancestors 'none'"]).joined(separator: "; ")
    }

    static func isHTMLSpace(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { " \t\n\r\u{0C}".unicodeScalars.contains($0) }
    }

    /// The `content` of the first `<meta http-equiv="Content-Security-Policy">` in a page, references decoded.
    public static func metaPolicy(in html: String) -> String? {
        var rest = html[...]
        while let open = rest.asciiCaseInsensitiveRange(of: "<meta") {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { return nil }
            let tag = rest[open.upperBound..<close]
            rest = rest[close...]
            guard tag.lowercased().containsText("content-security-policy"), let value = attribute("content", in: tag)
            else { continue }
            var policy = value
            for (reference, character) in [("&#39;", "'"), ("&#x27;", "'"), ("&apos;", "'"), ("&quot;", "\""),
                                           ("&amp;", "&")] {
                policy = policy.replacingEveryIgnoringCase(reference, with: character)
            }
            return policy
        }
        return nil
    }

    /// A quoted attribute's value in a tag's text.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        var search = tag
        while let found = search.asciiCaseInsensitiveRange(of: name) {
            var index = found.upperBound
            let before = found.lowerBound > tag.startIndex ? tag[tag.index(before: found.lowerBound)] : " "
            while index < tag.endIndex, tag[index] == " " { index = tag.index(after: index) }
            guard before.isWhitespace, index < tag.endIndex, tag[index] == "="
            else { search = tag[found.upperBound...]; continue }
            index = tag.index(after: index)
            while index < tag.endIndex, tag[index] == " " { index = tag.index(after: index) }
            guard index < tag.endIndex, tag[index] == "\"" || tag[index] == "'" else { return nil }
            let start = tag.index(after: index)
            guard let end = tag[start...].firstIndex(of: tag[index]) else { return nil }
            return String(tag[start..<end])
        }
        return nil
    }

    /// Files served as JSON though they have no extension (universal links' association file).
    public static let jsonFiles = [".well-known/apple-app-site-association"]
}
