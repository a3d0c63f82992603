/// The inputs on which libcmark-gfm 0.29 takes time that grows with the square of their size, refused before
/// parsing so that no Markdown text within the limits takes more than a fraction of a second:
/// a closed link walks back over every earlier bracket of its paragraph (`![[]()` repeated), an inline
/// `<!…`, `<?…` or `<![CDATA[…` scans to the end of its paragraph for its end, and the autolink extension
/// scans the text around every `@`. So a text is bounded in size, and each paragraph in those three openers.
/// Block quotes and lists opened on one line (`- - - …`, `> > > …`) are bounded too: cmark-gfm parses the inlines
/// of a deeply nested paragraph in a time that grows with the depth, before its tree can be measured.
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
        var source = source
        return source.withUTF8(overLimit)
    }

    /// `overLimit` of UTF-8 bytes, read in place.
    private static func overLimit(_ bytes: UnsafeBufferPointer<UInt8>) -> Markdown.Link? {
        guard bytes.count <= maximumTextBytes else {
            return Markdown.Link(url: "the text is larger than \(maximumTextBytes >> 10) KB (the limit)", line: 1,
                                 column: 1)
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
                if let deep = tooDeep(bytes[index...]) {
                    let limit = Markdown.Limits.maximumNesting
                    let what = "a line opens block quotes and lists more than \(limit) levels deep (the limit)"
                    return Markdown.Link(url: what, line: line, column: deep)
                }
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

    /// The column (1-based, in bytes) of the block quote or list marker that makes `line` more than
    /// `Markdown.Limits.maximumNesting` levels deep as the rendered tree counts them: a level per `>`, two per list
    /// marker (`-`, `*`, `+`, `1.`, `1)` followed by a space, a tab or the line's end: a list and its item) before the
    /// line's text, and one per column of indentation before the first (a nested list's items are indented by two
    /// columns a level); nil when it is not.
    static func tooDeep(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var depth = 0, indentation = 0, column = 0
        var index = line.startIndex
        func byte(_ offset: Int) -> UInt8? {
            let at = line.index(index, offsetBy: offset, limitedBy: line.endIndex) ?? line.endIndex
            return at < line.endIndex ? line[at] : nil
        }
        func endsMarker(_ byte: UInt8?) -> Bool {
            byte == nil || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        while let next = byte(0) {
            var length = 0
            switch next {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if depth == 0 { indentation += next == UInt8(ascii: " ") ? 1 : 4 - indentation % 4 }
                column += 1
                index = line.index(after: index)
                continue
            case UInt8(ascii: ">"): length = 1
            case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"): length = endsMarker(byte(1)) ? 1 : 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var digits = 1
                while digits < 10, let digit = byte(digits), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                    digits += 1
                }
                let delimiter = byte(digits)
                let isDelimiter = delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")")
                let isMarker = isDelimiter && endsMarker(byte(digits + 1))
                length = isMarker ? digits + 1 : 0
            default: length = 0
            }
            guard length > 0 else { break }
            depth += next == UInt8(ascii: ">") ? 1 : 2
            if depth + indentation > Markdown.Limits.maximumNesting { return column + 1 }
            column += length
            index = line.index(index, offsetBy: length)
        }
        return nil
    }

    /// Whether a line is blank, or starts (after block quote markers and up to three spaces) an ATX heading or a
    /// bullet list item with content: lines that always end the paragraph before them.
    private static func startsBlock(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
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
            return level <= 6
                && [nil, UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
                    UInt8(ascii: "\r")].contains(peek(level))
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            guard peek(1) == UInt8(ascii: " ") || peek(1) == UInt8(ascii: "\t") else { return false }
            var offset = 2
            while let next = peek(offset), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { offset += 1 }
            return peek(offset).map { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") } ?? false
        default: return false
        }
    }
}
