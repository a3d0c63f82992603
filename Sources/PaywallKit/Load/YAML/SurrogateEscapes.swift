/// `\uXXXX` escapes of UTF-16 surrogates, which JSON writers use for characters beyond U+FFFF
/// (Python's `json.dumps` writes 😀 as `"\ud83d\ude00"`) and libyaml rejects.
///
/// One pass over the bytes finds every `\u` escape of a surrogate (not one whose backslash is itself
/// escaped, `\\ud83d`). Only libyaml knows which are inside double-quoted scalars (elsewhere `\u` is
/// text), so `YAML` first parses a copy with their digits made harmless (`neutralized`), which keeps
/// every length and so every place, and collects where its double-quoted scalars are. `rewritten` then
/// turns each pair inside one into the 8-digit escape libyaml reads (`\U0001F600`, 2 characters
/// shorter), and rejects a lone half; `ColumnMap` gives later columns on the line back their 2.
struct SurrogateEscapes {
    /// One escape of a surrogate: where its backslash is, in bytes and as libyaml counts.
    struct Escape {
        var offset: Int
        /// Characters before it (libyaml's `index`: a CRLF is 2, a byte order mark 1).
        var index: Int
        /// 0-based, as libyaml counts them (breaks: LF, CR, CRLF, NEL, LS, PS).
        var line: Int
        var column: Int
        var value: UInt32

        var isHigh: Bool { value < 0xDC00 }
    }

    private(set) var escapes: [Escape] = []

    init(scanning bytes: [UInt8]) {
        var index = 0, line = 0, column = 0, backslashes = 0
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\\") {
                backslashes += 1
                if backslashes % 2 == 1, let value = Self.surrogate(in: bytes, at: offset) {
                    escapes.append(Escape(offset: offset, index: index, line: line, column: column, value: value))
                }
            } else {
                backslashes = 0
            }
            // Characters and line breaks, counted as libyaml counts them.
            if byte == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A {
                index += 1; column += 1   // the CR of a CRLF; its LF ends the line
            } else if byte == 0x0A || byte == 0x0D {
                index += 1; line += 1; column = 0
            } else if byte & 0xC0 != 0x80 {
                let isBreak = (byte == 0xC2 && offset + 1 < bytes.count && bytes[offset + 1] == 0x85)
                    || (byte == 0xE2 && offset + 2 < bytes.count && bytes[offset + 1] == 0x80
                        && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9))
                index += 1
                if isBreak { line += 1; column = 0 } else { column += 1 }
            }
            offset += 1
        }
    }

    /// The surrogate that `\uXXXX` at `offset` escapes, if it is one.
    private static func surrogate(in bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset + 5 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for byte in bytes[(offset + 2)...(offset + 5)] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        return (0xD800...0xDFFF).contains(value) ? value : nil
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// `bytes` with each escape's digits replaced by `0041`: the same length and structure, and valid.
    func neutralized(_ bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        for escape in escapes {
            copy.replaceSubrange((escape.offset + 2)...(escape.offset + 5), with: "0041".utf8)
        }
        return copy
    }

    /// `bytes` with each pair inside `quoted` (double-quoted scalars' character ranges, in order)
    /// written as one `\UXXXXXXXX` escape; a lone surrogate there is an error at its backslash.
    func rewritten(_ bytes: [UInt8], inside quoted: [Range<Int>], file: String,
                   lineOffset: Int) throws(Diagnostic) -> (bytes: [UInt8], columns: ColumnMap) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var columns = ColumnMap()
        var copied = 0, range = 0, next = 0
        while next < escapes.count {
            let escape = escapes[next]
            next += 1
            while range < quoted.count && quoted[range].upperBound <= escape.index { range += 1 }
            guard range < quoted.count, quoted[range].contains(escape.index) else { continue }
            guard escape.isHigh, next < escapes.count, escapes[next].offset == escape.offset + 6,
                  !escapes[next].isHigh else {
                let spelling = String(decoding: bytes[escape.offset..<(escape.offset + 6)], as: UTF8.self)
                let half = escape.isHigh ? "a high surrogate not followed by a low one"
                                         : "a low surrogate not preceded by a high one"
                throw .error(SourceLocation(file: file, line: escape.line + 1 + lineOffset, column: escape.column + 1),
                             "the escape '\(spelling)' is half of a UTF-16 surrogate pair (\(half)), not a character",
                             hint: "write the character itself, or a valid surrogate pair")
            }
            let low = escapes[next]
            next += 1
            let scalar = 0x10000 + ((escape.value - 0xD800) << 10) + (low.value - 0xDC00)
            output.append(contentsOf: bytes[copied..<escape.offset])
            output.append(contentsOf: "\\U".utf8)
            let hex = String(scalar, radix: 16, uppercase: true)
            output.append(contentsOf: (String(repeating: "0", count: 8 - hex.count) + hex).utf8)
            copied = escape.offset + 12
            columns.add(line: escape.line, column: escape.column)
        }
        guard copied > 0 else { return (bytes, columns) }
        output.append(contentsOf: bytes[copied...])
        return (output, columns)
    }
}

/// Turns a column libyaml reports in rewritten text back into the column in the file.
struct ColumnMap {
    /// Per 0-based line, where each shortened escape starts in the rewritten text, in order.
    private var starts: [Int: [Int]] = [:]

    /// Records a 12-character pair at `column` of the original `line` rewritten as 10 characters.
    mutating func add(line: Int, column: Int) {
        let earlier = starts[line, default: []].count
        starts[line, default: []].append(column - 2 * earlier)
    }

    /// The original column of 0-based `column` on 0-based `line`: 2 more for each escape that starts before it.
    func original(line: Int, column: Int) -> Int {
        guard let list = starts[line] else { return column }
        var low = 0, high = list.count   // the count of starts below `column`, by binary search
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < column { low = middle + 1 } else { high = middle }
        }
        return column + 2 * low
    }
}
