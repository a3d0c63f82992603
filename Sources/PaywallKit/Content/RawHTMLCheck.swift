/// Raw HTML kept by `allowRawHTML` may not bring what the page forbids: scripts, event handlers, inline
/// styles (the Content-Security-Policy would drop them silently) or links that are not https or relative.
enum RawHTMLCheck {
    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "cite", "data", "background", "srcset"]

    static func problems(_ html: String, at location: SourceLocation) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let lower = html.lowercased()
        for element in ["<script", "<iframe", "<object", "<embed", "<base", "<form"] where lower.contains(element) {
            problems.append(.error(location, "raw HTML with a \(element)> element", hint: "pages have no scripts or embedded documents; remove it"))
        }
        for (name, value) in attributes(html) {
            if name.hasPrefix("on") {
                problems.append(.error(location, "raw HTML with an event handler (\(name))", hint: "pages run no JavaScript; remove it"))
            } else if name == "style" {
                problems.append(.error(location, "raw HTML with a style attribute", hint: "the page's Content-Security-Policy ignores inline styles; use a class and the site's templates/paywall.css"))
            } else if urlAttributes.contains(name) {
                let urls = name == "srcset" ? value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) } : [value]
                for url in urls {
                    do { try SafeURL.check(url, "the \(name) attribute", at: location) } catch { problems.append(error) }
                }
            }
        }
        return problems
    }

    /// Attribute names (lower-cased) and values of every tag in `html`.
    static func attributes(_ html: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var characters = html[...]
        while let open = characters.firstIndex(of: "<") {
            characters = characters[characters.index(after: open)...]
            // Skip the tag name.
            characters = characters.drop { !$0.isWhitespace && $0 != ">" }
            while let first = characters.first, first != ">" {
                if first.isWhitespace || first == "/" { characters = characters.dropFirst(); continue }
                let name = characters.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
                characters = characters.dropFirst(name.count)
                characters = characters.drop(while: \.isWhitespace)
                var value = ""
                if characters.first == "=" {
                    characters = characters.dropFirst().drop(while: \.isWhitespace)
                    if let quote = characters.first, quote == "\"" || quote == "'" {
                        let rest = characters.dropFirst()
                        value = String(rest.prefix { $0 != quote })
                        characters = rest.dropFirst(value.count + 1)
                    } else {
                        value = String(characters.prefix { !$0.isWhitespace && $0 != ">" })
                        characters = characters.dropFirst(value.count)
                    }
                }
                if name.isEmpty { characters = characters.dropFirst() } else { result.append((name.lowercased(), value)) }
            }
        }
        return result
    }
}
