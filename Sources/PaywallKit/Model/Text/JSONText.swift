#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JSON text for the manifest and the schemas.
enum JSONText {
    /// A JSON string literal (paths and IDs are plain; quotes, backslashes and control characters are escaped).
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        // The bytes in place when the string has them contiguous (a manifest is thousands of short strings).
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if plain != true { out.append(contentsOf: quoted(text).utf8) }
    }

    static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            // Most text needs no escape: its bytes between quotes, written once into the new string.
            var text = text
            return text.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count + 2) { buffer in
                    buffer[0] = UInt8(ascii: "\"")
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(from: bytes)
                    buffer[bytes.count + 1] = UInt8(ascii: "\"")
                    return bytes.count + 2
                }
            }
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20: out += "\\u" + TextFormat.hex(scalar.value, uppercase: false)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
