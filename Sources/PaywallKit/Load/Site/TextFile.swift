#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A site's text file as the build reads it: UTF-8 without a byte-order mark, lines ending in "\n" (CRLF and a
/// lone CR become LF, so templates and pages written on any system read alike), and no NUL or other control
/// characters. A file that is not such text is an error at the line and column of the first bad byte.
enum TextFile {
    static func decode(_ data: Data, path: String) -> Result<String, Diagnostic> {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let bad = firstProblem(bytes) {
            return .failure(.error(location(of: bad.offset, in: bytes, path: path), bad.message, hint: bad.hint))
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if bytes.contains(UInt8(ascii: "\r")) {
            text = text.replacingEvery("\r\n", with: "\n").replacingEvery("\r", with: "\n")
        }
        return .success(text)
    }

    /// The offset of the first byte that is not UTF-8, or that is a control character other than tab and line ends.
    static func firstProblem(_ bytes: [UInt8]) -> (offset: Int, message: String, hint: String)? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D || byte == 0x7F {
                    let name = byte == 0 ? "a NUL byte" : "the control character U+" + TextFormat.hex(byte)
                    return (index, "the file has \(name)", "delete it; text files hold no control characters")
                }
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            guard length > 0, index + length <= bytes.count,
                  String(validating: bytes[index..<index + length], as: UTF8.self) != nil else {
                return (index, "the file is not UTF-8 text", "save it as UTF-8")
            }
            index += length
        }
        return nil
    }

    /// The 1-based line and column (in characters) of a byte offset.
    static func location(of offset: Int, in bytes: [UInt8], path: String) -> SourceLocation {
        let before = bytes[..<offset]
        let lineStart = before.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }).map { $0 + 1 } ?? 0
        var line = 1
        for (index, byte) in before.enumerated()
        where byte == 0x0A || byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A) {
            line += 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return SourceLocation(file: path, line: line, column: column)
    }
}
