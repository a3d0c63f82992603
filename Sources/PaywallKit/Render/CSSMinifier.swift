/// Drops comments and needless white space from the theme's stylesheet, so pages stay light.
enum CSSMinifier {
    /// Works on UTF-8 bytes: everything it looks for is ASCII, and other bytes are copied as they are.
    static func minify(_ css: String) -> String {
        let bytes = Array(css.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        var pendingSpace = false
        var quote: UInt8?
        var previous = UInt8(ascii: " ")
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                output.append(byte)
                if byte == open { quote = nil }
                continue
            }
            if byte == UInt8(ascii: "/"), index < bytes.count, bytes[index] == UInt8(ascii: "*") {
                index += 1
                var last = UInt8(ascii: " ")
                while index < bytes.count {
                    let inner = bytes[index]
                    index += 1
                    if last == UInt8(ascii: "*") && inner == UInt8(ascii: "/") { break }
                    last = inner
                }
                continue
            }
            if isSpace(byte) { pendingSpace = true; continue }
            if pendingSpace, !endsSpace(previous), previous != UInt8(ascii: ":"), !endsSpace(byte) {
                output.append(UInt8(ascii: " "))
            }
            pendingSpace = false
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
            output.append(byte)
            previous = byte
        }
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// CSS white space: space, tab, line feed, carriage return, form feed.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    /// A byte no space is needed beside: `{ } ; , >` (and after a `:`).
    private static func endsSpace(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: ">"): true
        default: false
        }
    }
}
