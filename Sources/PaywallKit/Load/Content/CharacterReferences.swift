/// Character references in an attribute value, decoded as a browser decodes them (the HTML standard, §13.2.5.72–80),
/// so that an encoded scheme or slash (`javascript&#58alert(1)`, `/&#47evil.example`) is seen by the link check.
enum CharacterReferences {
    /// `value` (an attribute's text between its quotes) as the attribute's value: numeric references with or without
    /// `;`, named ones with `;`, and legacy named ones without `;` unless `=` or a letter or digit follows.
    static func decodeAttribute(_ value: String) -> String {
        guard value.containsText("&") else { return value }
        let scalars = Array(value.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "&" else {
                result.append(scalars[index])
                index += 1
                continue
            }
            let isNumeric = scalars[safe: index + 1] == "#"
            let (text, end) = isNumeric ? numeric(scalars, from: index) : named(scalars, from: index)
            result.append(contentsOf: text.unicodeScalars)
            index = end
        }
        return String(result)
    }

    /// The reference at `start` (`&#…`), and the index after it; `&#` without digits is text.
    private static func numeric(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int) {
        var index = start + 2
        let isHex = scalars[safe: index] == "x" || scalars[safe: index] == "X"
        if isHex { index += 1 }
        let radix: UInt32 = isHex ? 16 : 10
        let digitsStart = index
        var value: UInt32 = 0
        while let scalar = scalars[safe: index], let digit = digitValue(scalar, radix: radix) {
            value = min(value * radix + digit, 0x110000)   // anything above U+10FFFF is out of range alike
            index += 1
        }
        guard index > digitsStart else { return (String(String.UnicodeScalarView(scalars[start..<index])), index) }
        if scalars[safe: index] == ";" { index += 1 }
        return (String(codePoint(value)), index)
    }

    /// The character a numeric reference stands for: U+FFFD for zero, surrogates and values above U+10FFFF, the
    /// Windows-1252 character for 0x80–0x9F where it has one, else the code point itself.
    static func codePoint(_ value: UInt32) -> Unicode.Scalar {
        if let remapped = windows1252[value] { return Unicode.Scalar(remapped)! }
        return value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// The reference at `start` (`&name…`), and the index after what it consumed; no name is text (`&` alone).
    private static func named(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int) {
        var end = start + 1
        while end < scalars.count, end - start <= HTMLEntities.longestName, isAlphanumeric(scalars[end]) { end += 1 }
        let run = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        if scalars[safe: end] == ";", let text = HTMLEntities.table[run] { return (text, end + 1) }
        // Without `;`, the longest legacy name the letters start with; an attribute keeps it as text when `=` or a
        // letter or digit follows (`?a=1&copy=2` stays as written).
        for length in stride(from: run.unicodeScalars.count, to: 0, by: -1) {
            let name = String(String.UnicodeScalarView(scalars[(start + 1)..<(start + 1 + length)]))
            guard HTMLEntities.legacy.contains(name), let text = HTMLEntities.table[name] else { continue }
            let next = scalars[safe: start + 1 + length]
            if next == "=" || next.map(isAlphanumeric) == true { break }
            return (text, start + 1 + length)
        }
        return ("&", start + 1)
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
    }

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        guard scalar.isASCII, let digit = UInt32(String(scalar), radix: Int(radix)) else { return nil }
        return digit
    }

    /// The standard's table for numeric references to 0x80–0x9F (read as Windows-1252).
    static let windows1252: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
        0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
        0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]
}

private extension Array {
    subscript(safe index: Int) -> Element? { index < count ? self[index] : nil }
}
