/// Raw HTML kept by `allowRawHTML` is read as a browser reads it (tags, attributes, character references) and must
/// keep to an allow-list: text-level and structural elements only, no scripts, handlers, inline styles, embedded
/// documents or forms, and links that are https or relative. Anything else is an error; nothing is pattern-matched.
enum RawHTMLCheck {
    /// Elements raw HTML may use: text, lists, tables, figures and images.
    static let elements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "del",
        "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i",
        "img", "ins", "kbd", "li", "mark", "ol", "p", "picture", "pre", "q", "rp", "rt", "ruby", "s", "samp", "section",
        "small", "source", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
        "time", "tr", "u", "ul", "var", "wbr",
    ]
    /// Attributes any allowed element may have (besides `aria-*` and `data-*`).
    static let globalAttributes: Set<String> = ["class", "id", "title", "lang", "dir", "role", "hidden", "translate"]
    /// Attributes of particular elements.
    static let elementAttributes: [String: Set<String>] = [
        "a": ["href", "hreflang", "rel", "target", "type"],
        "img": ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
        "source": ["srcset", "sizes", "type", "media", "width", "height"],
        "td": ["colspan", "rowspan", "headers"], "th": ["colspan", "rowspan", "headers", "scope", "abbr"],
        "col": ["span"], "colgroup": ["span"], "ol": ["start", "reversed", "type"], "li": ["value"],
        "time": ["datetime"], "q": ["cite"], "blockquote": ["cite"], "del": ["cite", "datetime"], "ins": ["cite", "datetime"],
        "details": ["open"],
    ]
    static let urlAttributes: Set<String> = ["href", "src", "cite", "srcset"]

    static func problems(_ html: String, at location: SourceLocation) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for tag in tags(html) {
            guard let name = tag.name else {
                problems.append(.error(location, "raw HTML with a declaration or processing instruction (<!… or <?…)",
                                       hint: "remove it; raw HTML may hold elements and comments only"))
                continue
            }
            if !elements.contains(name) {
                problems.append(.error(location, "raw HTML with a <\(name)> element",
                                       hint: "pages have no scripts, styles, embedded documents or forms; raw HTML may use text, list, table and image elements"))
            }
            for (attribute, value) in tag.attributes {
                if attribute.hasPrefix("on") {
                    problems.append(.error(location, "raw HTML with an event handler (\(attribute))", hint: "pages run no JavaScript; remove it"))
                } else if attribute == "style" {
                    problems.append(.error(location, "raw HTML with a style attribute", hint: "the page's Content-Security-Policy ignores inline styles; use a class and the site's templates/paywall.css"))
                } else if urlAttributes.contains(attribute) || attribute.hasSuffix(":href") {
                    let urls = attribute == "srcset" ? value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) } : [value]
                    for url in urls {
                        do { try SafeURL.check(url, "the \(attribute) attribute", at: location) } catch { problems.append(error) }
                    }
                } else if elements.contains(name), !globalAttributes.contains(attribute), !attribute.hasPrefix("aria-"),
                          !attribute.hasPrefix("data-"), elementAttributes[name]?.contains(attribute) != true {
                    problems.append(.error(location, "raw HTML with the attribute '\(attribute)' on <\(name)>",
                                           hint: "raw HTML may use class, id, title, lang, dir, role, aria-* and data-*, and each element's own attributes such as href, src and alt"))
                }
            }
        }
        return problems
    }

    /// A start or end tag (`name` nil for `<!…>` and `<?…>` other than comments), with its attributes decoded.
    struct Tag {
        var name: String?
        var attributes: [(String, String)] = []
    }

    /// The tags of `html` as the HTML tokenizer finds them: `<` and a letter (or `/` and a letter) opens a tag,
    /// comments are skipped, attribute values are quoted or not, character references decoded.
    static func tags(_ html: String) -> [Tag] {
        var result: [Tag] = []
        let scalars = Array(html.unicodeScalars)
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalar) }
        while index < scalars.count {
            guard scalars[index] == "<", let next = at(1) else { index += 1; continue }
            if next == "!" && at(2) == "-" && at(3) == "-" {
                index += 4
                while index < scalars.count, !(scalars[index] == "-" && at(1) == "-" && at(2) == ">") { index += 1 }
                index += 3
                continue
            }
            if next == "!" || next == "?" {
                result.append(Tag(name: nil))
                while index < scalars.count, scalars[index] != ">" { index += 1 }
                continue
            }
            let closing = next == "/"
            let start = index + (closing ? 2 : 1)
            guard start < scalars.count, scalars[start].properties.isAlphabetic else { index += 1; continue }
            index = start
            var name = ""
            while index < scalars.count, !isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">" {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            var tag = Tag(name: name.lowercased())
            // Attributes, up to the `>` that ends the tag.
            while index < scalars.count, scalars[index] != ">" {
                if isSpace(scalars[index]) || scalars[index] == "/" { index += 1; continue }
                var attribute = ""
                repeat {
                    attribute.unicodeScalars.append(scalars[index])
                    index += 1
                } while index < scalars.count && !isSpace(scalars[index]) && !["/", ">", "="].contains(scalars[index])
                while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                var value = ""
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                    if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                        let quote = scalars[index]
                        index += 1
                        while index < scalars.count, scalars[index] != quote { value.unicodeScalars.append(scalars[index]); index += 1 }
                        index += 1
                    } else {
                        while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">" {
                            value.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                    }
                }
                if !closing { tag.attributes.append((attribute.lowercased(), decodeCharacterReferences(value))) }
            }
            index += 1
            result.append(tag)
        }
        return result
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
}
