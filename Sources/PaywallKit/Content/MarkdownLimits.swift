/// The inputs on which libcmark-gfm 0.29 takes time that grows with the square of their size, refused before
/// parsing so that no Markdown text within the limits takes more than a fraction of a second:
/// a closed link walks back over every earlier bracket of its paragraph (`![[]()` repeated), an inline
/// `<!…`, `<?…` or `<![CDATA[…` scans to the end of its paragraph for its end, and the autolink extension
/// scans the text around every `@`. So a text is bounded in size, and each paragraph in those three openers.
extension Markdown.Limits {
    /// The largest Markdown text: a page body, an option group's copy, a `.storekit` EULA or policy text.
    public static let maximumTextBytes = 512 << 10
    /// `[` in one paragraph (links, images, footnotes and plain brackets alike).
    public static let maximumBracketsPerParagraph = 100
    /// `<!` and `<?` in one paragraph (comments, declarations, CDATA and processing instructions written inline).
    public static let maximumDeclarationsPerParagraph = 20
    /// `@` in one paragraph (each may start an e-mail autolink).
    public static let maximumAtSignsPerParagraph = 200

    /// The first place where `source` crosses a limit, as a message and its line and column; nil when it does not.
    ///
    /// A paragraph is counted generously: the lines between blank lines, split where a line starts a heading or a
    /// bullet list item (which always start a block of their own); so a paragraph never holds more than is counted.
    static func overLimit(_ source: String) -> Markdown.Link? {
        let bytes = source.utf8
        guard bytes.count <= maximumTextBytes else {
            return Markdown.Link(url: "the text is larger than \(maximumTextBytes >> 10) KB (the limit)", line: 1, column: 1)
        }
        var brackets = 0, declarations = 0, atSigns = 0
        var line = 1, column = 0
        var lineStart = true
        var previous: UInt8 = 0
        func reset() { brackets = 0; declarations = 0; atSigns = 0 }
        func over(_ what: String, _ limit: Int) -> Markdown.Link {
            Markdown.Link(url: "a paragraph holds more than \(limit) \(what) (the limit)", line: line, column: column)
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if lineStart {
                lineStart = false
                if startsBlock(bytes[index...]) { reset() }
            }
            let byte = bytes[index]
            column += 1
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                column = 0
                lineStart = true
            case UInt8(ascii: "["):
                brackets += 1
                if brackets > maximumBracketsPerParagraph { return over("brackets ([)", maximumBracketsPerParagraph) }
            case UInt8(ascii: "!"), UInt8(ascii: "?"):
                if previous == UInt8(ascii: "<") {
                    declarations += 1
                    if declarations > maximumDeclarationsPerParagraph {
                        column -= 1
                        return over("inline <! or <? openers", maximumDeclarationsPerParagraph)
                    }
                }
            case UInt8(ascii: "@"):
                atSigns += 1
                if atSigns > maximumAtSignsPerParagraph { return over("@ signs", maximumAtSignsPerParagraph) }
            default: break
            }
            previous = byte
            index = bytes.index(after: index)
        }
        return nil
    }

    /// Whether a line is blank, or starts (after block quote markers and up to three spaces) an ATX heading or a
    /// bullet list item with content: lines that always end the paragraph before them.
    private static func startsBlock(_ line: Substring.UTF8View.SubSequence) -> Bool {
        var index = line.startIndex
        var spaces = 0
        func peek(_ offset: Int = 0) -> UInt8? {
            let at = line.index(index, offsetBy: offset, limitedBy: line.endIndex) ?? line.endIndex
            return at < line.endIndex ? line[at] : nil
        }
        while let byte = peek() {
            if byte == UInt8(ascii: " ") {
                spaces += 1
                guard spaces <= 3 else { return false }
            } else if byte == UInt8(ascii: ">") {
                spaces = 0
            } else {
                break
            }
            index = line.index(after: index)
        }
        switch peek() {
        case nil, UInt8(ascii: "\n"), UInt8(ascii: "\r"): return true   // a blank line (or one of quote markers)
        case UInt8(ascii: "#"):
            var level = 1
            while peek(level) == UInt8(ascii: "#") { level += 1 }
            return level <= 6 && [nil, UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(peek(level))
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            guard peek(1) == UInt8(ascii: " ") || peek(1) == UInt8(ascii: "\t") else { return false }
            var offset = 2
            while let next = peek(offset), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { offset += 1 }
            return peek(offset).map { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") } ?? false
        default: return false
        }
    }
}
