/// Escapes a placeholder's value for Markdown source, not HTML alone (cmark renders the result): the ASCII
/// punctuation Markdown reads (so "*" or "[x](y)" stays text; ":" and "@" too, so no autolink starts) and
/// `& < > " '` become numeric character references. Markdown reads a reference as text and a browser as its
/// character, so a value is right in a paragraph and in a raw HTML block alike, where a backslash escape stayed
/// ("$39\.99"). A point between digits, which starts no Markdown, stays as it is: a price reads the same in code.
enum MarkdownEscaping {
    /// Whether each ASCII byte is written as a reference.
    static let escaped: [Bool] = (0..<128).map { "\\`*_[]()#+-.!|~{}:@&<>\"'".utf8.contains(UInt8($0)) }

    @Sendable static func escape(_ text: String) -> String {
        let bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { bytes.indices.contains(index) && (0x30...0x39).contains(bytes[index]) }
        func escapes(_ index: Int) -> Bool {
            let byte = bytes[index]
            return byte < 0x80 && escaped[Int(byte)] && !(byte == UInt8(ascii: ".") && isDigit(index - 1)
                                                            && isDigit(index + 1))
        }
        guard bytes.indices.contains(where: escapes) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 32)
        // Every escaped character is ASCII: the bytes of any other character pass as they are.
        for index in bytes.indices {
            if escapes(index) { result += "&#\(bytes[index]);".utf8 } else { result.append(bytes[index]) }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `escape`, between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.
    @Sendable static func escapeIsolated(_ text: String) -> String {
        "\u{2068}" + escape(text) + "\u{2069}"
    }
}
