/// Catalog text that reaches a page (display names, descriptions, reference names, group names, policy text)
/// holds no control character: NUL, BEL, ESC and the other C0 controls, DEL and the C1 controls are errors at
/// their value's place. Text of several lines (descriptions, policy text) may hold tabs and line breaks.
extension YAMLNode {
    /// The string value, checked as catalog text; `lines`: tabs and line breaks are allowed.
    func catalogText(_ what: String, lines: Bool = false) throws(Diagnostic) -> String {
        let text = try string(what)
        guard let bad = text.unicodeScalars.first(where: { Self.isControl($0, lines: lines) }) else { return text }
        let code = "U+" + String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
        let name = Self.controlNames[bad.value].map { "\(code) (\($0))" } ?? code
        let hint = bad == "\n" || bad == "\t" || bad == "\r"
            ? "write \(what) on one line, without tabs (a description may have several lines)"
            : "delete it (an escape such as \\u\(code.dropFirst(2)) or \\e in the file); a page cannot show it"
        throw .error(location, "\(what) has the control character \(name)", hint: hint)
    }

    static func isControl(_ scalar: Unicode.Scalar, lines: Bool) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: !lines
        case 0x00..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }

    static let controlNames: [UInt32: String] = [0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x09: "tab", 0x0A: "line feed",
                                                  0x0D: "carriage return", 0x1B: "ESC", 0x7F: "DEL", 0x85: "NEL",
                                                  0x9B: "CSI"]
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
