#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `serve` changes in each HTML page it sends (the files on disk never change): the live-reload
/// script before `</head>`, and a Content-Security-Policy meta that allows it.
public enum ReloadInjection {
    /// The tag inserted into every served page.
    public static let scriptTag = "<script src=\"\(LiveReload.scriptPath)\"></script>"

    /// The page with the script tag and a CSP that also allows `script-src 'self'; connect-src 'self'`.
    public static func inject(_ html: Data) -> Data {
        Data(inject(String(decoding: html, as: UTF8.self)).utf8)
    }

    public static func inject(_ html: String) -> String {
        var html = rewriteCSP(html)
        if let head = html.asciiCaseInsensitiveRange(of: "</head>") {
            html.insert(contentsOf: scriptTag, at: head.lowerBound)
        } else if let body = html.lastAsciiCaseInsensitiveRange(of: "</body>") {
            html.insert(contentsOf: scriptTag, at: body.lowerBound)
        } else {
            html += scriptTag
        }
        return html
    }

    /// Rewrites the `content` of every `<meta http-equiv="Content-Security-Policy">`.
    public static func rewriteCSP(_ html: String) -> String {
        var result = ""
        var rest = html[...]
        while let open = rest.asciiCaseInsensitiveRange(of: "<meta") {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { break }
            let tag = rest[open.lowerBound...close]
            result += rest[..<open.lowerBound]
            result += isCSPMeta(tag) ? rewriteContentAttribute(tag) : String(tag)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// `default-src 'none'; style-src 'self'` → `…; script-src 'self'; connect-src 'self'`, keeping every other
    /// directive.
    public static func allowReload(_ policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.trimmingSpacesAndNewlines }
            .filter { !$0.isEmpty }
        for name in ["script-src", "connect-src"] {
            if let index = directives.firstIndex(where: {
                $0.split(separator: " ").first.map { $0.lowercased() } == name
            }) {
                var sources = directives[index].split(separator: " ").dropFirst().map(String.init)
                    .filter { $0.lowercased() != "'none'" }
                if !sources.contains(where: { $0.lowercased() == "'self'" }) { sources.append("'self'") }
                directives[index] = ([name] + sources).joined(separator: " ")
            } else {
                directives.append("\(name) 'self'")
            }
        }
        return directives.joined(separator: "; ")
    }

    static func isCSPMeta(_ tag: Substring) -> Bool {
        let lower = tag.lowercased().replacingEvery(" ", with: "")
        return ["http-equiv=\"content-security-policy\"", "http-equiv='content-security-policy'",
                "http-equiv=content-security-policy"]
            .contains { lower.containsText($0) }
    }

    /// The tag with its quoted `content` attribute's policy rewritten.
    static func rewriteContentAttribute(_ tag: Substring) -> String {
        var search = tag[...]
        while let name = search.asciiCaseInsensitiveRange(of: "content") {
            // Not the tail of another attribute's name (`http-equiv` has none, but be exact).
            let before = name.lowerBound > tag.startIndex ? tag[tag.index(before: name.lowerBound)] : " "
            var index = name.upperBound
            while index < tag.endIndex, tag[index] == " " { index = tag.index(after: index) }
            guard before.isWhitespace, index < tag.endIndex, tag[index] == "=" else {
                search = tag[name.upperBound...]
                continue
            }
            index = tag.index(after: index)
            while index < tag.endIndex, tag[index] == " " { index = tag.index(after: index) }
            guard index < tag.endIndex, tag[index] == "\"" || tag[index] == "'" else { return String(tag) }
            let quote = tag[index]
            let valueStart = tag.index(after: index)
            guard let valueEnd = tag[valueStart...].firstIndex(of: quote) else { return String(tag) }
            // Character references first, so that `&#39;`'s semicolon does not split a directive.
            var policy = String(tag[valueStart..<valueEnd])
            for (reference, character) in [("&#39;", "'"), ("&#x27;", "'"), ("&apos;", "'"), ("&quot;", "\""),
                                           ("&#34;", "\"")] {
                policy = policy.replacingEveryIgnoringCase(reference, with: character)
            }
            policy = allowReload(policy)
            policy = quote == "'"
                ? policy.replacingEvery("'", with: "&#39;")
                : policy.replacingEvery("\"", with: "&quot;")
            return String(tag[..<valueStart]) + policy + String(tag[valueEnd...])
        }
        return String(tag)
    }
}
