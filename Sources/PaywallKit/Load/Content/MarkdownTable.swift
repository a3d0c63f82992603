#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// A GFM table from marketing Markdown, written as HTML that holds up on a phone and in a screen reader:
/// it scrolls inside its own focusable, labelled region (never the page); an empty header cell is a `<td>`,
/// and then the first column labels the rows (`<th scope="row">`); a cell holding only a check mark or a
/// cross keeps the character and says "Included" or "Not included" in the page's language.
struct MarkdownTable {
    enum Alignment { case none, start, center, end }

    /// One cell: its rendered inline HTML and its plain text.
    struct Cell {
        var html: String
        var text: String
    }

    var alignments: [Alignment]
    var header: [Cell]
    var rows: [[Cell]]
    /// The nearest heading before the table, which names its region.
    var heading: String?

    /// Marks that mean a feature is included, and ones that mean it is not (compared without U+FE0F).
    static let includedMarks: Set<String> = ["✓", "✔", "☑", "✅"]
    static let notIncludedMarks: Set<String> = ["✗", "✘", "✕", "❌", "—", "–"]

    /// What a cell holding only a mark means: true included, false not, nil when it holds anything else.
    static func mark(_ text: String) -> Bool? {
        // Every mark is outside ASCII: a cell of ASCII text is none.
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        let bare = Self.trimmed(String(text.unicodeScalars.filter { $0 != "\u{FE0F}" }))
        if includedMarks.contains(bare) { return true }
        if notIncludedMarks.contains(bare) { return false }
        return nil
    }

    /// `text` without the spaces and tabs around it (Foundation's `.whitespaces`, without its cost per cell).
    static func trimmed(_ text: String) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        // Most cells begin and end with an ASCII letter, digit or mark: nothing to trim.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x80, last > 0x20,
           last < 0x80 { return text }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The region's accessible name: the heading, else the column headers, else the first row.
    var label: String {
        if let heading, !heading.isEmpty { return heading }
        for cells in [header] + rows {
            let texts = cells.map { Self.trimmed($0.text) }.filter { !$0.isEmpty }
            if !texts.isEmpty { return texts.joined(separator: ", ") }
        }
        return "Table"
    }

    /// The first header cell is empty: the first column holds the rows' labels.
    var hasRowHeaders: Bool {
        header.first.map { Self.trimmed($0.text).isEmpty } ?? false
    }

    func html(_ words: Markdown.TableWords) -> String {
        var out = "<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" "
                  + "aria-label=\"\(htmlEscaped(label))\">\n<table>\n<thead>\n<tr>\n"
        for (column, cell) in header.enumerated() {
            let isEmpty = Self.trimmed(cell.text).isEmpty
            out += isEmpty
                ? "<td\(alignment(column))></td>\n"
                : "<th scope=\"col\"\(alignment(column))>\(cell.html)</th>\n"
        }
        out += "</tr>\n</thead>\n"
        if !rows.isEmpty {
            out += "<tbody>\n"
            for row in rows {
                out += "<tr>\n"
                for (column, cell) in row.enumerated() {
                    if column == 0, hasRowHeaders, !Self.trimmed(cell.text).isEmpty {
                        out += "<th scope=\"row\"\(alignment(column))>\(cell.html)</th>\n"
                    } else if let included = Self.mark(cell.text) {
                        let words = included ? words.included : words.notIncluded
                        out += "<td\(alignment(column))><span aria-hidden=\"true\">\(cell.html)</span><span "
                               + "class=\"vh\"\(words.attributes)>\(htmlEscaped(words.text))</span></td>\n"
                    } else {
                        out += "<td\(alignment(column))>\(cell.html)</td>\n"
                    }
                }
                out += "</tr>\n"
            }
            out += "</tbody>\n"
        }
        return out + "</table>\n</div>\n"
    }

    /// A class, not the obsolete `align` attribute (and no `style`, which the page's CSP refuses).
    private func alignment(_ column: Int) -> String {
        switch column < alignments.count ? alignments[column] : .none {
        case .none: ""
        case .start: " class=\"align-start\""
        case .center: " class=\"align-center\""
        case .end: " class=\"align-end\""
        }
    }
}

extension Markdown {
    /// The words a table cell's check mark or cross stands for, in the page's language.
    public struct TableWords: Sendable {
        public struct Words: Sendable {
            public var text: String
            /// ` lang="…" dir="…"` when the Markdown around them is in another language, else "".
            public var attributes: String
        }
        public var included: Words
        public var notIncluded: Words

        /// `lang`/`dir`: the page's, when the Markdown is in another language (a fallback body); nil otherwise.
        public init(included: String, notIncluded: String, lang: String? = nil, dir: String? = nil) {
            let attributes = lang.map { " lang=\"\(htmlEscaped($0))\" dir=\"\(htmlEscaped(dir ?? "ltr"))\"" } ?? ""
            self.included = Words(text: included, attributes: attributes)
            self.notIncluded = Words(text: notIncluded, attributes: attributes)
        }

        public static let english = TableWords(included: "Included", notIncluded: "Not included")
    }
}
