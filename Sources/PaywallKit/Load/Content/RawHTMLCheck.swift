/// Raw HTML kept by `allowRawHTML` is read as a browser reads it (``HTMLTokenizer``: tags, attributes, comments,
/// character references) and must keep to an allow-list: text-level and structural elements only, no scripts,
/// handlers, inline styles, embedded documents, forms, `meta` or `base`, and links that are https or relative.
/// Anything else is an error; nothing is pattern-matched.
enum RawHTMLCheck {
    /// Elements raw HTML may use: text, lists, tables, figures and images (and the task list's check boxes).
    static let elements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "del",
        "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
        "i", "img", "input", "ins", "kbd", "li", "mark", "ol", "p", "picture", "pre", "q", "rp", "rt", "ruby", "s",
        "samp", "section", "small", "source", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td",
        "tfoot", "th", "thead", "time", "tr", "u", "ul", "var", "wbr",
    ]
    /// Attributes any allowed element may have (besides `aria-*` and `data-*`).
    static let globalAttributes: Set<String> = ["class", "id", "title", "lang", "dir", "role", "hidden", "translate",
                                                "tabindex"]
    /// Attributes of particular elements.
    static let elementAttributes: [String: Set<String>] = [
        "a": ["href", "hreflang", "rel", "target", "type"],
        "img": ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
        "source": ["srcset", "sizes", "type", "media", "width", "height"],
        "td": ["colspan", "rowspan", "headers"], "th": ["colspan", "rowspan", "headers", "scope", "abbr"],
        "col": ["span"], "colgroup": ["span"], "ol": ["start", "reversed", "type"], "li": ["value"],
        "time": ["datetime"], "q": ["cite"], "blockquote": ["cite"], "del": ["cite", "datetime"],
        "ins": ["cite", "datetime"], "details": ["open"], "input": ["type", "checked", "disabled"],
    ]
    static let urlAttributes: Set<String> = ["href", "src", "cite", "srcset"]

    /// The problems of `html` read as one document; `location` gives the place of a scalar offset into it.
    static func problems(_ html: String, at location: (Int) -> SourceLocation) -> [Diagnostic] {
        let tokens = HTMLTokenizer.tokenize(html)
        var problems: [Diagnostic] = []
        for tag in tokens.tags {
            problems += self.problems(tag, at: location(tag.offset))
        }
        if let open = tokens.unterminated {
            problems.append(.error(location(open.offset), "raw HTML with \(open.what)",
                                   hint: "close it (with >, the closing quote or -->): the page's own HTML would be "
                                         + "read as part of it"))
        }
        return problems
    }

    /// The problems of one raw HTML fragment, all at `location`.
    static func problems(_ html: String, at location: SourceLocation) -> [Diagnostic] {
        problems(html) { _ in location }
    }

    private static func problems(_ tag: HTMLTokenizer.Tag, at location: SourceLocation) -> [Diagnostic] {
        guard let name = tag.name else {
            return [.error(location, "raw HTML with a declaration or processing instruction (<!… or <?…)",
                           hint: "remove it; raw HTML may hold elements and comments only")]
        }
        var problems: [Diagnostic] = []
        if !elements.contains(name) {
            problems.append(.error(location, "raw HTML with a <\(name)> element",
                                   hint: "pages have no scripts, styles, meta or base elements, embedded documents or "
                                         + "forms; raw HTML may use text, list, table and image elements"))
        }
        if tag.isEnd { return problems }
        for (attribute, rawValue) in tag.attributes {
            let value = CharacterReferences.decodeAttribute(rawValue)
            if attribute.hasPrefix("on") {
                problems.append(.error(location, "raw HTML with an event handler (\(attribute))",
                                       hint: "pages run no JavaScript; remove it"))
            } else if attribute == "style" {
                problems.append(.error(location, "raw HTML with a style attribute",
                                       hint: "the page's Content-Security-Policy ignores inline styles; "
                                             + "use a class and the site's templates/paywall.css"))
            } else if urlAttributes.contains(attribute) || attribute.hasSuffix(":href") {
                let urls = attribute == "srcset"
                    ? value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
                    : [value]
                for url in urls {
                    do {
                        try SafeURL.check(url, "the \(attribute) attribute", at: location)
                    } catch { problems.append(error) }
                }
            } else if name == "input", attribute == "type", value.lowercased() != "checkbox" {
                problems.append(.error(location, "raw HTML with an <input type=\"\(value)\">",
                                       hint: "pages have no forms; a task list's check box is the only input"))
            } else if elements.contains(name), !globalAttributes.contains(attribute), !attribute.hasPrefix("aria-"),
                      !attribute.hasPrefix("data-"), elementAttributes[name]?.contains(attribute) != true {
                problems.append(.error(location, "raw HTML with the attribute '\(attribute)' on <\(name)>",
                                       hint: "raw HTML may use class, id, title, lang, dir, role, aria-* and data-*, "
                                             + "and each element's own attributes such as href, src and alt"))
            }
        }
        return problems
    }
}
