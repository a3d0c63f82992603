import CCmarkGFM
import Mustache

/// GitHub-flavoured Markdown to HTML through cmark-gfm. The only file that imports CCmarkGFM.
public enum Markdown {
    /// A link or image destination and where it was written (line and column in the Markdown text).
    public struct Link: Sendable, Equatable {
        public var url: String
        public var line: Int
        public var column: Int
    }

    /// The rendered HTML and every link and image URL in the text, for checking.
    public struct Rendered: Sendable {
        public var html: String
        public var links: [Link]
        /// Raw HTML written in the Markdown (kept only with `allowRawHTML`), with where it starts.
        public var rawHTML: [Link] = []
        /// The number of level-1 headings.
        public var h1Count: Int
        /// The plain text of the first level-1 heading, if any.
        public var firstH1: String?
        /// Set when the text crosses one of `Limits` (and so was not rendered): what, and where.
        public var overLimit: Link?
    }

    /// What Markdown may hold; no real page comes near these. cmark-gfm's table extension slows down
    /// with rows × columns, so wide tables are refused before parsing.
    public enum Limits {
        public static let maximumTableColumns = 100
        /// Block quotes, lists and inline elements inside one another.
        public static let maximumNesting = 100
    }

    /// Whether the iterator enters nodes of this type but never exits them.
    static func isLeaf(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT,
             CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: true
        default: false
        }
    }

    /// The GFM extensions every parser gets, found once (registered extensions live as long as the process).
    nonisolated(unsafe) static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        let names: [String] = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]
        return names.compactMap { cmark_find_syntax_extension($0) }
    }()

    /// Renders `source`; raw HTML is dropped unless `allowRawHTML`. Tables are written by `MarkdownTable`, their
    /// check marks read as `tableWords`.
    public static func render(_ source: String, allowRawHTML: Bool = false,
                              tableWords: TableWords = .english) -> Rendered {
        if let over = wideTable(source) ?? Limits.overLimit(source) {
            return Rendered(html: "", links: [], h1Count: 0, overLimit: over)
        }
        let options = CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
            | (allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT)
        guard let parser = cmark_parser_new(options) else { return Rendered(html: "", links: [], h1Count: 0) }
        defer { cmark_parser_free(parser) }
        for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        cmark_parser_feed(parser, source, source.utf8.count)
        guard let document = cmark_parser_finish(parser) else { return Rendered(html: "", links: [], h1Count: 0) }
        defer { cmark_node_free(document) }

        unlinkEmailAddresses(document)
        var links: [Link] = []
        var rawHTML: [Link] = []
        var h1Count = 0
        var firstH1: String?
        var depth = 0
        var heading: String?
        var tables: [(node: OpaquePointer, heading: String?)] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_EXIT { depth -= 1; continue }
            guard event == CMARK_EVENT_ENTER else { continue }
            if !isLeaf(cmark_node_get_type(node)) { depth += 1 }   // the iterator exits only non-leaf nodes
            if depth > Limits.maximumNesting {
                let place = Link(url: "the text nests more than \(Limits.maximumNesting) levels deep (the limit)",
                                 line: Int(cmark_node_get_start_line(node)),
                                 column: Int(cmark_node_get_start_column(node)))
                return Rendered(html: "", links: [], h1Count: 0, overLimit: place)
            }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node) {
                links.append(Link(url: String(cString: url), line: Int(cmark_node_get_start_line(node)),
                                  column: Int(cmark_node_get_start_column(node))))
            } else if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE,
                      let literal = cmark_node_get_literal(node) {
                rawHTML.append(Link(url: String(cString: literal), line: Int(cmark_node_get_start_line(node)),
                                    column: Int(cmark_node_get_start_column(node))))
            } else if type == CMARK_NODE_HEADING {
                heading = plainText(node)
                if cmark_node_get_heading_level(node) == 1 {
                    h1Count += 1
                    if firstH1 == nil { firstH1 = heading }
                }
            } else if type == tableType {
                tables.append((node, heading))
            }
        }
        let extensions = cmark_parser_get_syntax_extensions(parser)
        for table in tables {
            replaceTable(table.node, heading: table.heading, words: tableWords, options: options,
                         extensions: extensions)
        }
        let html = cmark_render_html(document, options, extensions)
        defer { cmark_get_default_mem_allocator().pointee.free(html) }   // cmark's allocator made it
        return Rendered(html: html.map { String(cString: $0) } ?? "", links: links, rawHTML: rawHTML, h1Count: h1Count,
                        firstH1: firstH1)
    }

    /// The node type of the table extension's tables (extension types are numbered when they are registered),
    /// learned from the first child of a one-line table, so each node is not asked for its name.
    private static let tableType: cmark_node_type? = {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return nil }
        defer { cmark_parser_free(parser) }
        for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        let source = "| a |\n|---|\n"
        cmark_parser_feed(parser, source, source.utf8.count)
        guard let document = cmark_parser_finish(parser) else { return nil }
        defer { cmark_node_free(document) }
        guard let table = cmark_node_first_child(document), typeString(table) == "table" else { return nil }
        return cmark_node_get_type(table)
    }()

    private static func typeString(_ node: OpaquePointer) -> String? {
        cmark_node_get_type_string(node).map { String(cString: $0) }
    }

    /// Replaces a table node with a custom block holding `MarkdownTable`'s HTML (cmark writes a custom
    /// block's text as it is; everything in it was rendered by cmark under the same options).
    private static func replaceTable(_ table: OpaquePointer, heading: String?, words: TableWords, options: Int32,
                                     extensions: UnsafeMutablePointer<cmark_llist>?) {
        let count = Int(cmark_gfm_extensions_get_table_columns(table))
        let raw = cmark_gfm_extensions_get_table_alignments(table)
        let alignments: [MarkdownTable.Alignment] = (0..<count).map { index in
            switch raw?[index] {
            case UInt8(ascii: "l"): .start
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .end
            default: .none
            }
        }
        var model = MarkdownTable(alignments: alignments, header: [], rows: [], heading: heading)
        var row = cmark_node_first_child(table)
        while let current = row {
            var cells: [MarkdownTable.Cell] = []
            var cell = cmark_node_first_child(current)
            while let node = cell {
                cell = cmark_node_next(node)
                let text = plainText(node)   // before inlineHTML moves the children away
                cells.append(MarkdownTable.Cell(html: inlineHTML(node, options: options, extensions: extensions),
                                                text: text))
            }
            if cmark_gfm_extensions_get_table_row_is_header(current) != 0 {
                model.header = cells
            } else { model.rows.append(cells) }
            row = cmark_node_next(current)
        }
        guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        cmark_node_set_on_enter(block, model.html(words))
        cmark_node_set_on_exit(block, "")
        cmark_node_insert_before(table, block)
        cmark_node_free(table)
    }

    /// A node's inline content as HTML: its children moved into a paragraph of their own and rendered.
    private static func inlineHTML(_ node: OpaquePointer, options: Int32,
                                   extensions: UnsafeMutablePointer<cmark_llist>?) -> String {
        // Plain text, the usual cell, is escaped as cmark escapes text (& < > ", not ' or /) without a render of its
        // own.
        if let child = cmark_node_first_child(node), cmark_node_next(child) == nil,
           cmark_node_get_type(child) == CMARK_NODE_TEXT,
           let literal = cmark_node_get_literal(child) {
            return escapedText(String(cString: literal))
        }
        // The renderer looks at a paragraph's parent: the paragraph goes in a document of its own.
        guard let document = cmark_node_new(CMARK_NODE_DOCUMENT), let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH)
        else { return "" }
        defer { cmark_node_free(document) }
        cmark_node_append_child(document, paragraph)
        while let child = cmark_node_first_child(node) { cmark_node_append_child(paragraph, child) }
        guard let html = cmark_render_html(document, options, extensions) else { return "" }
        defer { cmark_get_default_mem_allocator().pointee.free(html) }   // cmark's allocator made it
        var text = String(cString: html)
        if text.hasPrefix("<p>") { text.removeFirst(3) }
        if text.hasSuffix("</p>\n") { text.removeLast(5) }
        return text
    }

    /// Text escaped as cmark's HTML renderer escapes a text node: `& < > "`, not `'`. Mustache's `htmlEscaped`
    /// (which templates use) also writes `'` as `&#39;`; a plain cell is escaped as cmark would have, so that it
    /// reads byte for byte as the cells cmark renders beside it.
    static func escapedText(_ text: String) -> String {
        htmlEscaped(text, apostrophe: false)
    }

    /// A table delimiter row (`|---|:--:|`) with more columns than the limit, as a message and its place.
    static func wideTable(_ source: String) -> Link? {
        var source = source
        return source.withUTF8(wideTable)
    }

    /// `wideTable` of UTF-8 bytes, read in place.
    private static func wideTable(_ bytes: UnsafeBufferPointer<UInt8>) -> Link? {
        var line = 0
        for row in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            var pipes = 0, dashes = 0, other = false
            for byte in row where !other {
                switch byte {
                case UInt8(ascii: "|"): pipes += 1
                case UInt8(ascii: "-"): dashes += 1
                case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
                default: other = true
                }
            }
            guard !other, dashes > 0, pipes > Limits.maximumTableColumns else { continue }
            return Link(url: "a table has more than \(Limits.maximumTableColumns) columns (the limit)", line: line,
                        column: 1)
        }
        return nil
    }

    /// GFM autolinks turn "help@example.com" into a `mailto:` link and "www.example.com" into an http: one, but
    /// pages link only to https and relative URLs: an address stays text and a www. link becomes https.
    /// Links written on purpose (`<mailto:…>`, `[x](http://…)`) are left for the checks to report.
    private static func unlinkEmailAddresses(_ document: OpaquePointer) {
        var autolinks: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_LINK, let url = cmark_node_get_url(node) else { continue }
            let target = String(cString: url)
            if target.hasPrefix("mailto:"), "mailto:" + plainText(node) == target, !isAngleAutolink(node) {
                autolinks.append(node)
            } else if target.hasPrefix("http://www."), "http://" + plainText(node) == target {
                // GFM links a bare "www.example.com" with http:; pages link with https.
                cmark_node_set_url(node, "https://" + target.dropFirst(7))
            }
        }
        cmark_iter_free(iterator)
        for link in autolinks {
            let text = cmark_node_new(CMARK_NODE_TEXT)
            cmark_node_set_literal(text, plainText(link))
            cmark_node_insert_before(link, text)
            cmark_node_free(link)
        }
    }

    /// `<mailto:a@b.c>` and `<a@b.c>` are written as links on purpose; cmark gives them a source position.
    private static func isAngleAutolink(_ node: OpaquePointer) -> Bool {
        cmark_node_get_start_line(node) != 0
    }

    private static func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        let iterator = cmark_iter_new(node)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator),
               let literal = cmark_node_get_literal(child) {
                text += String(cString: literal)
            }
        }
        return text
    }
}
