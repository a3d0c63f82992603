/// One piece of a template's source: literal text (ending at the latest at a newline) or a tag.
struct Lexeme {
    enum Kind: Equatable {
        case text
        case variable(escaped: Bool)
        case section
        case invertedSection
        case close
        case comment
        case partial
        case parent
        case block
        case setDelimiters
    }

    var kind: Kind
    /// The literal text, or the tag's name without sigil and padding.
    var content: String
    /// Byte offset of the first byte in the source.
    var start: Int
    /// Byte offset just past the last byte in the source.
    var end: Int
    var location: SourceLocation
    /// The delimiters in effect for this tag.
    var delimiters: Delimiters

    var isText: Bool { kind == .text }
}

/// Splits a template's source into lexemes, applying set-delimiter tags as it goes.
struct Lexer {
    private let bytes: [UInt8]
    private let templateName: String
    private(set) var delimiters: Delimiters
    private var lexemes: [Lexeme] = []
    private var cursor = 0
    private var cursorLine = 1
    private var cursorColumn = 1

    init(bytes: [UInt8], templateName: String, delimiters: Delimiters) {
        self.bytes = bytes
        self.templateName = templateName
        self.delimiters = delimiters
    }

    /// Lexes the whole source; returns the lexemes and the delimiters in effect at the end.
    mutating func lex() throws(MustacheError) -> (lexemes: [Lexeme], finalDelimiters: Delimiters, end: SourceLocation) {
        var index = 0
        var textStart = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                appendText(textStart..<index + 1)
                index += 1
                textStart = index
            } else if matches(delimiters.open, at: index) {
                appendText(textStart..<index)
                index = try lexTag(at: index)
                textStart = index
            } else {
                index += 1
            }
        }
        appendText(textStart..<bytes.count)
        return (lexemes, delimiters, location(at: bytes.count))
    }

    // MARK: Tags

    private mutating func lexTag(at start: Int) throws(MustacheError) -> Int {
        let here = location(at: start)
        let current = delimiters
        let bodyStart = start + current.open.count
        if bodyStart < bytes.count, bytes[bodyStart] == UInt8(ascii: "{") {
            let closing = [UInt8(ascii: "}")] + current.close
            let end = try closingOffset(of: closing, from: bodyStart + 1, tagStart: start, at: here)
            let name = string(trimmed(bodyStart + 1..<end))
            guard !name.isEmpty else { throw emptyTag(start..<end + closing.count, at: here) }
            append(.variable(escaped: false), name, start..<end + closing.count, here)
            return end + closing.count
        }
        let bodyEnd = try closingOffset(of: current.close, from: bodyStart, tagStart: start, at: here, allowOpen: true)
        let tagEnd = bodyEnd + current.close.count
        let body = trimmed(bodyStart..<bodyEnd)
        guard let sigil = body.first.map({ bytes[$0] }) else { throw emptyTag(start..<tagEnd, at: here) }
        let kind: Lexeme.Kind
        switch sigil {
        case UInt8(ascii: "!"):
            append(.comment, "", start..<tagEnd, here)
            return tagEnd
        case UInt8(ascii: "="):
            try setDelimiters(body, tag: start..<tagEnd, at: here)
            append(.setDelimiters, "", start..<tagEnd, here)
            return tagEnd
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "&"): kind = .variable(escaped: false)
        default: kind = .variable(escaped: true)
        }
        if let nested = firstOffset(of: current.open, in: bodyStart..<bodyEnd) {
            throw unclosedTag(start..<nested, at: here, before: current.open)
        }
        let nameRange = kind == .variable(escaped: true) ? body : trimmed(body.lowerBound + 1..<body.upperBound)
        var name = string(nameRange)
        guard !name.isEmpty else { throw emptyTag(start..<tagEnd, at: here) }
        if kind == .partial || kind == .parent || kind == .close, name.hasPrefix("*") {
            // `{{> * name }}` and `{{>*name}}` name the same dynamic partial.
            let dotted = string(trimmed(nameRange.lowerBound + 1..<nameRange.upperBound))
            guard !dotted.isEmpty else {
                throw MustacheError(template: templateName, at: here,
                                    "empty dynamic name in '\(string(start..<tagEnd))': expected a name after '*'")
            }
            name = "*" + dotted
        }
        append(kind, name, start..<tagEnd, here)
        return tagEnd
    }

    private mutating func setDelimiters(_ body: Range<Int>, tag: Range<Int>,
                                        at here: SourceLocation) throws(MustacheError) {
        let example = "'\(delimiters.openText)=<% %>=\(delimiters.closeText)'"
        func invalid(_ reason: String) -> MustacheError {
            MustacheError(template: templateName, at: here,
                          "invalid set-delimiter tag '\(string(tag))': \(reason)")
        }
        guard body.count >= 2, bytes[body.upperBound - 1] == UInt8(ascii: "=") else {
            throw invalid("expected it to end with '=', as in \(example)")
        }
        let parts = bytes[body.lowerBound + 1..<body.upperBound - 1].split(whereSeparator: Self.isWhitespace)
        guard parts.count == 2 else {
            throw invalid("expected two delimiters separated by whitespace, as in \(example)")
        }
        guard !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw invalid("delimiters may not contain '='")
        }
        delimiters = Delimiters(open: Array(parts[0]), close: Array(parts[1]))
    }

    /// Finds where the tag body ends. Unless `allowOpen`, also rejects a body that runs into
    /// another opening delimiter (as `{{name and {{other}}` would).
    private mutating func closingOffset(of closing: [UInt8], from start: Int, tagStart: Int, at here: SourceLocation,
                                        allowOpen: Bool = false) throws(MustacheError) -> Int {
        guard let end = firstOffset(of: closing, in: start..<bytes.count) else {
            if let nested = firstOffset(of: delimiters.open, in: start..<bytes.count) {
                throw unclosedTag(tagStart..<nested, at: here, before: delimiters.open, expected: closing)
            }
            throw unclosedTag(tagStart..<bytes.count, at: here, expected: closing)
        }
        if !allowOpen, let nested = firstOffset(of: delimiters.open, in: start..<end) {
            throw unclosedTag(tagStart..<nested, at: here, before: delimiters.open, expected: closing)
        }
        return end
    }

    private func unclosedTag(_ range: Range<Int>, at here: SourceLocation, before next: [UInt8]? = nil,
                             expected: [UInt8]? = nil) -> MustacheError {
        let closing = String(decoding: expected ?? delimiters.close, as: UTF8.self)
        var snippet = range
        if let newline = bytes[range].firstIndex(of: UInt8(ascii: "\n")) { snippet = range.lowerBound..<newline }
        var shown = string(snippet)
        if shown.count > 30 { shown = String(shown.prefix(30)) + "…" }
        let place = next.map { " before the next '\(String(decoding: $0, as: UTF8.self))'" } ?? ""
        return MustacheError(template: templateName, at: here,
                             "unclosed tag '\(shown)': expected '\(closing)'\(place)")
    }

    private func emptyTag(_ range: Range<Int>, at here: SourceLocation) -> MustacheError {
        MustacheError(template: templateName, at: here,
                      "empty tag '\(string(range))': expected a name between '\(delimiters.openText)' and "
                      + "'\(delimiters.closeText)'")
    }

    // MARK: Helpers

    private mutating func appendText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        append(.text, string(range), range, location(at: range.lowerBound))
    }

    private mutating func append(_ kind: Lexeme.Kind, _ content: String, _ range: Range<Int>,
                                 _ location: SourceLocation) {
        lexemes.append(Lexeme(kind: kind, content: content, start: range.lowerBound, end: range.upperBound,
                              location: location, delimiters: delimiters))
    }

    /// The location of `offset`; offsets must be asked for in increasing order.
    private mutating func location(at offset: Int) -> SourceLocation {
        while cursor < offset {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") {
                cursorLine += 1
                cursorColumn = 1
            } else if byte & 0xC0 != 0x80 {
                cursorColumn += 1
            }
            cursor += 1
        }
        return SourceLocation(line: cursorLine, column: cursorColumn)
    }

    private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset + pattern.count <= bytes.count else { return false }
        for (index, byte) in pattern.enumerated() where bytes[offset + index] != byte {
            return false
        }
        return true
    }

    private func firstOffset(of pattern: [UInt8], in range: Range<Int>) -> Int? {
        guard let first = pattern.first, range.count >= pattern.count else { return nil }
        var offset = range.lowerBound
        while offset + pattern.count <= range.upperBound {
            if bytes[offset] == first, matches(pattern, at: offset) { return offset }
            offset += 1
        }
        return nil
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
