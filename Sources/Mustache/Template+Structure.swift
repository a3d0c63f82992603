/// Facts about a template's lexemes needed to build its token tree: which tags pair up,
/// which blocks are arguments of a parent, and how lexemes fall into source lines.
struct TemplateStructure {
    /// How deep sections, parents and blocks may nest in one template.
    static let maximumNesting = 256

    let lexemes: [Lexeme]
    /// For opening and closing tags of sections, parents and blocks: the index of the other tag.
    private(set) var partner: [Int]
    /// For block tags: whether the block is passed as an argument directly inside a parent.
    private(set) var isArgument: [Bool]
    /// The source line (as an index into `lines`) of each lexeme.
    private(set) var lineOf: [Int] = []
    /// Lexeme index ranges, one per source line; a line's newline ends its last lexeme.
    private(set) var lines: [Range<Int>] = []
    /// For each line: the first and last lexeme that is not blank text, if any.
    private(set) var firstNonBlank: [Int?] = []
    private(set) var lastNonBlank: [Int?] = []

    init(lexemes: [Lexeme], templateName: String, finalDelimiters: Delimiters,
         end: SourceLocation) throws(MustacheError) {
        self.lexemes = lexemes
        partner = Array(repeating: -1, count: lexemes.count)
        isArgument = Array(repeating: false, count: lexemes.count)
        try pairTags(templateName: templateName, finalDelimiters: finalDelimiters, end: end)
        splitLines()
    }

    // MARK: Questions the parser asks

    /// Whether only indentation precedes the tag on its line.
    func clearsLeft(_ index: Int) -> Bool { firstNonBlank[lineOf[index]] == index }

    /// Whether only whitespace and the line ending (or the end of the template) follow the tag.
    func clearsRight(_ index: Int) -> Bool { lastNonBlank[lineOf[index]] == index }

    /// Whether the tag is the only thing on its line besides whitespace.
    func isAlone(_ index: Int) -> Bool { clearsLeft(index) && clearsRight(index) }

    /// Whether the tag, when its line is trimmed, takes the whitespace before it (and the line's start).
    func removesLeft(_ index: Int) -> Bool {
        switch lexemes[index].kind {
        case .text, .variable: return false
        case .parent:
            return clearsLeft(index) && (lineOf[partner[index]] != lineOf[index] || clearsRight(partner[index]))
        case .block where isArgument[index]:
            return false
        case .close where kindOfOpening(index) == .parent:
            return false
        case .close where isArgument[index]:
            return clearsLeft(index)
        default:
            return isAlone(index)
        }
    }

    /// Whether the tag, when its line is trimmed, takes the whitespace and newline after it.
    func removesRight(_ index: Int) -> Bool {
        switch lexemes[index].kind {
        case .text, .variable: return false
        case .parent:
            return false
        case .block where isArgument[index]:
            return clearsRight(index)
        case .close where kindOfOpening(index) == .parent:
            let opening = partner[index]
            return clearsRight(index) && (lineOf[opening] != lineOf[index] || clearsLeft(opening))
        case .close where isArgument[index]:
            return false
        default:
            return isAlone(index)
        }
    }

    /// The kind of the tag a closing tag closes.
    func kindOfOpening(_ closing: Int) -> Lexeme.Kind { lexemes[partner[closing]].kind }

    /// The indentation text that starts `line`, or `""`.
    func leadingIndentation(ofLine line: Int) -> String {
        guard line < lines.count, let first = lines[line].first, lexemes[first].isText else { return "" }
        return String(lexemes[first].content.prefix { $0 == " " || $0 == "\t" })
    }

    // MARK: Building

    private mutating func pairTags(templateName: String, finalDelimiters: Delimiters,
                                   end: SourceLocation) throws(MustacheError) {
        var open: [Int] = []
        for (index, lexeme) in lexemes.enumerated() {
            switch lexeme.kind {
            case .section, .invertedSection, .parent, .block:
                if lexeme.kind == .block, let enclosing = open.last, lexemes[enclosing].kind == .parent {
                    isArgument[index] = true
                }
                guard open.count < Self.maximumNesting else {
                    throw MustacheError(template: templateName, at: lexeme.location,
                                        "sections, parents and blocks nest more than \(Self.maximumNesting) "
                                        + "levels deep")
                }
                open.append(index)
            case .close:
                let closeTag = lexeme.delimiters.tag("/", lexeme.content)
                guard let opening = open.popLast() else {
                    throw MustacheError(template: templateName, at: lexeme.location,
                                        "unexpected closing tag \(closeTag): no section is open")
                }
                let openLexeme = lexemes[opening]
                guard openLexeme.content == lexeme.content else {
                    throw MustacheError(template: templateName, at: lexeme.location,
                                        "\(closeTag) closes '\(openLexeme.content)' opened at "
                                            + "\(openLexeme.location.text); "
                                            + "expected \(lexeme.delimiters.tag("/", openLexeme.content))")
                }
                partner[opening] = index
                partner[index] = opening
                isArgument[index] = isArgument[opening]
            default:
                break
            }
        }
        if let opening = open.last {
            let lexeme = lexemes[opening]
            let what = switch lexeme.kind {
            case .invertedSection: "inverted section"
            case .parent: "parent"
            case .block: "block"
            default: "section"
            }
            throw MustacheError(template: templateName, at: end,
                                "unclosed \(what) '\(lexeme.content)' opened at \(lexeme.location.text); "
                                    + "add \(finalDelimiters.tag("/", lexeme.content))")
        }
    }

    private mutating func splitLines() {
        lineOf.reserveCapacity(lexemes.count)
        var lineStart = 0
        for (index, lexeme) in lexemes.enumerated() {
            lineOf.append(lines.count)
            if lexeme.isText, lexeme.content.utf8.last == UInt8(ascii: "\n") {
                lines.append(lineStart..<index + 1)
                lineStart = index + 1
            }
        }
        if lineStart < lexemes.count { lines.append(lineStart..<lexemes.count) }
        for line in lines {
            firstNonBlank.append(line.first { !isBlank($0, atEnd: false) })
            lastNonBlank.append(line.last { !isBlank($0, atEnd: $0 == line.upperBound - 1) })
        }
    }

    /// Whether a lexeme is text of spaces and tabs, optionally ending the line with `\n` or `\r\n`.
    private func isBlank(_ index: Int, atEnd: Bool) -> Bool {
        let lexeme = lexemes[index]
        guard lexeme.isText else { return false }
        var bytes = lexeme.content.utf8[...]
        if atEnd, bytes.last == UInt8(ascii: "\n") {
            bytes = bytes.dropLast()
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        }
        return bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}
