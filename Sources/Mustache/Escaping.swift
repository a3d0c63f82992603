/// Appends `text` to `output`, replacing `& < > " '` with HTML entities (`'` kept as it is when `apostrophe` is
/// false). The one HTML escaper of the project: templates, pages' own markup and Markdown table cells all use it.
func appendHTMLEscaped(_ text: String, to output: inout [UInt8], apostrophe: Bool = true) {
    var text = text
    text.withUTF8 { bytes in
        var pending = 0
        for (index, byte) in bytes.enumerated() {
            let entity: StaticString
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'") where apostrophe: entity = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pending..<index]))
            output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            pending = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pending...]))
    }
}

/// Appends the UTF-8 of `text` to `output`.
func appendUTF8(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
}

/// `text` with `& < > " '` replaced by HTML entities, for text and attribute values. `apostrophe: false` leaves
/// `'` as it is, as cmark's HTML renderer does in text (so that text escaped here reads byte for byte as cmark's).
public func htmlEscaped(_ text: String, apostrophe: Bool = true) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count + 16)
    appendHTMLEscaped(text, to: &output, apostrophe: apostrophe)
    return String(decoding: output, as: UTF8.self)
}
