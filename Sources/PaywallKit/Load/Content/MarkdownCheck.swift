/// Markdown that will be output (a page body, an option group's copy, a `.storekit` EULA) may link only to https and
/// relative URLs; raw HTML, output only when allowed, must keep the page's rules too (``RawHTMLCheck``), read as the
/// browser reads the rendered body: one document, so a quote or comment left open in one block is seen in the next.
///
/// Load checks the Markdown as written; a page whose body has placeholders is checked again once they are filled
/// (`afterPlaceholders`), since catalog text may then stand in a link target or an HTML attribute.
public enum MarkdownCheck {
    /// Renders `markdown` and checks it. `firstLine` is the file's line of the Markdown's first line; nil puts every
    /// problem at `fallback`. `placeholders`: the Markdown will have its placeholders filled, so none may stand
    /// where it could form or change a link's scheme or host (``LinkPlaceholders``).
    public static func check(_ markdown: String, file: String, firstLine: Int?, at fallback: SourceLocation? = nil,
                             allowRawHTML: Bool, placeholders: Bool = false, diagnostics: inout Diagnostics) {
        let rendered = Markdown.render(markdown, allowRawHTML: allowRawHTML)
        check(rendered, of: markdown, file: file, firstLine: firstLine, at: fallback, allowRawHTML: allowRawHTML,
              placeholders: placeholders, diagnostics: &diagnostics)
    }

    /// Checks what `Markdown.render(markdown, allowRawHTML:)` gave.
    /// `trusted`: links checked by rules of their own where they were configured (`app.openURL`, which may use the
    /// app's URL scheme), accepted as they are when a placeholder puts them in copy.
    static func check(_ rendered: Markdown.Rendered, of markdown: String, file: String, firstLine: Int?,
                      at fallback: SourceLocation? = nil, allowRawHTML: Bool, placeholders: Bool = false,
                      afterPlaceholders: Bool = false, trusted: Set<String> = [], diagnostics: inout Diagnostics) {
        let start = fallback ?? SourceLocation(file: file, line: firstLine ?? 0, column: firstLine == nil ? 0 : 1)
        // The body's lines, split when a problem is first placed: most bodies have none.
        var split: [Substring]?
        func location(_ place: Markdown.Link) -> SourceLocation {
            guard let firstLine else { return fallback ?? SourceLocation(file: file) }
            let lines = split ?? markdown.split(separator: "\n", omittingEmptySubsequences: false)
            split = lines
            // Nodes an extension made (autolinks) have no position: find the text where it was written.
            var place = place
            if place.line < 1 {
                place.line = (lines.firstIndex { $0.containsText(place.url) } ?? 0) + 1
                place.column = lines[place.line - 1].utf8.firstRange(of: place.url.utf8).map {
                    lines[place.line - 1].utf8.distance(from: lines[place.line - 1].startIndex, to: $0.lowerBound) + 1
                } ?? 1
            }
            // cmark counts columns in bytes; messages count characters.
            let line = place.line - 1 < lines.count ? lines[place.line - 1] : ""
            let column = String(decoding: line.utf8.prefix(max(0, place.column - 1)), as: UTF8.self).count + 1
            return SourceLocation(file: file, line: firstLine + place.line - 1, column: column)
        }
        if let limit = rendered.overLimit {
            diagnostics.error(location(limit), "the Markdown is too large: \(limit.url)",
                              hint: "split it up; no page needs this much structure")
            return
        }
        let filled = afterPlaceholders ? " once its placeholders are filled" : ""
        // Raw HTML's URL attributes as written, placed at their node (raw HTML is in `links` only when allowed).
        let attributes = placeholders && allowRawHTML ? rendered.rawHTML.flatMap { node in
            LinkPlaceholders.urlAttributes(in: node.url).map {
                Markdown.Link(url: $0, line: node.line, column: node.column)
            }
        } : []
        for link in rendered.links + attributes where placeholders && LinkPlaceholders.canChangeHost(link.url) {
            diagnostics.error(location(link), "the link '\(link.url)' has a placeholder before its path, "
                                  + "where its value could set the link's scheme or host",
                              hint: "write the scheme and host out (https://example.com/{{…}}), or make the whole "
                                  + "target a link placeholder such as {{products.ID.subscribeURL}} or {{app.openURL}}")
        }
        for link in rendered.links where !(afterPlaceholders && trusted.contains(link.url)) {
            // Placed only when it fails: placing reads the body's lines.
            do { try SafeURL.check(link.url, "the link", at: start) } catch {
                var error = error
                error.location = location(link)
                guard afterPlaceholders else { diagnostics.append(error); continue }
                diagnostics.error(error.location,
                                  "the link '\(link.url)'\(filled) is not https or relative: \(error.message)",
                                  hint: "placeholders stay text in copy: write the link target itself, "
                                        + "or use {{products.ID.subscribeURL}}")
            }
        }
        guard allowRawHTML, !rendered.rawHTML.isEmpty else { return }
        // Where each raw HTML node stands in the rendered document (cmark writes them as they are, in order); a
        // node the tag filter rewrote is not found there and is checked on its own.
        let html = rendered.html
        var starts: [(offset: Int, location: SourceLocation)] = []
        var cursor = html.startIndex
        for node in rendered.rawHTML {
            if let range = html[cursor...].firstRange(of: node.url) {
                starts.append((html.unicodeScalars.distance(from: html.startIndex, to: range.lowerBound),
                               location(node)))
                cursor = range.upperBound
            } else {
                diagnostics.append(contentsOf: RawHTMLCheck.problems(node.url, at: location(node)))
            }
        }
        let problems = RawHTMLCheck.problems(html) { offset in
            starts.last { $0.offset <= offset }?.location ?? start
        }
        for problem in problems {
            guard afterPlaceholders else { diagnostics.append(problem); continue }
            diagnostics.append(.error(problem.location, problem.message + filled,
                                      hint: "placeholders in raw HTML must not make markup: keep them out of "
                                            + "attributes, or set allowRawHTML: false"))
        }
    }
}
