/// Raw HTML kept by `allowRawHTML` may not bring what the page forbids: scripts, event handlers, inline
/// styles (the Content-Security-Policy would drop them silently) or links that are not https or relative.
enum RawHTMLCheck {
    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "cite", "data", "background", "srcset"]

    static func problems(_ html: String, at location: SourceLocation) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let lower = html.lowercased()
        for element in ["<script", "<iframe", "<object", "<embed", "<base", "<form", "<meta", "<link", "<style", "<frame"]
        where lower.contains(element) {
            problems.append(.error(location, "raw HTML with a \(element)> element", hint: "pages have no scripts or embedded documents; remove it"))
        }
        for (name, value) in attributes(html) {
            if name.hasPrefix("on") {
                problems.append(.error(location, "raw HTML with an event handler (\(name))", hint: "pages run no JavaScript; remove it"))
            } else if name == "style" {
                problems.append(.error(location, "raw HTML with a style attribute", hint: "the page's Content-Security-Policy ignores inline styles; use a class and the site's templates/paywall.css"))
            } else if urlAttributes.contains(name) || name.hasSuffix(":href") {
                let decoded = decodeCharacterReferences(value)
                let urls = name == "srcset" ? decoded.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) } : [decoded]
                for url in urls {
                    do { try SafeURL.check(url, "the \(name) attribute", at: location) } catch { problems.append(error) }
                }
            }
        }
        return problems
    }

    /// `&#58;`, `&#x3a;`, `&colon;` … as the browser reads them, so an encoded scheme is still seen.
    static func decodeCharacterReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = ["colon": ":", "sol": "/", "tab": "\t", "newline": "\n", "amp": "&", "quot": "\"",
                                       "apos": "'", "lt": "<", "gt": ">", "period": ".", "lpar": "(", "rpar": ")"]
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var replacement: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if name.hasPrefix("#") {
                replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                replacement = named[name.lowercased()]
            }
            if let replacement {
                result += replacement
                rest = after.dropFirst(name.count)
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
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
