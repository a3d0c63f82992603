/// Text from inputs (a path, a product ID, a carry name…) made fit for one line of a log: a CI log reads a line that
/// starts with `::` as a workflow command (`::add-mask::`, `::stop-commands::`, `::error`), and a terminal acts on
/// ESC and the other control characters. So each of them prints as an escape, and no line starts with `::`.
public enum LogText {
    /// `text` with control characters (C0, DEL, C1), line and paragraph separators and bidirectional controls
    /// written as escapes: `\n`, `\r`, `\t`, else `\u{1B}`. Text without any is returned as it is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// One line of a log: `escaped`, and a line starting with `::` starts with `./::` instead (it is a path there:
    /// a diagnostic's line starts with its file).
    public static func line(_ text: String) -> String {
        let line = escaped(text)
        return line.hasPrefix("::") ? "./" + line : line
    }

    /// Whether a terminal or a log reader may act on `scalar` rather than show it.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0...0x1F, 0x7F...0x9F: true                       // C0, DEL, C1 (U+009B is CSI, U+0085 a line break)
        case 0x2028, 0x2029: true                              // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true   // bidirectional controls
        default: false
        }
    }
}
