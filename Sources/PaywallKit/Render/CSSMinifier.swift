/// Drops comments and needless white space from the theme's stylesheet, so pages stay light.
enum CSSMinifier {
    /// Works on UTF-8 bytes: everything it looks for is ASCII, and other bytes are copied as they are.
    static func minify(_ css: String) -> String {
        let bytes = Array(css.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        let spaces: Set<UInt8> = [0x20, 0x0A, 0x09, 0x0D, 0x0C]
        let noSpaceAfter = Array("{};,>:".utf8), noSpaceBefore = Array("{};,>".utf8)
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
            if spaces.contains(byte) { pendingSpace = true; continue }
            if pendingSpace, !noSpaceAfter.contains(previous), !noSpaceBefore.contains(byte) {
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
}
