/// Placeholders in a Markdown link's target, as written: a value from the catalog or the settings may fill the
/// path, query or fragment of a link, never its scheme or host (`https://{{app.name}}.example/` would let an app
/// name such as `evil.com/x` send the link elsewhere). Structural: the text before the first placeholder must fix
/// the scheme and host by itself, whatever the values are. A target that is one placeholder naming a link the
/// tool made or checked where it was configured (`{{products.ID.subscribeURL}}`, `{{app.openURL}}`) is that link.
enum LinkPlaceholders {
    /// The names (last part) whose values are links: purchase links, app links, canonical and policy links.
    static let linkNames: Set<String> = ["subscribeURL", "purchaseURL", "openURL", "appStoreURL", "canonicalURL",
                                         "href"]

    /// The values of the URL attributes (`href`, `src`, `action`, `formaction`, `poster`, `cite`) in raw HTML as
    /// written.
    static func urlAttributes(in html: String) -> [String] {
        guard html.containsText("{{") else { return [] }
        let pattern = #/
            (?i) (?:^|[\s"'/]) (?:href|src|action|formaction|poster|cite) \s*=\s*
            (?:"([^"]*)"|'([^']*)'|([^\s>]+))
            /#
        return html.matches(of: pattern).compactMap { match in
            (match.output.1 ?? match.output.2 ?? match.output.3).map(String.init)
        }
    }

    /// Whether a placeholder in `url` stands where it could form or change the scheme or host.
    static func canChangeHost(_ url: String) -> Bool {
        guard let open = url.literalRange(of: "{{") else { return false }
        let prefix = url[..<open.lowerBound]
        if prefix.allSatisfy(\.isWhitespace) { return !isLinkPlaceholder(url) }
        return !fixesSchemeAndHost(prefix)
    }

    /// `{{name}}` alone, where name's last part is one of `linkNames`.
    static func isLinkPlaceholder(_ url: String) -> Bool {
        let text = url.trimmingWhitespace
        guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.count > 4 else { return false }
        let name = text.dropFirst(2).dropLast(2).trimmingWhitespace
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) }),
              let last = name.split(separator: ".").last else { return false }
        return linkNames.contains(String(last))
    }

    /// Whether `prefix` (the target up to a placeholder) already ends the scheme and host: a path from the root
    /// (`/x`, not `/` alone, which a value could make `//host`), `./`, `../`, `?` or `#`, or `scheme://host` and
    /// then `/`, `\`, `?` or `#`.
    static func fixesSchemeAndHost(_ prefix: Substring) -> Bool {
        let text = prefix.drop(while: \.isWhitespace)
        guard let first = text.first else { return false }
        if first == "?" || first == "#" || text.hasPrefix("./") || text.hasPrefix("../") { return true }
        if first == "/" || first == "\\" {
            guard let second = text.dropFirst().first else { return false }
            return second != "/" && second != "\\"
        }
        guard let separator = text.literalRange(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        guard let letter = scheme.first, letter.isASCII, letter.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return false
        }
        let authority = text[separator.upperBound...]
        guard let end = authority.firstIndex(where: { "/\\?#".contains($0) }) else { return false }
        return end > authority.startIndex
    }
}

private extension StringProtocol {
    var trimmingWhitespace: SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
