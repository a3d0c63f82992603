#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A small JSON reader for the manifest, read in one pass: objects member by member, arrays item by item,
/// strings; other values are skipped.
struct JSONReader {
    struct Failure: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Objects and arrays open around the reader; a document nested deeper is refused.
    private var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool {
        mutating get { skipSpace(); return index == bytes.count }
    }

    mutating func skipSpace() {
        while index < bytes.count,
              bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// Reads `open`, then calls `item` for each item until `close` (items separated by commas).
    private mutating func sequence(_ open: UInt8, _ close: UInt8,
                                   _ item: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        skipSpace()
        guard index < bytes.count, bytes[index] == open, depth < 32 else { throw Failure() }
        index += 1
        depth += 1
        defer { depth -= 1 }
        skipSpace()
        if index < bytes.count, bytes[index] == close { index += 1; return }
        while true {
            try item(&self)
            skipSpace()
            guard index < bytes.count else { throw Failure() }
            index += 1
            if bytes[index - 1] == close { return }
            guard bytes[index - 1] == UInt8(ascii: ",") else { throw Failure() }
        }
    }

    /// An object: `member` is called with each name and must read the value.
    mutating func object(_ member: (inout JSONReader, String) throws(Failure) -> Void) throws(Failure) {
        try sequence(UInt8(ascii: "{"), UInt8(ascii: "}")) { (reader: inout JSONReader) throws(Failure) in
            let name = try reader.string()
            reader.skipSpace()
            guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: ":")
            else { throw Failure() }
            reader.index += 1
            try member(&reader, name)
        }
    }

    /// An array: `item` is called for each item and must read it.
    mutating func array(_ item: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        try sequence(UInt8(ascii: "["), UInt8(ascii: "]"), item)
    }

    /// Whether the next value is `null`, which is read.
    mutating func isNull() -> Bool {
        skipSpace()
        guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    /// Any value, read and dropped.
    mutating func skipValue() throws(Failure) {
        skipSpace()
        guard index < bytes.count else { throw Failure() }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object { (reader: inout JSONReader, _: String) throws(Failure) in
            try reader.skipValue()
        }
        case UInt8(ascii: "["): try array { (reader: inout JSONReader) throws(Failure) in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        default:
            // true, false, null and numbers.
            while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
        }
    }

    mutating func string() throws(Failure) -> String {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Failure() }
        index += 1
        // Most strings have no escapes: read them in one piece.
        if let end = bytes[index...].firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }),
           bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        }
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw Failure() }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    else { throw Failure() }
                    index += 4
                    out += Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
                default: out.append(escape)
                }
            default:
                out.append(byte)
            }
        }
        throw Failure()
    }
}
